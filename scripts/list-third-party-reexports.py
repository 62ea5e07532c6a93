#!/usr/bin/python3
"""Lists what the third-party packages the built-in profiles allow hold as
attributes under another name, as the C++ table the resolver canonicalises
qualified names with (analyzer/third_party_reexports.inc).

Why: allowing a package must not grant what it imported. `seaborn.axisgrid.pd`
is pandas, so `seaborn.axisgrid.pd.read_pickle(p)` is `pandas.read_pickle(p)`;
`seaborn.utils.urlopen` is `urllib.request.urlopen`; `scipy.io.wavfile.io` is
the module io. The rules' tables name the canonical names only.

Rows: an attribute of a public module of a listed package (every attribute,
private names too) that is
- a module held under another name than its own (`seaborn.axisgrid.mpl` is
  `matplotlib`);
- a builtin function (`builtins.open`);
- a function or class of the standard library, named where the standard
  library defines it publicly (`urllib.request.urlopen`);
- a function or class of another listed package, named by the shortest public
  path that package holds it at (`scipy.misc.common.load` is `numpy.load`).
Aliases inside one package (`numpy.lib.npyio.load`) are not rows: the rules'
tables name them (tests/tools/allowed_callables_check.py sees that they do).

Run with Debian 12's /usr/bin/python3 and the packages of bootstrap.sh
(python3-numpy, -pandas, -matplotlib, -scipy, -seaborn):
    scripts/list-third-party-reexports.py > analyzer/third_party_reexports.inc
    scripts/list-third-party-reexports.py --check analyzer/third_party_reexports.inc

--check (a test of the suite runs it) fails when the table lacks a row the
installed packages hold, or names another target for it: an alias through it
would go unseen. A row the installed packages do not hold is kept (another
version's; renaming an attribute that does not exist changes nothing, a use of
it raises AttributeError). A package that is not installed fails the check:
nothing could be compared.
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

# The third-party packages a built-in profile allows (profiles/*.toml).
PACKAGES = ("numpy", "pandas", "matplotlib", "mpl_toolkits", "seaborn", "scipy")
# Not imported: test suites (tests/allowed_callables_check.py walks the same modules).
SKIPPED_SEGMENTS = {"tests", "conftest", "setup", "_pyinstaller"}


def public_module_names(root):
    package = import_quietly(root)
    if package is None:
        sys.exit(f"list-third-party-reexports.py: {root} is not installed (bootstrap.sh installs it)")
    names = [root]
    for info in pkgutil.walk_packages(getattr(package, "__path__", []), root + ".", onerror=lambda name: None):
        parts = info.name.split(".")[1:]
        if any(p.startswith("_") or p in SKIPPED_SEGMENTS for p in parts):
            continue
        names.append(info.name)
    return names


def import_quietly(name):
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return importlib.import_module(name)
    except BaseException:  # a module that needs what is not installed holds nothing anyone can reach
        return None


def standard_name(value):
    """Where the standard library publicly defines `value`, or None."""
    module_name = getattr(value, "__module__", None)
    qualname = getattr(value, "__qualname__", None)
    if not isinstance(module_name, str) or not isinstance(qualname, str) or "<" in qualname:
        return None
    if module_name.split(".")[0] not in sys.stdlib_module_names:
        return None
    candidates = [module_name]
    if module_name.startswith("_"):  # `_io.BytesIO` is `io.BytesIO`, `_functools.reduce` is `functools.reduce`
        candidates.insert(0, module_name.lstrip("_"))
    for candidate in candidates:
        module = sys.modules.get(candidate) or import_quietly(candidate)
        held = module
        for part in qualname.split("."):
            held = getattr(held, part, None)
        if held is value:
            return f"{candidate}.{qualname}"
    return None


def attributes(module):
    """What a module holds, as `getattr` sees it: deprecated shims (`scipy.misc.common`) hold their names
    behind a module `__getattr__` that only `dir` lists."""
    names = set(vars(module)) | set(dir(module))
    for attribute in sorted(names):
        try:
            yield attribute, getattr(module, attribute)
        except BaseException:
            continue


def home_root(value):
    module_name = getattr(value, "__module__", None)
    return module_name.split(".")[0] if isinstance(module_name, str) else None


def shortest_public_paths(modules):
    """Each listed package's callables by identity, with the shortest public path it holds them at."""
    paths = {}
    for name, module in modules:
        root = name.split(".")[0]
        for attribute, value in attributes(module):
            if attribute.startswith("_") or not callable(value) or home_root(value) != root:
                continue
            path = f"{name}.{attribute}"
            best = paths.get(id(value))
            if best is None or (path.count("."), path) < (best[1].count("."), best[1]):
                paths[id(value)] = (value, path)
    return {key: path for key, (value, path) in paths.items()}


def reexports():
    builtin_functions = {id(value): name for name, value in vars(builtins).items()
                         if callable(value) and not isinstance(value, type)}
    modules = [(name, module) for root in PACKAGES for name in public_module_names(root)
               if (module := import_quietly(name)) is not None]
    packaged = shortest_public_paths(modules)
    rows = {}
    for name, module in modules:
            root = name.split(".")[0]
            for attribute, value in attributes(module):
                path = f"{name}.{attribute}"
                if isinstance(value, types.ModuleType):
                    if value.__name__ != path and sys.modules.get(path) is not value:
                        rows[path] = value.__name__
                elif id(value) in builtin_functions:
                    rows[path] = "builtins." + builtin_functions[id(value)]
                elif callable(value):
                    if home_root(value) in PACKAGES and home_root(value) != root:
                        target = packaged.get(id(value))
                    else:
                        target = standard_name(value)
                    if target is not None and target != path:
                        rows[path] = target
    return rows


def versions():
    return ", ".join(f"{root} {sys.modules[root].__version__}" for root in PACKAGES
                     if hasattr(sys.modules.get(root), "__version__"))


def render(rows, described):
    lines = [
        f"// Generated by scripts/list-third-party-reexports.py from {described}; do not edit.",
        "// An attribute of an allowed third-party package that is a module under another name, a builtin",
        "// function or a standard-library function or class: the attribute's path, then what it is.",
        f"constexpr std::array<ModuleReexport, {len(rows)}> k_third_party_reexports = {{{{",
    ]
    lines += [f'    {{"{path}", "{target}"}},' for path, target in sorted(rows.items())]
    lines += ["}};"]
    return "\n".join(lines) + "\n"


def holds_attribute(path):
    module_name, _, attribute = path.rpartition(".")
    module = sys.modules.get(module_name)
    return module is not None and hasattr(module, attribute)


def check(path, rows):
    with open(path, encoding="utf-8") as file:
        text = file.read()
    table = dict(re.findall(r'^    \{"([^"]+)", "([^"]+)"\},$', text, re.MULTILINE))
    problems = []
    for name, target in sorted(rows.items()):
        if name not in table:
            problems.append(f"missing: {name} is {target} here; an alias through it would go unseen")
        elif table[name] != target:
            problems.append(f"wrong: {name} is {target} here, the table says {table[name]}")
    for name, target in sorted(table.items()):
        if name not in rows and holds_attribute(name):
            problems.append(f"extra: {name} is no {target} here, yet the table renames it; regenerate")
    if not problems:
        kept = sum(1 for name in table if name not in rows)
        print(f"{path}: every one of the {len(rows)} re-exports of {versions()} is listed "
              f"({kept} rows of other versions kept)")
    return problems


def main():
    warnings.simplefilter("ignore")
    os.environ.setdefault("MPLBACKEND", "Agg")
    rows = reexports()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        problems = check(sys.argv[2], rows)
        if problems:
            print("\n".join(problems))
            sys.exit(f"{sys.argv[2]} does not serve the installed packages: regenerate it with this script")
    elif len(sys.argv) == 1:
        sys.stdout.write(render(rows, versions()))
    else:
        sys.exit("usage: list-third-party-reexports.py [--check FILE]")


if __name__ == "__main__":
    main()
