#!/usr/bin/python3
"""Lists what the third-party packages the built-in profiles allow hold as
attributes under another name, as the C++ table the resolver canonicalises
qualified names with (analyzer/model/third_party_reexports.inc).

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

What a name is depends on what else is installed, and the table serves every
machine: it is the union of the rows of each configuration a Debian 12 with
these packages can have, each listed in a process of its own:
- setuptools' `distutils`: with python3-setuptools installed, `distutils` is
  its copy (SETUPTOOLS_USE_DISTUTILS=local, the default) or the standard
  library's (=stdlib); without it, the standard library's, and nothing can
  import setuptools (`numpy.distutils.core.old_setup` is then
  `distutils.core.setup`);
- the optional packages in OPTIONAL, which the allowed packages import where
  they are installed (python3-ipykernel makes
  `matplotlib.backends.backend_nbagg` importable): all of them, or none.
A package this machine has is taken away for a configuration by a finder
that answers ModuleNotFoundError for its modules, as a machine without it
would; a package it lacks cannot be added, so generating needs every one
(the error names what to install), and --check checks the configurations
this machine can make and names the others. A name two configurations give
different targets is one row: TWO_TARGETS says which it names, and the
generation stops on a conflict it does not list. --keep adds the rows of an
earlier table (another point release's) that no configuration here holds.

Run with Debian 12's /usr/bin/python3 and the packages of bootstrap.sh
(python3-numpy, -pandas, -matplotlib, -scipy, -seaborn, -setuptools) and of
OPTIONAL:
    scripts/list-third-party-reexports.py > analyzer/model/third_party_reexports.inc
    scripts/list-third-party-reexports.py --keep OLD.inc > NEW.inc   # OLD's rows no configuration here contradicts
    scripts/list-third-party-reexports.py --check analyzer/model/third_party_reexports.inc
    scripts/list-third-party-reexports.py --untested    # the configurations --check cannot make here

--check (a test of the suite runs it) fails when, in one of the
configurations, the table lacks a row the installed packages hold, or names
another target for it: an alias through it would go unseen. A row no
configuration here holds is kept (another version's or another
configuration's; renaming an attribute that does not exist changes nothing,
a use of it raises AttributeError); only where every configuration can be
made is a row that renames an attribute every configuration holds as
something else refused as stale. A package that is not installed fails the
check: nothing could be compared.
"""
import builtins
import concurrent.futures
import contextlib
import importlib
import importlib.abc
import importlib.util
import io
import json
import os
import pkgutil
import re
import subprocess
import sys
import types
import warnings

# The third-party packages a built-in profile allows (profiles/*.toml).
PACKAGES = ("numpy", "pandas", "matplotlib", "mpl_toolkits", "seaborn", "scipy")
# Not imported: test suites (tests/allowed_callables_check.py walks the same modules).
SKIPPED_SEGMENTS = {"tests", "conftest", "setup", "_pyinstaller"}

# Where `distutils` comes from: setuptools' copy (its shim, SETUPTOOLS_USE_DISTUTILS=local), the standard library
# with setuptools installed (=stdlib), or the standard library on a machine without setuptools.
DISTUTILS_CHOICES = ("setuptools", "stdlib", "no-setuptools")
SETUPTOOLS_MODULES = ("setuptools", "pkg_resources", "_distutils_hack")
# Debian packages the allowed packages do not depend on but import where they are installed, the top-level
# modules they bring, and what of the allowed packages they make importable (found by importing every public
# module of PACKAGES on a minimal Debian 12 and reading why the ones that failed did).
OPTIONAL = (
    (("python3-ipykernel",), ("IPython", "ipykernel"), "matplotlib.backends.backend_nbagg"),
    (("python3-docutils", "python3-sphinx"), ("docutils", "sphinx"), "matplotlib.sphinxext"),
    (("python3-pyqt5",), ("PyQt5",), "matplotlib.backends.backend_qt*"),
    (("python3-wxgtk4.0",), ("wx",), "matplotlib.backends.backend_wx*"),
    (("python3-cairo",), ("cairo",), "matplotlib.backends.backend_cairo, backend_gtk*cairo"),
    (("python3-gi", "gir1.2-gtk-3.0", "gir1.2-gtk-4.0"), ("gi",), "matplotlib.backends.backend_gtk3*, backend_gtk4*"),
)
# Names two configurations give different targets, and the target the one row names (the first); --check accepts
# each listed. A conflict not listed here stops the generation: someone must choose.
TWO_TARGETS = {
    # setuptools' install command module, or without setuptools the standard library's: no profile allows
    # importing either and no rule's table names either; the row names the one every machine has.
    "numpy.distutils.command.install.old_install_mod": ("distutils.command.install", "setuptools.command.install"),
}


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


class HiddenModules(importlib.abc.MetaPathFinder):
    """A machine without these packages: importing one of their modules raises ModuleNotFoundError."""

    def __init__(self, roots):
        self.roots = frozenset(roots)

    def find_spec(self, fullname, path=None, target=None):
        if fullname.partition(".")[0] in self.roots:
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        return None


def configuration_rows(distutils, hidden, table_paths):
    """This process's rows in one configuration (the `--configuration` mode: one process each, so that no
    configuration sees another's imports)."""
    expected = os.environ.get("SETUPTOOLS_USE_DISTUTILS") == ("local" if distutils == "setuptools" else "stdlib")
    already = sorted(name for name in sys.modules if name.partition(".")[0] in hidden)
    if not expected or already:
        sys.exit(f"list-third-party-reexports.py: configuration {distutils} was not set up "
                 f"(SETUPTOOLS_USE_DISTUTILS={os.environ.get('SETUPTOOLS_USE_DISTUTILS')}, imported: {already})")
    sys.meta_path.insert(0, HiddenModules(hidden))
    rows = reexports()
    # The configuration is what it claims: distutils, once imported, is the copy it names.
    distutils_file = getattr(sys.modules.get("distutils"), "__file__", None) or ""
    if distutils_file and (("setuptools" in distutils_file) != (distutils == "setuptools")):
        sys.exit(f"list-third-party-reexports.py: configuration {distutils} imported distutils from {distutils_file}")
    held = [path for path in table_paths if holds_attribute(path)]
    json.dump({"rows": rows, "versions": versions(), "held": held}, sys.stdout)


def installed(module):
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def configurations():
    """The configurations this machine can make, each (name, distutils choice, hidden roots), and the names of
    those it cannot."""
    optional_here = [group for group in OPTIONAL if all(installed(module) for module in group[1])]
    optional_missing = [group for group in OPTIONAL if group not in optional_here]
    all_optional = tuple(module for group in OPTIONAL for module in group[1])
    setuptools_here = all(installed(module) for module in SETUPTOOLS_MODULES[:2])
    made, missing = [], []
    for distutils in DISTUTILS_CHOICES:
        if distutils != "no-setuptools" and not setuptools_here:
            missing.append(f"{distutils} distutils (python3-setuptools is not installed)")
            continue
        hidden_setuptools = SETUPTOOLS_MODULES if distutils == "no-setuptools" else ()
        if optional_here:
            present = ", ".join(module for group in optional_here for module in group[1])
            made.append((f"{distutils} distutils, with {present}", distutils, hidden_setuptools))
        made.append((f"{distutils} distutils, without optional packages", distutils,
                     hidden_setuptools + all_optional))
    for packages, _, opens in optional_missing:
        missing.append(f"with {' '.join(packages)} (not installed; it makes {opens} importable)")
    return made, missing


def rows_of(made, table_paths=()):
    """{configuration name: {"rows", "versions", "held"}}, each configuration listed by a process of its own."""

    def run(configuration):
        name, distutils, hidden = configuration
        env = dict(os.environ, SETUPTOOLS_USE_DISTUTILS="local" if distutils == "setuptools" else "stdlib")
        process = subprocess.run([sys.executable, os.path.abspath(__file__), "--configuration", distutils,
                                  ",".join(hidden)], input="\n".join(table_paths), capture_output=True, text=True,
                                 env=env, check=False)
        if process.returncode != 0:
            sys.exit(f"list-third-party-reexports.py: listing the configuration {name} failed "
                     f"(exit {process.returncode}):\n{process.stderr}")
        return name, json.loads(process.stdout)

    with concurrent.futures.ThreadPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        return dict(pool.map(run, made))


def union(listed):
    """Every configuration's rows together; a name two configurations give different targets cannot be one row."""
    rows, seen_in, conflicts = {}, {}, []
    for name, result in listed.items():
        for path, target in result["rows"].items():
            if path in TWO_TARGETS and target in TWO_TARGETS[path]:
                if path in rows and rows[path] not in TWO_TARGETS[path]:
                    conflicts.append(f"{path} is {rows[path]} in {seen_in[path]}, {target} in {name}")
                rows[path], seen_in[path] = TWO_TARGETS[path][0], name
                continue
            if path in rows and rows[path] != target:
                conflicts.append(f"{path} is {rows[path]} in {seen_in[path]}, {target} in {name}")
                continue
            rows[path], seen_in[path] = target, name
    if conflicts:
        sys.exit("list-third-party-reexports.py: a name is two things in two configurations, and one row cannot "
                 "say both:\n" + "\n".join(conflicts))
    return rows


def render(rows, described, configuration_names):
    lines = [
        f"// Generated by scripts/list-third-party-reexports.py from {described}; do not edit.",
        "// An attribute of an allowed third-party package that is a module under another name, a builtin",
        "// function or a standard-library function or class: the attribute's path, then what it is. The union",
        "// of the rows of these configurations:",
    ]
    lines += [f"//   {name}" for name in configuration_names]
    lines += [f"constexpr std::array<ModuleReexport, {len(rows)}> k_third_party_reexports = {{{{"]
    lines += [f'    {{"{path}", "{target}"}},' for path, target in sorted(rows.items())]
    lines += ["}};"]
    return "\n".join(lines) + "\n"


def holds_attribute(path):
    module_name, _, attribute = path.rpartition(".")
    module = sys.modules.get(module_name)
    return module is not None and hasattr(module, attribute)


def read_table(path):
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        sys.exit(f"list-third-party-reexports.py: cannot read the table {path}: {error.strerror}")
    return dict(re.findall(r'^    \{"([^"]+)", "([^"]+)"\},$', text, re.MULTILINE))


def check(path, table, listed, missing_configurations):
    """The problems, each with the configurations it holds in."""
    found = {}
    for name, result in listed.items():
        rows = result["rows"]
        for row, target in sorted(rows.items()):
            if row not in table:
                problem = f"missing: {row} is {target} here; an alias through it would go unseen"
            elif table[row] != target and not {table[row], target} <= set(TWO_TARGETS.get(row, ())):
                problem = f"wrong: {row} is {target} here, the table says {table[row]}"
            else:
                continue
            found.setdefault(problem, []).append(name)
    if not missing_configurations:
        every = [set(result["held"]) for result in listed.values()]
        listed_anywhere = set().union(*(result["rows"] for result in listed.values()))
        for row, target in sorted(table.items()):
            if row not in listed_anywhere and all(row in held for held in every):
                found.setdefault(f"extra: {row} is no {target} here, yet the table renames it; regenerate",
                                 []).append("every configuration")
    problems = [f"{problem} (in: {'; '.join(names)})" for problem, names in found.items()]
    if not problems:
        rows = set().union(*(result["rows"] for result in listed.values()))
        kept = sum(1 for row in table if row not in rows)
        versions_here = next(iter(listed.values()))["versions"]
        print(f"{path}: every one of the {len(rows)} re-exports of {versions_here} is listed, in each of "
              f"{len(listed)} configurations ({kept} rows of other versions or configurations kept):")
        print("\n".join(f"  {name}" for name in listed))
        for name in missing_configurations:
            print(f"  not made here: {name}")
    return problems


def main():
    warnings.simplefilter("ignore")
    os.environ.setdefault("MPLBACKEND", "Agg")
    arguments = sys.argv[1:]
    if len(arguments) == 3 and arguments[0] == "--configuration" and arguments[1] in DISTUTILS_CHOICES:
        table_paths = sys.stdin.read().split()
        configuration_rows(arguments[1], tuple(filter(None, arguments[2].split(","))), table_paths)
        return
    made, missing = configurations()
    if arguments == ["--untested"]:
        for name in missing:
            print(f"untested on this machine: the third-party re-exports {name}")
    elif len(arguments) == 2 and arguments[0] == "--check":
        table = read_table(arguments[1])
        if not table:
            sys.exit(f"list-third-party-reexports.py: {arguments[1]} holds no rows")
        problems = check(arguments[1], table, rows_of(made, sorted(table)), missing)
        if problems:
            print("\n".join(problems))
            sys.exit(f"{arguments[1]} does not serve the installed packages: regenerate it with this script")
    elif not arguments or (len(arguments) == 2 and arguments[0] == "--keep"):
        if missing:
            packages = " ".join(package for group in OPTIONAL for package in group[0]) + " python3-setuptools"
            sys.exit("list-third-party-reexports.py: the table is every configuration's, and these cannot be made "
                     "here:\n  " + "\n  ".join(missing) +
                     f"\ninstall what is missing (apt-get install --no-install-recommends {packages})")
        earlier = read_table(arguments[1]) if arguments else {}
        listed = rows_of(made, sorted(earlier))
        rows = union(listed)
        # An earlier row stays unless every configuration here holds its attribute as no re-export.
        for path, target in earlier.items():
            if path not in rows and not all(path in result["held"] for result in listed.values()):
                rows[path] = target
        sys.stdout.write(render(rows, next(iter(listed.values()))["versions"], list(listed)))
    else:
        sys.exit("usage: list-third-party-reexports.py [--keep FILE] | --check FILE | --untested")


if __name__ == "__main__":
    main()
