#!/usr/bin/python3
"""Writes pygate's library tables: one entry for every public name of every
module a built-in profile allows (the standard library's, builtins included,
and the third-party packages'), for the versions the interpreter running it
has, with what each callable does with its arguments where that matters to
the gate (analyzer/library/README.md says what the columns mean).

Derived, never typed: names and kinds come from importing the modules and
walking them; classes' instance attributes from their sources; effects from
scripts/library_effects.py over the libraries' own sources, and from the
reviewed decisions of analyzer/library/reviewed.tsv for what no source says
(functions written in C), each with its reason.

One file per distribution and version, in OUTDIR:
  cpython-3.11.tsv        builtins and the standard-library modules the profiles allow
  numpy-1.24.2.tsv, ...   each third-party distribution a profile allows, as installed

    library-data.py OUTDIR                 # run with the interpreter whose tables you want
    library-data.py --python PY OUTDIR     # the same, run by PY
    library-data.py --check OUTDIR         # exit 1 when a table here differs from the installed libraries'

Entry lines (tab-separated, sorted by name):
  NAME  module   [dynamic]
  NAME  class    [bases=B1,B2] [metaclass=M] [dynamic]
  NAME  function [EFFECT ...]
  NAME  attribute                 an instance's or a descriptor's attribute: its value's type unknown
  NAME  data     TYPE             a value of a known type (`sys.stdin  data  io.TextIOWrapper`)
  NAME  alias    TARGET           the same object, known by TARGET's entry (and TARGET's members)
"""
import argparse
import ast
import builtins
import contextlib
import importlib
import importlib.metadata
import inspect
import io
import os
import pkgutil
import subprocess
import sys
import textwrap
import tomllib
import types
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PROFILES = os.path.join(ROOT, "profiles")
# Not imported: test suites and build helpers (tests/allowed_callables_check.py skips the same).
SKIPPED_SEGMENTS = {"tests", "conftest", "setup", "_pyinstaller"}
# The distribution each third-party import root belongs to.
DISTRIBUTIONS = {"numpy": "numpy", "pandas": "pandas", "scipy": "scipy", "matplotlib": "matplotlib",
                 "mpl_toolkits": "matplotlib", "seaborn": "seaborn", "requests": "requests", "aiohttp": "aiohttp"}


def allowed_modules():
    """Every module the built-in profiles allow (profiles/*.toml, `extends` followed)."""
    profiles = {}
    for file in sorted(os.listdir(PROFILES)):
        if file.endswith(".toml"):
            with open(os.path.join(PROFILES, file), "rb") as f:
                data = tomllib.load(f)
            profiles[data["name"]] = data

    def allows(name, seen=()):
        data = profiles[name]
        imports = data.get("imports", {})
        base = allows(data["extends"], seen + (name,)) if "extends" in data and data["extends"] not in seen else []
        if "allow" in imports:
            base = list(imports["allow"])
        return base + list(imports.get("allow_add", []))

    modules = set()
    for name in profiles:
        modules.update(allows(name))
    return sorted(modules)


def import_quietly(name):
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            return importlib.import_module(name)
    except BaseException:  # a module that needs what is not installed holds nothing a program can reach
        return None


def public(name):
    return not name.startswith("_")


def module_names(root):
    """`root` and its public submodules that import here."""
    module = import_quietly(root)
    if module is None:
        return []
    names = [root]
    for info in pkgutil.walk_packages(getattr(module, "__path__", []), root + ".", onerror=lambda name: None):
        parts = info.name.split(".")[len(root.split(".")):]
        if any(not public(p) or p in SKIPPED_SEGMENTS for p in parts):
            continue
        if import_quietly(info.name) is not None:
            names.append(info.name)
    return names


def canonical_module_name(name):
    """`_io` is `io`, `posixpath` is `os.path`: the name programs use."""
    if name == "posixpath":
        return "os.path"
    if name.startswith("_") and import_quietly(name.lstrip("_")) is not None:
        return name.lstrip("_")
    return name


def defined_at(value):
    """Where `value` says it is defined (`pandas.core.frame.DataFrame`), if it can be found there again."""
    module = getattr(value, "__module__", None)
    qualname = getattr(value, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(qualname, str) or "<" in qualname:
        return None
    for candidate in (canonical_module_name(module), module):
        held = sys.modules.get(candidate) or import_quietly(candidate)
        for part in qualname.split("."):
            held = getattr(held, part, None) if held is not None else None
        if held is value:
            return f"{candidate}.{qualname}"
    return None


def type_name(value):
    kind = type(value)
    found = defined_at(kind)
    return found or f"{kind.__module__}.{kind.__qualname__}"


def instance_attributes(cls):
    """Names a class's own methods assign on `self` (`self.canvas = ...`), read from its source."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError, IndentationError):
        return set()
    names = set()
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for target in targets:
            for element in ast.walk(target):
                if isinstance(element, ast.Attribute) and isinstance(element.value, ast.Name) \
                        and element.value.id == "self" and public(element.attr):
                    names.add(element.attr)
    return names


class Tables:
    def __init__(self):
        self.entries = {}  # name -> (kind, [fields])
        self.classes_done = set()

    def add(self, name, kind, *fields):
        if name not in self.entries or self.entries[name][0] == "attribute":
            self.entries[name] = (kind, [f for f in fields if f])

    def value(self, name, value, depth=0):
        """The entry of `value` reached at `name`, and what it holds."""
        if isinstance(value, types.ModuleType):
            real = canonical_module_name(value.__name__)
            if real != name:
                self.add(name, "alias", real)
            else:
                self.add(name, "module", "dynamic" if hasattr(value, "__getattr__") else "")
            return
        if isinstance(value, type):
            at = defined_at(value)
            if at is not None and at != name:
                self.add(name, "alias", at)
                self.class_members(at, value, depth)
            else:
                self.class_members(name, value, depth)
            return
        if callable(value):
            at = defined_at(value)
            if at is not None and at != name and not isinstance(value, (types.MethodType,)):
                self.add(name, "alias", at)
                self.add(at, "function")
            else:
                self.add(name, "function")
            return
        self.add(name, "data", type_name(value))

    def class_members(self, name, cls, depth):
        if name in self.classes_done:
            return
        self.classes_done.add(name)
        bases = [defined_at(base) or f"{base.__module__}.{base.__qualname__}" for base in cls.__bases__
                 if base is not object]
        dynamic = any("__getattr__" in vars(k) for k in cls.__mro__ if k is not object)
        # A class's own attributes include its metaclass's (`numbers.Number.register` is ABCMeta's).
        meta = type(cls)
        metaclass = "" if meta is type else "metaclass=" + (defined_at(meta) or f"{meta.__module__}.{meta.__qualname__}")
        self.add(name, "class", ("bases=" + ",".join(bases)) if bases else "", metaclass, "dynamic" if dynamic else "")
        if metaclass:
            at = defined_at(meta)
            if at is not None:
                self.class_members(at, meta, depth + 1)
        for base in cls.__bases__:
            if base is not object:
                at = defined_at(base)
                if at is not None:
                    self.class_members(at, base, depth + 1)
        for member, raw in sorted(vars(cls).items()):
            if not public(member):
                continue
            path = f"{name}.{member}"
            if isinstance(raw, (staticmethod, classmethod)):
                self.add(path, "function")
            elif isinstance(raw, type):
                self.value(path, raw, depth + 1)
            elif isinstance(raw, (property, types.GetSetDescriptorType, types.MemberDescriptorType)):
                self.add(path, "attribute")
            elif callable(raw) or inspect.ismethoddescriptor(raw):
                self.add(path, "function")
            else:
                self.add(path, "data", type_name(raw))
        for member in sorted(instance_attributes(cls)):
            if f"{name}.{member}" not in self.entries:
                self.add(f"{name}.{member}", "attribute")

    def module(self, name):
        module = import_quietly(name)
        if module is None:
            return
        self.add(name, "module", "dynamic" if "__getattr__" in vars(module) else "")
        for member in sorted(dir(module)):
            if not public(member):
                continue
            try:
                value = getattr(module, member)
            except Exception:
                continue
            self.value(f"{name}.{member}", value)

    def write(self, path, header):
        with open(path, "w", encoding="utf-8") as out:
            for line in header:
                out.write(f"# {line}\n")
            for name in sorted(self.entries):
                kind, fields = self.entries[name]
                out.write("\t".join([name, kind, *fields]) + "\n")


def roots_by_table(modules):
    """The modules of each table: the standard library's (with builtins) and each distribution's."""
    tables = {}
    for module in modules:
        root = module.split(".")[0]
        if root in sys.stdlib_module_names:
            key = f"cpython-{sys.version_info.major}.{sys.version_info.minor}"
        elif root in DISTRIBUTIONS:
            try:
                key = f"{DISTRIBUTIONS[root]}-{importlib.metadata.version(DISTRIBUTIONS[root])}"
            except importlib.metadata.PackageNotFoundError:
                continue
        else:
            continue
        tables.setdefault(key, []).append(module)
    tables.setdefault(f"cpython-{sys.version_info.major}.{sys.version_info.minor}", []).append("builtins")
    return tables


def generate(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for key, roots in sorted(roots_by_table(allowed_modules()).items()):
        tables = Tables()
        for root in sorted(set(roots)):
            names = module_names(root) if root != "os.path" else ["os.path"]
            for name in names:
                tables.module(name)
        header = [f"pygate library table: {key}, for CPython {sys.version.split()[0]}; generated by "
                  f"scripts/library-data.py from {', '.join(sorted(set(roots)))}; do not edit"]
        tables.write(os.path.join(out_dir, f"{key}.tsv"), header)
        print(f"library-data.py: {key}: {len(tables.entries)} entries", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", help="the interpreter whose tables to write")
    parser.add_argument("out", help="the folder the tables go to")
    args = parser.parse_args()
    if args.python:
        return subprocess.run([args.python, os.path.abspath(__file__), args.out]).returncode
    generate(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
