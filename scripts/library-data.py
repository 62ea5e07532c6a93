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
                                           # (a table of a version not installed here is listed as untested)
Also written: settings.tsv beside OUTDIR (--settings PATH to choose), the library settings whose value
decides an effect. Exit 1, naming each, when a callable with no Python source is not covered by
analyzer/library/reviewed.tsv, when a reviewed line matches nothing, or when reviewed.tsv has an error.

Entry lines (tab-separated, sorted by name):
  NAME  module   [dynamic]
  NAME  class    [bases=B1,B2] [metaclass=M] [dynamic] [EFFECT ...]   (the effects of calling the class)
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
import tokenize
import tomllib
import types
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PROFILES = os.path.join(ROOT, "profiles")
sys.path.insert(0, HERE)
import library_effects  # noqa: E402
# Not imported: test suites and build helpers (tests/allowed_callables_check.py skips the same). numpy.distutils
# is a build system whose module data depends on the machine it is imported on (`x11_so_dir` exists only
# where /usr/lib/X11 holds libX11): without a table its names are a review.
SKIPPED_SEGMENTS = {"tests", "conftest", "setup", "_pyinstaller", "distutils"}
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
    except (OSError, TypeError, SyntaxError, IndentationError, tokenize.TokenError):
        # No source, or lines inspect cannot delimit (3.13's getsource can start inside a string).
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


def instance_attribute_types(cls):
    """The class each attribute a class's own methods assign on `self` holds, when every such assignment
    is None or a call of one class the method's module names (`self.zip = zipfile.ZipFile(f)`):
    {name: class}. An attribute assigned anything else is left out: its type is not known."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError, IndentationError, tokenize.TokenError):
        return {}
    module = sys.modules.get(cls.__module__)
    scope = vars(module) if module is not None else {}

    def named_class(node):
        path = []
        while isinstance(node, ast.Attribute):
            path.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name) or node.id not in scope:
            return None
        value = scope[node.id]
        for part in reversed(path):
            value = getattr(value, part, None)
        return value if isinstance(value, type) else None

    found, unknown = {}, set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            if isinstance(node, (ast.AnnAssign, ast.AugAssign)):
                for element in ast.walk(node.target):
                    if isinstance(element, ast.Attribute) and isinstance(element.value, ast.Name) \
                            and element.value.id == "self":
                        unknown.add(element.attr)
            continue
        for target in node.targets:
            for element in ast.walk(target):
                if not (isinstance(element, ast.Attribute) and isinstance(element.value, ast.Name)
                        and element.value.id == "self"):
                    continue
                if target is not element:  # an element of a tuple target: its value is not shown
                    unknown.add(element.attr)
                elif isinstance(node.value, ast.Constant) and node.value.value is None:
                    continue
                elif isinstance(node.value, ast.Call) and named_class(node.value.func) is not None:
                    made = named_class(node.value.func)
                    if found.setdefault(element.attr, made) is not made:
                        unknown.add(element.attr)
                else:
                    unknown.add(element.attr)
    return {name: kind for name, kind in found.items() if name not in unknown and public(name)}


def property_type(prop):
    """The class a property's getter says it returns (`DataFrame.style -> Styler`), named as the tables
    name it; None when its annotation is missing or not one class (`Styler | None`, a TypeVar)."""
    annotation = getattr(prop.fget, "__annotations__", {}).get("return")
    if isinstance(annotation, str):
        text = annotation
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                annotation = eval(text, getattr(prop.fget, "__globals__", {}))  # noqa: S307 (the library's own annotation)
        except Exception:
            # A name imported only for type checking (`-> Styler`): the one class of that name in the
            # property's own package, when there is exactly one.
            package = (prop.fget.__module__ or "").split(".")[0]
            found = {vars(m)[text] for n, m in list(sys.modules.items())
                     if m is not None and (n == package or n.startswith(package + ".")) and
                     isinstance(vars(m).get(text), type)} if text.isidentifier() else set()
            if len(found) != 1:
                return None
            annotation = found.pop()
    if not isinstance(annotation, type) or annotation is type(None):
        return None
    return defined_at(annotation) or f"{annotation.__module__}.{annotation.__qualname__}"


class Tables:
    def __init__(self):
        self.entries = {}  # name -> (kind, [fields])
        self.classes_done = set()
        self.class_objects = {}  # a class's listed name -> the class
        self.callables = {}  # name -> (the object a call reaches, whether a call passes its first parameter)

    def add(self, name, kind, *fields, value=None, bound=False):
        if name not in self.entries or self.entries[name][0] == "attribute":
            self.entries[name] = (kind, [f for f in fields if f])
            if kind in ("function", "class", "attribute") and value is not None:
                self.callables[name] = (value, bound)

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
            bound = isinstance(value, types.MethodType)
            if at is not None and at != name and not bound:
                self.add(name, "alias", at)
                self.add(at, "function", value=value)
            else:
                self.add(name, "function", value=value, bound=bound)
            return
        self.add(name, "data", type_name(value))

    def base_name(self, name, base):
        """The name a base is listed under: its canonical name, else its module and qualified name, else
        (a namedtuple or a factory's class whose subclass, or another class the factory made, took that
        name) `CLASS.<base>`."""
        found = defined_at(base) or f"{base.__module__}.{base.__qualname__}"
        if found == name or self.class_objects.get(found, base) is not base:
            return f"{name}.<base>"
        return found

    def class_members(self, name, cls, depth):
        self.class_objects.setdefault(name, cls)
        if name in self.classes_done:
            return
        self.classes_done.add(name)
        bases = [self.base_name(name, base) for base in cls.__bases__ if base is not object]
        dynamic = any("__getattr__" in vars(k) for k in cls.__mro__ if k is not object)
        # A class's own attributes include its metaclass's (`numbers.Number.register` is ABCMeta's).
        meta = type(cls)
        metaclass = "" if meta is type else "metaclass=" + (defined_at(meta) or f"{meta.__module__}.{meta.__qualname__}")
        self.add(name, "class", ("bases=" + ",".join(bases)) if bases else "", metaclass,
                 "dynamic" if dynamic else "", value=cls, bound=True)
        if metaclass:
            at = defined_at(meta)
            if at is not None:
                self.class_members(at, meta, depth + 1)
        for base in cls.__bases__:
            if base is not object:
                # A base made at run time (a class factory's, a namedtuple's) has no name a program can
                # spell; it is listed under the name `bases=` gives it, so that its members are found.
                self.class_members(self.base_name(name, base), base, depth + 1)
        for member, raw in sorted(vars(cls).items()):
            if not public(member):
                continue
            path = f"{name}.{member}"
            if isinstance(raw, (staticmethod, classmethod)):
                self.add(path, "function", value=raw, bound=isinstance(raw, classmethod))
            elif isinstance(raw, type):
                self.value(path, raw, depth + 1)
            elif isinstance(raw, property) and property_type(raw) is not None:
                self.add(path, "data", property_type(raw))
            elif isinstance(raw, property) and raw.fset is not None:
                # Assigning the property calls its setter: the entry carries the setter's effects, its
                # first parameter after the receiver the value assigned (`Colorbar.formatter = "{x}"`).
                self.add(path, "attribute", value=raw.fset, bound=True)
            elif isinstance(raw, (property, types.GetSetDescriptorType, types.MemberDescriptorType)):
                self.add(path, "attribute")
            elif callable(raw) or inspect.ismethoddescriptor(raw):
                self.add(path, "function", value=raw, bound=True)
            elif raw is None and member in instance_attributes(cls):
                # A class-level None the instance's methods replace (`NpzFile.zip = None`, then
                # `self.zip = zipfile.ZipFile(fid)`): typed by what they assign, else unknown.
                made = instance_attribute_types(cls).get(member)
                if made is not None:
                    self.add(path, "data", defined_at(made) or f"{made.__module__}.{made.__qualname__}")
                else:
                    self.add(path, "attribute")
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
                with warnings.catch_warnings():  # a deprecated alias warns when read; it is listed all the same
                    warnings.simplefilter("ignore")
                    value = getattr(module, member)
            except Exception:
                continue
            self.value(f"{name}.{member}", value)

    def write(self, path, header, effects=None):
        with open(path, "w", encoding="utf-8") as out:
            for line in header:
                out.write(f"# {line}\n")
            for name in sorted(self.entries):
                kind, fields = self.entries[name]
                if effects is not None and (kind in ("function", "class") or name in self.callables):
                    fields = fields + effects(name)
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


REVIEWED = os.path.join(ROOT, "analyzer", "library", "reviewed.tsv")


def call_parts(tables, name):
    """What runs when the callable `name` is called: [("python", key, bound, function)] for Python code,
    [("c", reviewed name, type name)] for code written in C (a function's own name; for a class, the
    class whose C `__new__` or `__init__` it inherits)."""
    value, bound = tables.callables[name]
    kind = tables.entries[name][0]
    if kind == "class":
        parts = []
        for special in ("__new__", "__init__"):
            for klass in value.__mro__:
                if special in vars(klass):
                    if klass is not object:
                        function = library_effects.python_function(vars(klass)[special])
                        if function is not None and function.__code__.co_filename == "<string>":
                            # written by dataclasses or namedtuple with exec: no source to read
                            parts.append(("c", name, "generated"))
                        elif function is not None:
                            parts.append(("python", library_effects.function_key(function), True, function))
                        else:
                            owner = defined_at(klass) or f"{klass.__module__}.{klass.__qualname__}"
                            parts.append(("c", owner, type_name(klass)))
                    break
        # A dataclass's generated `__init__` ends by calling its `__post_init__`.
        post_init = library_effects.python_function(getattr(value, "__post_init__", None))
        if post_init is not None and "__dataclass_fields__" in dir(value):
            parts.append(("python", library_effects.function_key(post_init), True, post_init))
        return parts
    accessor = getattr(value, "_accessor", None)
    if isinstance(accessor, type) and type(value).__name__ == "CachedAccessor":
        # pandas' accessor descriptor (`DataFrame.plot`, `Series.str`): the attribute is an instance of the
        # accessor class, made from the frame; calling it calls that class's `__call__`.
        if getattr(accessor, "__call__", None) is object.__call__ or "__call__" not in dir(accessor):
            return []  # an accessor with no `__call__`: calling it raises TypeError, and runs nothing
        value, bound = accessor.__call__, True
    function = library_effects.python_function(value)
    if function is None and not isinstance(value, (type, types.BuiltinFunctionType, types.MethodDescriptorType,
                                                   types.WrapperDescriptorType, types.ClassMethodDescriptorType,
                                                   types.MethodWrapperType)):
        # A callable object (a ufunc, a Cython function, an instance with `__call__`): its type's `__call__`.
        function = library_effects.python_function(getattr(type(value), "__call__", None))
        bound = True
    if function is not None and function.__code__.co_filename == "<string>":
        return [("c", name, "generated")]
    if function is not None:
        key = library_effects.function_key(function)
        if key is not None:
            return [("python", key, bound, function)]
    return [("c", name, type_name(value))]


class Effects:
    """The effect fields of every callable of the walked tables: the analysis of their Python sources,
    the reviewed decisions for the rest (analyzer/library/reviewed.tsv)."""

    def __init__(self, walked, reviewed_path=REVIEWED):
        with open(reviewed_path, encoding="utf-8") as f:
            self.reviewed = library_effects.Reviewed(f.read(), os.path.relpath(reviewed_path, ROOT))
        self.analysis = library_effects.Analysis(self.reviewed.sinks())
        self.parts = {}
        roots = []
        for key, (tables, _) in walked.items():
            for name in tables.callables:
                parts = call_parts(tables, name)
                checked = []
                for part in parts:
                    if part[0] == "python":
                        self.analysis.module(part[3].__globals__.get("__name__", ""))
                        if self.analysis.function(part[1]) is None:  # generated code, or no source here
                            part = ("c", name if tables.entries[name][0] in ("function", "attribute")
                                    else part[1].rsplit(".", 1)[0], "python without source")
                        else:
                            if part[2] and tables.entries[name][0] in ("function", "attribute"):
                                self.analysis.as_method(part[1])
                            self.analysis.bind_closure(part[1], part[3])
                            roots.append(part[1])
                    checked.append(part)
                self.parts[(key, name)] = checked
        self.analysis.solve(roots)
        self.uncovered = {}   # table key -> [(name, reviewed name, type)]
        self.reviewed_count = {}

    def of(self, key, name):
        """The effect fields of callable `name` of table `key`."""
        effects = set()
        correction = self.reviewed.lookup(name, exact_only=True)
        for part in self.parts.get((key, name), ()):
            if part[0] == "python":
                if correction is not None:
                    continue
                effects.update(self.analysis.effects(part[1], part[2]) or ())
            else:
                found = self.reviewed.lookup(part[1], part[2])
                if found is None:
                    self.uncovered.setdefault(key, []).append((name, part[1], part[2]))
                else:
                    self.reviewed_count[key] = self.reviewed_count.get(key, 0) + 1
                    effects.update(found[0])
        if correction is not None:
            effects.update(correction[0])
        return sorted(effects)


def walk_tables():
    """{table key: (Tables, roots)} for every table this interpreter's libraries make."""
    walked = {}
    for key, roots in sorted(roots_by_table(allowed_modules()).items()):
        tables = Tables()
        for root in sorted(set(roots)):
            names = module_names(root) if root != "os.path" else ["os.path"]
            for name in names:
                tables.module(name)
        walked[key] = (tables, sorted(set(roots)))
    return walked


def write_settings(path, effects):
    """settings.tsv: each library setting whose value decides an effect (analyzer/library/README.md)."""
    versions = ", ".join(f"{d} {importlib.metadata.version(d)}" for d in ("matplotlib", "pandas")
                         if _installed(d))
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"# pygate library settings: for {versions}; generated by scripts/library-data.py; do not edit\n")
        for (dist, key, effect), evidence in sorted(effects.analysis.settings().items()):
            out.write(f"{dist}\t{key}\t{effect}\t# {evidence}\n")


def _installed(distribution):
    try:
        importlib.metadata.version(distribution)
        return True
    except importlib.metadata.PackageNotFoundError:
        return False


def generate(out_dir, settings_path, walked=None, reviewed_path=REVIEWED):
    """Write the tables and settings.tsv; returns the problems that make them unfit to commit (a callable
    with no Python source that reviewed.tsv does not cover, a reviewed line that matches nothing, an
    error in reviewed.tsv)."""
    os.makedirs(out_dir, exist_ok=True)
    walked = walked or walk_tables()
    effects = Effects(walked, reviewed_path)
    for key, (tables, roots) in walked.items():
        header = [f"pygate library table: {key}, for CPython {sys.version.split()[0]}; generated by "
                  f"scripts/library-data.py from {', '.join(roots)}; do not edit"]
        tables.write(os.path.join(out_dir, f"{key}.tsv"), header, lambda name: effects.of(key, name))
        print(f"library-data.py: {key}: {len(tables.entries)} entries, "
              f"{effects.reviewed_count.get(key, 0)} callables reviewed", file=sys.stderr)
    write_settings(settings_path, effects)
    problems = list(effects.reviewed.errors)
    for key, missing in sorted(effects.uncovered.items()):
        for name, reviewed_name, kind in sorted(set(missing)):
            problems.append(f"unreviewed: {name} ({kind}; reviewed as {reviewed_name}) in {key}: written in C or "
                            "generated, so no source says what it does; add it to analyzer/library/reviewed.tsv")
    stale = sorted(set(effects.reviewed.all_patterns()) - effects.reviewed.used - effects.analysis.sinks_hit)
    for pattern in stale:
        problems.append(f"stale: reviewed.tsv's {pattern} matches no callable of these libraries")
    return problems


def explain(spec):
    """`NAME:KIND`: the calls by which callable NAME has effect KIND in the whole analysis, down to the
    callables where it starts (for a reviewer deciding whether an effect is the analysis' mistake)."""
    name, _, kind = spec.rpartition(":")
    import tempfile
    with tempfile.TemporaryDirectory() as scratch:
        walked = walk_tables()
        effects = Effects(walked, REVIEWED)
        for key, (tables, _) in walked.items():
            tables.write(os.path.join(scratch, f"{key}.tsv"), [], lambda entry: effects.of(key, entry))
    analysis = effects.analysis
    module, _, rest = name.partition(".")
    value = importlib.import_module(module)
    for part in rest.split(".") if rest else []:
        try:
            value = getattr(value, part)
        except AttributeError:
            module = f"{module}.{part}"
            value = importlib.import_module(module)
    function = library_effects.python_function(value.__init__ if isinstance(value, type) else value)
    lines, seen = [], set()

    def walk(key, depth):
        node = analysis.function(key)
        if node is None or node.ir is None or key in seen or depth > 40:
            return
        seen.add(key)
        callees = [c for c in sorted(node.ir.callees) if analysis.function(c) is not None and
                   any(e.split(":")[0] == kind for e in analysis.effects(c, True) or [])]
        if not callees:
            lines.append("  " * depth + f"{key}: {kind} starts here " +
                         str([why for (k, _), why in node.ir.why.items() if k == kind]))
        for callee in callees:
            lines.append("  " * depth + f"{key} calls {callee}")
            walk(callee, depth + 1)

    walk(library_effects.function_key(function), 0)
    return lines


def check(out_dir, settings_path, walked=None):
    """Compare the committed tables and settings with what this interpreter's libraries make."""
    import filecmp
    import tempfile
    with tempfile.TemporaryDirectory() as scratch:
        made_settings = os.path.join(scratch, "settings.tsv")
        problems = generate(os.path.join(scratch, "tables"), made_settings, walked)
        made = set(os.listdir(os.path.join(scratch, "tables")))
        committed = {f for f in os.listdir(out_dir) if f.endswith(".tsv")}
        for name in sorted(made):
            ours, theirs = os.path.join(scratch, "tables", name), os.path.join(out_dir, name)
            if name not in committed:
                problems.append(f"missing: {name} is made here and not committed")
            elif not filecmp.cmp(ours, theirs, shallow=False):
                problems.append(f"differs: {name}: " + _first_difference(theirs, ours))
        for name in sorted(committed - made):
            print(f"untested: {name}: that version is not installed here", file=sys.stderr)
        if not os.path.exists(settings_path) or not filecmp.cmp(made_settings, settings_path, shallow=False):
            problems.append(f"differs: {os.path.basename(settings_path)}: " +
                            _first_difference(settings_path, made_settings))
    return problems


def _first_difference(committed, made):
    try:
        with open(committed, encoding="utf-8") as f:
            old = f.read().splitlines()
    except OSError:
        return "not committed"
    with open(made, encoding="utf-8") as f:
        new = f.read().splitlines()
    for number, (a, b) in enumerate(zip(old, new), 1):
        if a != b:
            return f"line {number}: committed {a!r}, made {b!r}"
    return f"committed {len(old)} lines, made {len(new)}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", help="the interpreter whose tables to write")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--settings", help="settings.tsv's path (default: beside OUTDIR)")
    parser.add_argument("--explain", metavar="NAME:KIND",
                        help="print how callable NAME comes to have effect KIND (no table is written)")
    parser.add_argument("out", nargs="?", help="the folder the tables go to")
    args = parser.parse_args()
    if args.explain:
        print("\n".join(explain(args.explain)))
        return 0
    if not args.out:
        parser.error("the folder the tables go to is needed")
    if args.python:
        return subprocess.run([args.python, os.path.abspath(__file__)] + (["--check"] if args.check else []) +
                              (["--settings", args.settings] if args.settings else []) + [args.out]).returncode
    settings = args.settings or os.path.join(os.path.dirname(os.path.abspath(args.out)), "settings.tsv")
    problems = check(args.out, settings) if args.check else generate(args.out, settings)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
