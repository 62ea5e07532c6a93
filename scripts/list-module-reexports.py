#!/usr/bin/python3
"""Lists the modules and builtins that CPython's standard library modules hold
as attributes under another name, as the C++ table the resolver canonicalises
qualified names with (analyzer/model/module_reexports.inc).

Why: allowing a module must not grant the modules it imported. `pathlib.os` is
the module `os` and `enum.bltns` is `builtins`, so `pathlib.os.system('id')` is
`os.system('id')` and `enum.bltns.eval(s)` is `eval(s)`; the rules' tables name
`os.system` and `builtins.eval`, and only the canonical name meets them.

Run with Debian 12's /usr/bin/python3 (CPython 3.11), which the catalogue
targets (the script restarts itself under -I -S, so that no site hook changes
what the standard library holds):
    scripts/list-module-reexports.py > analyzer/model/module_reexports.inc
    scripts/list-module-reexports.py --check analyzer/model/module_reexports.inc

Debian 12's point releases of python3.11 differ: a security fix can make a
module import another. The table serves every one of them, so it is what this
CPython holds plus the rows of other point releases listed in
OTHER_POINT_RELEASES; generate it on the newest point release, and list there
any row an older one lacks.

--check (a test of the suite runs it) is strict in the direction that would
let code through, and only there. It fails when the table lacks an attribute
this CPython holds as a module or builtin, or names another target for it:
the resolver would not see `pathlib.os.system` as `os.system`. A row this
CPython does not hold is harmless when the attribute does not exist here (a
use of it raises AttributeError before anything runs) or is listed in
OTHER_POINT_RELEASES (known to hold something else here, named in the reason);
any other extra row fails, since the resolver would rename a real attribute.
It exits 1 and names each difference.

Every standard-library module is imported in this process, except those that
act when imported (antigravity opens a browser, this prints) or need a display
(tkinter, idlelib, turtle), the test packages, Windows-only modules and
distutils (see SKIPPED).
"""
import builtins
import contextlib
import importlib
import io
import os
import pkgutil
import re
import sys
import types
import warnings

# Not imported: they act on import, need a display, are tests, or are not for
# Linux; and distutils, which Debian splits between libpython3.11-stdlib and
# python3-distutils (not always installed), so that the table is the same on
# every Debian 12 machine.
SKIPPED = {
    "__main__", "antigravity", "this", "idlelib", "tkinter", "turtle", "turtledemo", "test", "lib2to3",
    "ensurepip", "venv", "pydoc_data", "msilib", "winreg", "winsound", "_winapi", "msvcrt", "nt", "_msi",
    "_overlapped", "_wmi", "asyncio.windows_events", "asyncio.windows_utils", "distutils",
}


# Rows of another Debian 12 point release that this CPython may not hold, with
# what that release changed and what the attribute is where it is missing.
OTHER_POINT_RELEASES = {
    "stringprep.unicodedata": (
        "unicodedata",
        "3.11.2-6+deb12u9 (CVE-2026-17084) made stringprep `import unicodedata`; earlier releases bind the name "
        "to unicodedata.ucd_3_2_0, an object with the module's lookup functions and nothing more",
    ),
}


def skipped(name):
    if name.split(".")[0] not in sys.stdlib_module_names:  # setuptools' distutils hook imports itself
        return True
    return any(name == s or name.startswith(s + ".") for s in SKIPPED) or name.split(".")[-1] in ("test", "tests")


def import_quietly(name):
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return importlib.import_module(name)
    except BaseException:  # a module this machine cannot import (a missing C library) holds nothing to list
        return None


def standard_modules():
    modules = {}
    queue = sorted(sys.stdlib_module_names)
    while queue:
        name = queue.pop(0)
        if name in modules or skipped(name):
            continue
        module = import_quietly(name)
        modules[name] = module
        if module is not None and hasattr(module, "__path__"):
            queue.extend(info.name for info in pkgutil.iter_modules(module.__path__, name + "."))
    found = {name: module for name, module in modules.items() if module is not None}
    # Modules importable under a name not their own: `os.path` is posixpath,
    # so `os.path.os` is listed as well as `posixpath.os`.
    for name, module in list(sys.modules.items()):
        if isinstance(module, types.ModuleType) and name not in found and not skipped(name):
            found[name] = module
    return found


def reexports(modules):
    builtin_functions = {id(value): name for name, value in vars(builtins).items()
                         if callable(value) and not isinstance(value, type)}
    rows = {}
    for name, module in modules.items():
        for attribute, value in vars(module).items():
            path = f"{name}.{attribute}"
            if isinstance(value, types.ModuleType):
                # A submodule under its own name is no alias; nor is os.path,
                # which `import os.path` imports under that name.
                if value.__name__ != path and sys.modules.get(path) is not value:
                    rows[path] = value.__name__
            elif id(value) in builtin_functions and name != "builtins":
                rows[path] = "builtins." + builtin_functions[id(value)]
    return rows


def render(rows, top_level):
    version = sys.version.split()[0]
    lines = [
        f"// Generated by scripts/list-module-reexports.py from CPython {version}; do not edit.",
        "// A standard-library module's attribute that is another module or a builtin function:",
        "// the attribute's path, then what it is.",
        f"constexpr std::array<ModuleReexport, {len(rows)}> k_module_reexports = {{{{",
    ]
    lines += [f'    {{"{path}", "{target}"}},' for path, target in sorted(rows.items())]
    lines += ["}};", "// The standard library's top-level module names (sys.stdlib_module_names).",
              f"constexpr std::array<std::string_view, {len(top_level)}> k_standard_top_level = {{"]
    lines += [f'    "{name}",' for name in top_level]
    lines += ["};"]
    return "\n".join(lines) + "\n"


def with_other_point_releases(rows):
    table = dict(rows)
    for path, (target, reason) in OTHER_POINT_RELEASES.items():
        if table.setdefault(path, target) != target:
            sys.exit(f"list-module-reexports.py: {path} is {rows[path]} here, not {target} ({reason})")
    return table


def parse(text):
    rows = dict(re.findall(r'^    \{"([^"]+)", "([^"]+)"\},$', text, re.MULTILINE))
    top_level = re.findall(r'^    "([^"]+)",$', text, re.MULTILINE)
    return rows, top_level


def holds_attribute(modules, path):
    module_name, _, attribute = path.rpartition(".")
    module = modules.get(module_name)
    return module is not None and hasattr(module, attribute)


def check(path, modules, rows):
    """Prints what the table covers; returns the problems that could let code through."""
    with open(path, encoding="utf-8") as file:
        text = file.read()
    table, top_level = parse(text)
    problems = []
    if render(table, top_level) != text:
        problems.append(f"{path} is not in the generated form (edited by hand?): regenerate it")
    if top_level != sorted(sys.stdlib_module_names):
        problems.append("the standard library's top-level names are not sys.stdlib_module_names")
    for name, target in sorted(rows.items()):
        if name not in table:
            problems.append(f"missing: {name} is {target} in this CPython; an alias through it would go unseen")
        elif table[name] != target:
            problems.append(f"wrong: {name} is {target} in this CPython, the table says {table[name]}")
    for name, target in sorted(table.items()):
        if name in rows:
            continue
        if name in OTHER_POINT_RELEASES and OTHER_POINT_RELEASES[name][0] == target:
            print(f"kept: {name} -> {target}, of another point release: {OTHER_POINT_RELEASES[name][1]}")
        elif not holds_attribute(modules, name):
            print(f"kept: {name} -> {target}, which this CPython does not hold (a use of it fails here)")
        else:
            problems.append(f"extra: {name} is no {target} in this CPython, yet the table renames it; "
                            "list it in OTHER_POINT_RELEASES with the reason, or regenerate")
    if not problems:
        held = sum(1 for name in table if rows.get(name) == table[name])
        print(f"{path}: {held} of {len(table)} rows are what CPython {sys.version.split()[0]} "
              f"({sys.executable}) holds, and it holds none the table lacks")
    return problems


def main():
    if not (sys.flags.isolated and sys.flags.no_site):
        # Without -S, setuptools' .pth hook puts its own distutils in place of the standard library's.
        os.execv(sys.executable, [sys.executable, "-I", "-S", os.path.abspath(__file__), *sys.argv[1:]])
    warnings.simplefilter("ignore")
    if sys.version_info[:2] != (3, 11):
        sys.exit(f"list-module-reexports.py: needs CPython 3.11 (Debian 12's /usr/bin/python3), not {sys.version}")
    modules = standard_modules()
    rows = reexports(modules)
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        problems = check(sys.argv[2], modules, rows)
        if problems:
            print("\n".join(problems))
            sys.exit(f"{sys.argv[2]} does not serve this CPython: regenerate it with this script "
                     "(on the newest Debian 12 point release, after `apt-get install --only-upgrade "
                     "libpython3.11-stdlib`)")
    elif len(sys.argv) == 1:
        sys.stdout.write(render(with_other_point_releases(rows), sorted(sys.stdlib_module_names)))
    else:
        sys.exit("usage: list-module-reexports.py [--check FILE]")


if __name__ == "__main__":
    main()
