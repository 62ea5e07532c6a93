#!/usr/bin/python3
"""Every public callable of every third-party package a built-in profile
allows (and of `sys`, which safe_eval allows for its constants) is either in
one of the rules' tables or on the reviewed list, tests/allowed_callables.txt.

Why: allowing a module grants what its functions do. A function that opens,
reads, writes, downloads, unpickles, compiles or runs something must be in a
rule's table; the rest was reviewed as harmless, group by group, with the
reason written beside it. A new version of numpy, pandas, matplotlib,
mpl_toolkits, seaborn or scipy that adds a function adds a name neither list
knows, and this test fails until someone files it in one of them.

What counts: for each public module of those packages (no `_` segment, no
test suite), each public attribute that is callable, or that is a module of
another package (`seaborn.axisgrid.mpl`); for sys every public attribute
(`sys.modules` is no callable). A name the resolver sees through
(analyzer/model/third_party_reexports.inc: `seaborn.utils.urlopen` is
`urllib.request.urlopen`) is judged under its canonical name by the rules and
skipped here. A rule's table covers a name when one of its patterns matches
it or one of its dotted prefixes, as rules/utils/name_table.cpp matches.

Methods count too, screened: a public class's own public methods are
tens of thousands of callables, most of them arithmetic and plotting. Those
whose signature names a file, a buffer or a URL (`fname`, `path_or_buf`,
`url`, ...) or whose source opens, unpickles, downloads, runs or imports
something are held to the same standard, under each public name of their
class (`matplotlib.animation.FuncAnimation.save`); the screen is what makes
a method a candidate, never what clears it.

Tolerance: a reviewed name the installed library lacks is fine (another
point release); a name the installed library has and neither list knows
fails, printed with its module so the list can be extended.

    allowed_callables_check.py PYGATE REVIEWED_LIST REEXPORTS_INC
    allowed_callables_check.py PYGATE REVIEWED_LIST REEXPORTS_INC --unlisted   # print what is missing, grouped
"""
import contextlib
import fnmatch
import importlib
import inspect
import io
import json
import os
import pkgutil
import re
import subprocess
import sys
import tomllib
import types
import warnings

# As scripts/library-data.py skips them: test suites and build helpers (numpy.distutils).
SKIPPED_SEGMENTS = {"tests", "conftest", "setup", "_pyinstaller", "distutils"}
# Installed by bootstrap.sh: the check must see them. networked's HTTP clients
# (requests, aiohttp) are that profile's purpose, allowed whole by its PG005
# allow list, and are checked only where installed.
REQUIRED = {"numpy", "pandas", "matplotlib", "mpl_toolkits", "seaborn", "scipy"}


def allowed_roots(pygate):
    listing = subprocess.run([pygate, "profiles"], check=True, capture_output=True, text=True).stdout
    names = [line.split()[0] for line in listing.splitlines()[1:] if line.strip()]
    roots = set()
    for name in names:
        shown = subprocess.run([pygate, "profile", "show", name], check=True, capture_output=True, text=True).stdout
        for module in tomllib.loads(shown)["imports"]["allow"]:
            roots.add(module)
    third_party = {m.split(".")[0] for m in roots if m.split(".")[0] not in sys.stdlib_module_names}
    return sorted(third_party) + (["sys"] if "sys" in roots else [])


def table_patterns(pygate):
    catalogue = json.loads(subprocess.run([pygate, "rules", "--format", "json"], check=True, capture_output=True,
                                          text=True).stdout)
    patterns = []
    for rule in catalogue["rules"]:
        for table in rule["tables"]:
            for entry in table["entries"]:
                pattern = entry.split(": ", 1)[0]
                if re.fullmatch(r"[A-Za-z_][\w.*]*", pattern):
                    patterns.append((pattern, rule["id"]))
    return patterns


def covered(name, patterns, exact):
    candidate = name
    while True:
        if candidate in exact:
            return exact[candidate]
        for pattern, rule in patterns:
            if fnmatch.fnmatchcase(candidate, pattern):
                return rule
        if "." not in candidate:
            return None
        candidate = candidate.rsplit(".", 1)[0]


def import_quietly(name):
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return importlib.import_module(name)
    except BaseException:  # a module that needs what is not installed cannot be imported by the code either
        return None


# The method screen (see above).
FILE_PARAMETER = re.compile(
    r"(path|paths|fname|filename|filenames|file|files|filepath|fpath|path_or_buf|path_or_buffer|"
    r"filepath_or_buffer|buf|fp|fh|fobj|url|urls|uri|dest|outfile|infile|excel_writer|con|database|"
    r"directory|dirname|cache_dir|data_home|savefile)")
RISKY_SOURCE = re.compile(
    r"\bopen\(|pickle|urlopen|urlretrieve|\bexec\(|\beval\(|subprocess|import_module|__import__|"
    r"\bcompile\(|os\.system|os\.remove|os\.unlink|shutil|\.savefig\(|np\.load\(|np\.save|ctypes|marshal")


def public_modules(root, package):
    yield root, package
    for info in pkgutil.walk_packages(getattr(package, "__path__", []), root + ".", onerror=lambda name: None):
        parts = info.name.split(".")[1:]
        if not any(p.startswith("_") or p in SKIPPED_SEGMENTS for p in parts):
            module = import_quietly(info.name)
            if module is not None:
                yield info.name, module


def screened(function):
    if isinstance(function, (staticmethod, classmethod)):
        function = function.__func__
    if not callable(function):
        return False
    with contextlib.suppress(BaseException):
        if any(FILE_PARAMETER.fullmatch(p) for p in inspect.signature(function).parameters):
            return True
    with contextlib.suppress(BaseException):
        return bool(RISKY_SOURCE.search(inspect.getsource(function)))
    return False


def public_names(root):
    """The public callables of `root`'s public modules, and its screened
    methods: {method name under one public name of its class: every such name}."""
    package = import_quietly(root)
    if package is None and root not in REQUIRED:
        print(f"not checked: {root} is not installed here")
        return set(), {}
    if package is None:
        sys.exit(f"allowed_callables_check.py: {root} is allowed by a built-in profile but not installed "
                 "(bootstrap.sh installs it)")
    names, class_names, classes = set(), {}, {}
    for module_name, module in public_modules(root, package):
        for attribute in dir(module):
            if attribute.startswith("_"):
                continue
            try:
                value = getattr(module, attribute)
            except BaseException:
                continue
            if isinstance(value, types.ModuleType):
                if value.__name__.split(".")[0] != root:
                    names.add(f"{module_name}.{attribute}")
            elif callable(value) or root == "sys":
                names.add(f"{module_name}.{attribute}")
            if isinstance(value, type) and (getattr(value, "__module__", None) or "").split(".")[0] == root:
                class_names.setdefault(id(value), set()).add(f"{module_name}.{attribute}")
                classes[id(value)] = value
    methods = {}
    for key, cls in classes.items():
        for method, function in vars(cls).items():
            if not method.startswith("_") and screened(function):
                aliases = {f"{name}.{method}" for name in class_names[key]}
                methods[min(aliases)] = aliases
    return names, methods


def reviewed(path):
    names, reason = set(), None
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            line = line.rstrip("\n")
            if not line.strip():
                continue
            if line.startswith("# "):
                reason = line[2:]
                continue
            module, colon, attributes = line.partition(": ")
            if not colon or reason is None:
                sys.exit(f"{path}:{number}: expected `# reason` then `module: name name ...`")
            names.update(f"{module}.{a}" for a in attributes.split())
    return names


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    pygate, list_path, reexports_path = sys.argv[1:4]
    warnings.simplefilter("ignore")
    os.environ.setdefault("MPLBACKEND", "Agg")
    with open(reexports_path, encoding="utf-8") as file:
        seen_through = set(re.findall(r'^    \{"([^"]+)", "[^"]+"\},$', file.read(), re.MULTILINE))
    patterns = table_patterns(pygate)
    exact = {p: r for p, r in patterns if "*" not in p}
    wildcards = [(p, r) for p, r in patterns if "*" in p]
    listed = reviewed(list_path)
    roots = allowed_roots(pygate)
    unlisted, counts = [], {"table": 0, "reviewed": 0, "seen through": 0}
    methods_screened = 0
    for root in roots:
        functions, methods = public_names(root)
        for name in sorted(functions):
            if name in seen_through:
                counts["seen through"] += 1
            elif covered(name, wildcards, exact):
                counts["table"] += 1
            elif name in listed:
                counts["reviewed"] += 1
            else:
                unlisted.append(name)
        for name, aliases in sorted(methods.items()):
            methods_screened += 1
            if any(covered(alias, wildcards, exact) for alias in aliases):
                counts["table"] += 1
            elif aliases & listed:
                counts["reviewed"] += 1
            else:
                unlisted.append(name)
    if len(sys.argv) == 5 and sys.argv[4] == "--unlisted":
        groups = {}
        for name in unlisted:
            module, _, attribute = name.rpartition(".")
            groups.setdefault(module, []).append(attribute)
        for module, attributes in sorted(groups.items()):
            print(f"{module}: {' '.join(attributes)}")
        return
    print(f"allowed roots: {', '.join(roots)}; names in a rule's table: {counts['table']}, reviewed harmless: "
          f"{counts['reviewed']}, seen through to another name: {counts['seen through']} "
          f"(of them, methods the screen picked: {methods_screened})")
    if unlisted:
        for name in unlisted:
            print(f"unreviewed: {name} is in no rule's table and not on {list_path}")
        sys.exit(f"{len(unlisted)} allowed callables nobody has judged: put each in a rule's table (if it reaches "
                 f"files, the network, processes, code or the interpreter) or on {list_path} under a reason")


if __name__ == "__main__":
    main()
