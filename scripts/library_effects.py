"""What each Python callable of a library does with its arguments, derived
from the library's own source: the effect columns of pygate's library tables
(analyzer/library/README.md, "Effects"). Run by scripts/library-data.py under
the interpreter whose libraries the tables describe; standard library only.

The analysis, in short:
- Sources are Python's own `ast` of each module, found through `importlib`
  and parsed when a call first reaches the module.
- Names resolve as Python resolves them at module level: imports (relative
  ones too, and `from M import *`), definitions, assignments; a class's
  members through its bases in method-resolution order; `self.m` and
  `cls.m` through the method's class, `super().m` after it; a local
  variable holding a class, a function or an instance of an analysed class;
  a module-level dict of classes subscripted (`_engines[engine]`).
- Data flow within a function is flow-insensitive: each variable holds the
  union of what is assigned to it anywhere in the function (tuple unpacking,
  iteration, `with ... as`, comprehensions, containers and their mutators),
  and an expression carries what its parts carry (f-strings, `+`, `%`,
  `.format`, subscripts, attributes, calls the analysis cannot resolve).
  Nested functions and lambdas are read as part of the function that
  defines them: their effects are reachable through the closure it returns.
- Across functions: a resolved call binds its arguments to the callee's
  parameters (positional, keyword, `*args`, `**kwargs`, `functools.partial`),
  maps the callee's effects and what it returns back onto the caller's
  expressions, to a fixpoint over the call graph.
- Attributes of `self`: a value a method stores on `self.a` and another
  method (of the same class, a base or a subclass) hands to a sink is an
  effect of the storing method's parameter.
- Configuration: a value read from matplotlib's `rcParams[KEY]` or pandas'
  `get_option(KEY)` is a setting. A sink whose argument carries a setting,
  or an effect that happens only inside an `if` whose test reads a setting,
  is the setting's effect (`Analysis.settings`), not the callable's.

Labels (what a value may carry): ("p", NAME) a parameter of the function;
("kw", NAME) a keyword the function receives through `**kwargs` and passes on;
("c", NAME) the class of parameter NAME (`type(x)`); ("f", CLASS, ATTR)
an attribute of `self`; ("s", DIST, KEY) a setting; ("k",) a constant string
of the library joined to the value (a fixed URL or folder around a parameter).
"""
import ast
import builtins
import importlib.util
import os
import sys

# ---------------------------------------------------------------------------
# Sinks: canonical names (where the callable is defined, or the C module's
# name) and what they do with which argument. ARG is (position, keyword) of
# the argument the effect reads; "*" all arguments; "self" the receiver.

NAMES, CODE, FORMAT, ANNOTATIONS = "names", "code", "format", "annotations"
READS, WRITES, FILES, ENVIRONMENT = "reads", "writes", "files", "environment"
PROCESS, NETWORK, IMPORTS, NATIVE, CLASS_OF = "process", "network", "imports", "native", "class_of"
# Effects that happen whatever the arguments: transitive over resolved calls.
UNPARAMETERIZED = {FILES, ENVIRONMENT, PROCESS, NETWORK, IMPORTS, NATIVE, ANNOTATIONS}


def _sinks():
    table = {}

    def add(names, *effects):
        for name in names.split():
            table.setdefault(name, []).extend(effects)

    # Attribute names.
    for prefix in ("builtins.", "object."):
        pass
    add("builtins.getattr builtins.setattr builtins.delattr builtins.hasattr", (NAMES, (1, None)))
    add("builtins.object.__getattribute__ builtins.object.__setattr__ builtins.object.__delattr__ "
        "builtins.type.__getattribute__ builtins.type.__setattr__ builtins.type.__delattr__ "
        "inspect.getattr_static", (NAMES, (1, None)))
    add("operator.attrgetter", (NAMES, "*"))
    add("operator.methodcaller", (NAMES, (0, None)))
    # Code.
    add("builtins.eval builtins.exec", (CODE, (0, "source")))
    add("builtins.compile", (CODE, (0, "source")))
    add("pickle.loads _pickle.loads pickle._loads pickle.load _pickle.load pickle._load marshal.loads marshal.load "
        "pickle.Unpickler _pickle.Unpickler pickle._Unpickler", (CODE, (0, None)))
    add("numexpr.evaluate numexpr.necompiler.evaluate", (CODE, (0, "ex")))
    add("jinja2.environment.Environment.from_string", (CODE, (0, "source")))
    add("jinja2.environment.Template", (CODE, (0, "source")))
    add("jinja2.environment.Environment.get_template jinja2.environment.Environment.select_template "
        "jinja2.environment.Environment.get_or_select_template", (CODE, (0, None)))
    add("jinja2.loaders.FileSystemLoader", (READS, (0, "searchpath")), (CODE, (0, "searchpath")))
    add("runpy.run_path runpy.run_module code.InteractiveInterpreter.runsource code.InteractiveConsole.push",
        (CODE, (0, None)))
    # Format strings whose fields read attributes and items.
    add("_string.formatter_field_name_split", (FORMAT, (0, None)))
    # Annotations evaluated.
    add("typing.get_type_hints typing._eval_type typing.ForwardRef._evaluate", (ANNOTATIONS, None))
    # Imports.
    add("builtins.__import__ importlib.__import__ importlib._bootstrap._gcd_import", (IMPORTS, (0, "name")))
    add("importlib.import_module", (IMPORTS, (0, "name")))
    # Files: the C primitives and the pathlib methods (whose path is their receiver).
    add("builtins.open io.open _io.open _io.FileIO io.FileIO os.open posix.open", ("open", (0, "file")))
    for name in ("stat lstat listdir scandir access readlink getxattr listxattr statvfs pathconf "
                 "path.exists path.isfile path.isdir path.getsize path.getmtime path.lexists").split():
        add(f"os.{name} posix.{name}", (READS, (0, "path")))
    for name in ("remove unlink rmdir mkdir makedirs removedirs chmod chown lchown utime truncate mkfifo mknod "
                 "setxattr removexattr chdir chroot").split():
        add(f"os.{name} posix.{name}", (WRITES, (0, "path")))
    for name in "rename replace link symlink".split():
        add(f"os.{name} posix.{name}", (WRITES, (0, "src")), (WRITES, (1, "dst")))
    for method in ("read_text read_bytes open stat lstat exists is_dir is_file iterdir glob rglob "
                   "readlink owner group samefile is_symlink").split():
        add(f"pathlib.Path.{method}", (READS, "self"))
    for method in "write_text write_bytes touch mkdir unlink rmdir chmod rename replace symlink_to hardlink_to".split():
        add(f"pathlib.Path.{method}", (WRITES, "self"))
    # os.getcwd is not listed: it gives the working folder's name, no file's content (abspath, realpath
    # and Path.resolve call it for every relative path).
    # The environment.
    # The environment: setting it (what the programs a callable starts see); reading it is a label,
    # ENVIRONMENT_SOURCES, an effect where the value comes back to the caller (`Analysis.effects`).
    add("os.putenv os.unsetenv posix.putenv posix.unsetenv", (ENVIRONMENT, None))
    add("builtins.print", ("output", "*"))
    # Processes.
    add("subprocess.Popen subprocess.run subprocess.call subprocess.check_call subprocess.check_output "
        "subprocess.getoutput subprocess.getstatusoutput _posixsubprocess.fork_exec os.system posix.system "
        "os.popen os.fork posix.fork os.forkpty posix.forkpty os.posix_spawn posix.posix_spawn os.posix_spawnp "
        "posix.posix_spawnp os.execv posix.execv os.execve posix.execve os.execl os.execle os.execlp os.execlpe "
        "os.execvp os.execvpe os.spawnl os.spawnle os.spawnlp os.spawnlpe os.spawnv os.spawnve os.spawnvp "
        "os.spawnvpe pty.spawn pty.fork asyncio.create_subprocess_exec asyncio.create_subprocess_shell "
        "asyncio.subprocess.create_subprocess_exec asyncio.subprocess.create_subprocess_shell "
        "multiprocessing.Process webbrowser.open webbrowser.open_new webbrowser.open_new_tab", (PROCESS, None))
    # The network: a URL from a parameter is what the parameter names (`reads:P`); a fixed
    # address, or a parameter put into a fixed URL, is `network`.
    add("urllib.request.urlopen urllib.request.Request urllib.request.OpenerDirector.open "
        "urllib.request.urlretrieve", ("url", (0, "url")))
    add("socket.socket _socket.socket socket.create_connection socket.create_server socket.socketpair "
        "socket.fromfd socket.getaddrinfo _socket.getaddrinfo socket.gethostbyname _socket.gethostbyname "
        "http.client.HTTPConnection http.client.HTTPSConnection ftplib.FTP smtplib.SMTP "
        "asyncio.open_connection asyncio.start_server ssl.SSLSocket", (NETWORK, None))
    # Native code.
    add("ctypes.CDLL ctypes.PyDLL ctypes.LibraryLoader ctypes.cdll ctypes.pydll ctypes.pythonapi _ctypes.dlopen "
        "ctypes.memmove ctypes.memset ctypes.string_at ctypes.wstring_at ctypes.cast _ctypes.call_function "
        "numpy.ctypeslib.load_library", (NATIVE, None))
    return table


SINKS = _sinks()
# Callables that import the module their first argument names and give it back: a module bound through
# one (`jinja2 = import_optional_dependency("jinja2")`) is that module to the analysis.
MODULE_IMPORTERS = {"importlib.import_module", "pandas.compat._optional.import_optional_dependency"}
# Values read from the process environment (and the account database `~` expands through).
ENVIRONMENT_SOURCES = {"os.environ", "os.environb", "posix.environ", "pwd.getpwuid", "pwd.getpwnam",
                       "pwd.getpwall", "os.getlogin", "posix.getlogin"}
E = ("e",)
# Calls whose result is made of their arguments (a string's methods, conversions, containers): what the
# arguments carry, the result carries. Any other call the analysis cannot follow carries what its receiver
# carries, not what its arguments do.
PRESERVING = {f"builtins.{n}" for n in "str bytes list tuple set frozenset dict sorted reversed iter next enumerate "
              "zip filter map min max repr ascii format vars".split()} | {
    "os.fspath", "posix.fspath", "os.fsencode", "os.fsdecode", "_string.formatter_parser",
    "_string.formatter_field_name_split", "copy.copy", "copy.deepcopy", "operator.getitem", "_operator.getitem"}
PRESERVING_METHODS = {"join", "replace", "get", "pop", "setdefault", "format", "format_map", "__getitem__",
                      "__call__", "items", "values", "keys", "copy"}
# Calls whose result carries nothing of their arguments a name, code or path could be made of.
OPAQUE_RESULTS = {f"builtins.{n}" for n in (
    "len isinstance issubclass hasattr callable id hash bool int float complex ord abs round divmod "
    "all any sum min max sorted reversed enumerate zip range iter next print".split())} - {
    "builtins.min", "builtins.max", "builtins.sorted", "builtins.reversed", "builtins.enumerate",
    "builtins.zip", "builtins.iter", "builtins.next"}
# Objects that are their arguments: a path object is the path string it was made from.
VALUE_CLASSES = {"pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "pathlib.PurePosixPath",
                 "pathlib.WindowsPath", "pathlib.PureWindowsPath"}
# The standard library's diagnostics: they format messages and write them to standard error or a log
# handler, and read the source lines of the code that warns (linecache). Their inputs are messages, not
# paths or names a program chooses, so calls into them are not followed.
DIAGNOSTICS = ("warnings.", "logging.", "linecache.", "traceback.")
CONTAINER_MUTATORS = {"append", "extend", "insert", "update", "setdefault", "add", "appendleft", "extendleft"}
# Settings: the objects and functions a library reads its configuration through.
RC_PARAMS = {"matplotlib.rcParams": "matplotlib", "matplotlib.rcParamsDefault": "matplotlib"}
OPTION_GETTERS = {"pandas._config.config.get_option": "pandas", "pandas._config.config._get_option": "pandas"}
K = ("k",)


_SOURCES = {}


def _module_source(name):
    """(path, source text, is a package) of module `name`, or None (C, or not found)."""
    if name not in _SOURCES:
        _SOURCES[name] = _find_module_source(name)
    return _SOURCES[name]


def _find_module_source(name):
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError, AttributeError):
        return None
    if spec is None or not spec.origin:
        return None
    origin = spec.origin
    if origin == "frozen":  # a standard-library module frozen into the interpreter: its source is beside the rest
        import sysconfig
        folder = os.path.join(sysconfig.get_paths()["stdlib"], *name.split("."))
        origin = os.path.join(folder, "__init__.py") if spec.submodule_search_locations else folder + ".py"
    if not origin.endswith(".py"):
        return None
    try:
        with open(origin, "rb") as f:
            return origin, f.read(), spec.submodule_search_locations is not None
    except OSError:
        return None


def _is_module(name):
    """Whether `name` is a module this interpreter has (a C extension too: `scipy.odr.__odrpack`)."""
    if name not in _MODULES:
        try:
            _MODULES[name] = name in sys.modules or importlib.util.find_spec(name) is not None
        except (ImportError, ValueError, AttributeError):
            _MODULES[name] = False
    return _MODULES[name]


_MODULES = {}


def _c_module_has(module, name):
    """Whether a module with no Python source (C) has a public `name`, as `from module import *` sees it."""
    if name.startswith("_"):
        return False
    try:
        held = sys.modules.get(module) or importlib.import_module(module)
    except BaseException:  # a module this interpreter cannot import exports nothing here
        return False
    exported = getattr(held, "__all__", None)
    return name in exported if exported is not None else hasattr(held, name)


# The modules whose class factories write a class's methods as source of their own (namedtuple's
# `_make`, `_replace`) or by exec (dataclass's `__init__`, namedtuple's `__new__`): assigning fields,
# nothing else (reviewed.tsv says so of the exec'd ones).
_CLASS_FACTORY_FILES = ("dataclasses.py", "collections/__init__.py")


def _factory_made_class(module, name):
    """The class a module binds `name` to at import, when a class factory made it (`make_dataclass`,
    `namedtuple`, `type(...)` over generated methods): every Python function its construction can run
    is one the factory generated. Read from the imported module, which says what a module-level call
    returned where the source only shows the factory's every possible result (`dataclass` returns its
    decorator when given no class). None otherwise."""
    import types
    try:
        held = sys.modules.get(module) or importlib.import_module(module)
    except BaseException:  # a module this interpreter cannot import: the source is all there is
        return None
    value = getattr(held, name, None)
    if not isinstance(value, type):
        return None
    for klass in value.__mro__:
        if klass is object or klass.__module__ == "builtins":
            continue
        for member in vars(klass).values():
            function = python_function(member) if not isinstance(member, (property, type)) else None
            if isinstance(member, property) or (function is None and callable(member) and
                                                not isinstance(member, (type, types.BuiltinFunctionType,
                                                                        types.WrapperDescriptorType))):
                return None  # a property or a callable object may run source the factory did not write
            if function is None:
                continue
            filename = function.__code__.co_filename
            if not (filename.startswith("<") or filename.endswith(_CLASS_FACTORY_FILES)):
                return None
    return value


def _walk_scope(node):
    """The nodes of a statement that belong to its function's own scope (not to a nested def, class or lambda)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        for child in ast.iter_child_nodes(current):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                stack.append(child)
            elif isinstance(child, ast.Lambda):
                yield child


class Module:
    def __init__(self, name, path, tree, is_package):
        self.name, self.path, self.tree, self.is_package = name, path, tree, is_package
        self.bindings = {}  # name -> [binding]
        self.stars = []     # modules `from M import *` reads


class Function:
    def __init__(self, key, module, node, cls):
        self.key, self.module, self.node, self.cls = key, module, node, cls  # cls: the class's key or None
        decorators = {d.id if isinstance(d, ast.Name) else d.attr if isinstance(d, ast.Attribute) else None
                      for d in node.decorator_list}
        self.kind = "static" if "staticmethod" in decorators else "class" if "classmethod" in decorators else \
            "method" if cls else "function"
        args = node.args
        self.posonly = [a.arg for a in args.posonlyargs]
        self.positional = [a.arg for a in args.posonlyargs + args.args]
        self.vararg = args.vararg.arg if args.vararg else None
        self.kwonly = [a.arg for a in args.kwonlyargs]
        self.kwarg = args.kwarg.arg if args.kwarg else None
        self.receiver = self.positional[0] if self.kind in ("method", "class") and self.positional else None
        self.summary = Summary()
        self.ir = None
        self.closure = {}  # a free variable -> the objects its cells hold at run time


class Class:
    def __init__(self, key, module, node):
        self.key, self.module, self.node = key, module, node
        self.members = {}  # name -> [binding]
        self.bases = None  # resolved lazily: [object]
        self.mro = None


class Summary:
    """A function's effects, what its result carries (and, when every `return` is a tuple of one length,
    what each item carries), and the settings its effects depend on."""
    __slots__ = ("effects", "returns", "settings", "items")

    def __init__(self, effects=frozenset(), returns=frozenset(), settings=frozenset(), items=None):
        self.effects, self.returns, self.settings, self.items = effects, returns, settings, items

    def key(self):
        return self.effects, self.returns, self.settings, self.items


def _is_str(node):
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


class Analysis:
    def __init__(self, reviewed_sinks=None):
        self.sinks = dict(SINKS)
        for name, effects in (reviewed_sinks or {}).items():
            self.sinks.setdefault(name, []).extend(e for e in effects if e not in self.sinks.get(name, []))
        self.modules = {}      # name -> Module or None
        self.functions = {}    # key -> Function
        self.classes = {}      # key -> Class
        self.functions_by_node = {}
        self.callers = {}      # function key -> set of caller keys
        self.field_kinds = {}  # attribute -> {(class key, effect kind, evidence)}
        self.field_writers = {}  # attribute -> set of function keys
        self.settings_found = {}  # (dist, key, effect) -> evidence
        self.resolving = set()
        self.global_cache = {}
        self.evaluated = set()
        self.sinks_hit = set()  # the sinks some analysed call reached
        self.solved = False

    # ---- sources -----------------------------------------------------------------------------
    def module(self, name):
        if name in self.modules:
            return self.modules[name]
        self.modules[name] = None
        found = _module_source(name)
        if found is None:
            return None
        path, text, is_package = found
        try:
            tree = ast.parse(text, filename=path)
        except (SyntaxError, ValueError):
            return None
        module = Module(name, path, tree, is_package)
        self.modules[name] = module
        self._index_scope(module, tree.body, module.bindings, "", None)
        return module

    def _index_scope(self, module, body, bindings, prefix, cls):
        """Definitions, imports and assignments of a module's or a class's body (not inside functions)."""
        def bind(name, binding):
            bindings.setdefault(name, []).append(binding)

        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                key = f"{module.name}.{prefix}{node.name}"
                function = Function(key, module, node, cls)
                if key not in self.functions or self.functions[key].node.lineno < node.lineno:
                    self.functions[key] = function  # the last definition wins, as at run time
                self.functions_by_node[id(node)] = function
                self._index_nested(module, node.body, f"{prefix}{node.name}.<locals>.")
                if not any(isinstance(d, ast.Attribute) and d.attr in ("setter", "deleter")
                           for d in node.decorator_list):
                    bind(node.name, ("function", key))
            elif isinstance(node, ast.ClassDef):
                key = f"{module.name}.{prefix}{node.name}"
                klass = Class(key, module, node)
                self.classes[key] = klass
                bind(node.name, ("class", key))
                self._index_scope(module, node.body, klass.members, f"{prefix}{node.name}.", key)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        bind(alias.asname, ("module", alias.name))
                    else:
                        bind(alias.name.split(".")[0], ("module", alias.name.split(".")[0]))
            elif isinstance(node, ast.ImportFrom):
                source = self._absolute(module, node.module, node.level)
                if source is None:
                    continue
                for alias in node.names:
                    if alias.name == "*":
                        if cls is None:
                            module.stars.append(source)
                    else:
                        bind(alias.asname or alias.name, ("from", source, alias.name))
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if node.value is None:
                    continue
                for target in targets:
                    if isinstance(target, ast.Name):
                        bind(target.id, ("value", node.value, module, cls))
            elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)) or \
                    type(node).__name__ == "TryStar":
                for field in ("body", "orelse", "finalbody"):
                    self._index_scope(module, getattr(node, field, []) or [], bindings, prefix, cls)
                for handler in getattr(node, "handlers", []) or []:
                    self._index_scope(module, handler.body, bindings, prefix, cls)

    def _index_nested(self, module, body, prefix):
        """Functions and classes defined inside a function (`outer.<locals>.inner`), and its lambda when it
        has one only (`outer.<locals>.<lambda>`): a closure a library makes into a method or a module
        attribute is analysed on its own, its free variables bound to what their cells hold at run time
        (`bind_closure`) or unknown."""
        lambdas = [n for statement in body for n in _walk_scope(statement) if isinstance(n, ast.Lambda)]
        if len(lambdas) == 1:
            wrapper = ast.FunctionDef(name="<lambda>", args=lambdas[0].args,
                                      body=[ast.Return(value=lambdas[0].body)], decorator_list=[], returns=None,
                                      type_comment=None)
            ast.copy_location(wrapper, lambdas[0])
            key = f"{module.name}.{prefix}<lambda>"
            self.functions.setdefault(key, Function(key, module, wrapper, None))
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                key = f"{module.name}.{prefix}{node.name}"
                self.functions.setdefault(key, Function(key, module, node, None))
                self._index_nested(module, node.body, f"{prefix}{node.name}.<locals>.")
            elif isinstance(node, ast.ClassDef):
                key = f"{module.name}.{prefix}{node.name}"
                klass = Class(key, module, node)
                self.classes.setdefault(key, klass)
                self._index_scope(module, node.body, klass.members, f"{prefix}{node.name}.", key)
            else:
                for field in ("body", "orelse", "finalbody"):
                    self._index_nested(module, getattr(node, field, []) or [], prefix)
                for handler in getattr(node, "handlers", []) or []:
                    self._index_nested(module, handler.body, prefix)
                for case in getattr(node, "cases", []) or []:
                    self._index_nested(module, case.body, prefix)

    def bind_closure(self, key, function_object):
        """The objects a closure's free variables hold at run time (`replace_method`'s `func`), as the
        analysis names them; the cells of every closure of one definition are joined."""
        function = self.function(key)
        cells = getattr(function_object, "__closure__", None) or ()
        if function is None or function.ir is not None:
            return
        for name, cell in zip(function_object.__code__.co_freevars, cells):
            try:
                value = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            objects = self.objects_of_value(value)
            if objects:
                function.closure.setdefault(name, set()).update(objects)

    def objects_of_value(self, value):
        import types
        if isinstance(value, types.ModuleType):
            return {("module", value.__name__)}
        if isinstance(value, type):
            key = f"{value.__module__}.{value.__qualname__}"
            self.module(value.__module__)
            return {("class", key)} if key in self.classes else {("ext", key)}
        function = python_function(value)
        if function is not None:
            key = function_key(function)
            if key:
                self.module(function.__globals__.get("__name__", ""))
                return {("function", key)} if self.function(key) is not None else set()
            return set()
        module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
        if callable(value) and isinstance(module, str) and isinstance(qualname, str):
            return {("ext", f"{module}.{qualname}")}
        return set()

    def as_method(self, key):
        """Read function `key` (a closure a library set on a class) as a method: its first parameter is
        the receiver."""
        function = self.function(key)
        if function is not None and function.kind == "function" and function.positional and \
                function.ir is None:
            function.kind = "method"
            function.receiver = function.positional[0]

    @staticmethod
    def _absolute(module, name, level):
        if level == 0:
            return name
        parts = module.name.split(".")
        if not module.is_package:
            parts = parts[:-1]
        if level > 1:
            parts = parts[:len(parts) - (level - 1)]
        if not parts:
            return None
        return ".".join(parts + ([name] if name else []))

    # ---- resolution: objects are ("module", name) ("function", key) ("class", key)
    # ("instance", class key) ("bound", function key) ("ext", dotted) ("data", dotted)
    # ("dict", [objects]) ------------------------------------------------------------------
    def resolve_global(self, module_name, name, depth=0):
        if depth > 12:
            return set()
        cached = self.global_cache.get((module_name, name))
        if cached is not None:
            return cached
        found = self._resolve_global(module_name, name, depth)
        if not self.resolving:  # a result cut short by a cycle guard is not kept
            self.global_cache[(module_name, name)] = found
        return found

    def _resolve_global(self, module_name, name, depth):
        module = self.module(module_name)
        if module is None:
            return {("ext", f"{module_name}.{name}")}
        found = set()
        for binding in module.bindings.get(name, []):
            found |= self._binding_objects(binding, f"{module_name}.{name}", depth)
        if not found:
            for star in module.stars:
                found |= self._member(("module", star), name, depth + 1, through_star=True)
        if not found and (_module_source(f"{module_name}.{name}") is not None or
                          _is_module(f"{module_name}.{name}")):
            found.add(("module", f"{module_name}.{name}"))
        return found

    def _binding_objects(self, binding, dotted, depth):
        kind = binding[0]
        if kind == "function":
            return {("function", binding[1])}
        if kind == "class":
            return {("class", binding[1])}
        if kind == "module":
            return {("module", binding[1])}
        if kind == "from":
            return self._member(("module", binding[1]), binding[2], depth + 1)
        if kind == "value":
            _, node, module, cls = binding
            if cls is None and isinstance(node, ast.Call):
                made = _factory_made_class(module.name, dotted.rsplit(".", 1)[-1])
                if made is not None:
                    return {("ext", dotted), ("data", dotted)}
            guard = ("value", id(node))
            if guard in self.resolving:
                return set()
            self.resolving.add(guard)
            try:
                objects = self.objects(node, Scope(module, None), depth + 1)
            finally:
                self.resolving.discard(guard)
            if isinstance(node, ast.Dict):
                return objects
            return objects | {("data", dotted)}
        return set()

    def _member(self, obj, name, depth, through_star=False):
        """The objects `obj.name` may be."""
        kind = obj[0]
        if kind == "module":
            module = self.module(obj[1])
            if module is None:
                if _module_source(f"{obj[1]}.{name}") is not None:
                    return {("module", f"{obj[1]}.{name}")}
                if through_star and not _c_module_has(obj[1], name):
                    return set()
                return {("ext", f"{obj[1]}.{name}")}
            if through_star and name.startswith("_"):
                return set()
            return self.resolve_global(obj[1], name, depth)
        if kind in ("class", "instance"):
            found = set()
            for klass in self.mro(obj[1]):
                if isinstance(klass, str):  # a base without source
                    continue
                bindings = klass.members.get(name)
                if bindings:
                    for binding in bindings:
                        for member in self._binding_objects(binding, f"{klass.key}.{name}", depth + 1):
                            if member[0] == "function" and kind == "instance":
                                function = self.functions.get(member[1])
                                if function is not None and function.kind in ("method", "class"):
                                    member = ("bound", member[1])
                            elif member[0] == "function" and kind == "class":
                                function = self.functions.get(member[1])
                                if function is not None and function.kind == "class":
                                    member = ("bound", member[1])
                            found.add(member)
                    break
            if not found:
                for klass in self.mro(obj[1]):
                    if isinstance(klass, str):
                        found.add(("ext", f"{klass}.{name}"))
                        break
            return found
        if kind == "ext":
            return {("ext", f"{obj[1]}.{name}")}
        return set()

    def class_bases(self, klass):
        if klass.bases is None:
            klass.bases = []
            scope = Scope(klass.module, None)
            for base in klass.node.bases:
                for obj in self.objects(base, scope, 1):
                    if obj[0] == "class":
                        klass.bases.append(obj[1])
                    elif obj[0] == "ext":
                        klass.bases.append(obj[1])
        return klass.bases

    def mro(self, key, depth=0):
        """Classes (Class, or a dotted name for one without source) in method-resolution order."""
        klass = self.classes.get(key)
        if klass is None:
            return [key]
        if klass.mro is not None:
            return klass.mro
        klass.mro = [klass]  # a cycle reads as no bases
        if depth > 40:
            return klass.mro
        sequences = [list(self.mro(base, depth + 1)) for base in self.class_bases(klass)]
        order = [klass]
        sequences = [s for s in sequences if s]
        while sequences:
            for sequence in sequences:
                head = sequence[0]
                if not any(head in s[1:] for s in sequences):
                    break
            else:  # no C3 order: depth-first, left to right
                head = sequences[0][0]
            order.append(head)
            sequences = [[c for c in s if c is not head] for s in sequences]
            sequences = [s for s in sequences if s]
        klass.mro = order
        return order

    def subclass_related(self, a, b):
        if a == b:
            return True
        in_a = {k.key if isinstance(k, Class) else k for k in self.mro(a)}
        in_b = {k.key if isinstance(k, Class) else k for k in self.mro(b)}
        return a in in_b or b in in_a

    def objects(self, node, scope, depth=0):
        """What `node` may evaluate to, as far as names resolve (never the taint)."""
        if depth > 12:
            return set()
        if isinstance(node, ast.Name):
            if scope.function is not None:
                if node.id in scope.locals:
                    found = set()
                    guard = ("local", id(scope), node.id)
                    if guard in self.resolving:
                        return set()
                    self.resolving.add(guard)
                    try:
                        for value in scope.locals[node.id]:
                            if isinstance(value, tuple):
                                found |= self._binding_objects(value, node.id, depth + 1)
                            else:
                                found |= self.objects(value, scope, depth + 1)
                    finally:
                        self.resolving.discard(guard)
                    return found
                function = scope.function
                if node.id in function.closure:
                    return set(function.closure[node.id])
                if node.id == function.receiver and function.cls:
                    return {("instance" if function.kind == "method" else "class", function.cls)}
                if node.id in function.positional or node.id in function.kwonly:
                    return set()
            found = self.resolve_global(scope.module.name, node.id, depth + 1) if scope.module else set()
            if not found and hasattr(builtins, node.id):
                found = {("ext", f"builtins.{node.id}")}
            return found
        if isinstance(node, ast.Attribute):
            found = set()
            function = scope.function
            if function is not None and function.cls and isinstance(node.value, ast.Name) and \
                    node.value.id == function.receiver and node.value.id not in scope.locals:
                found |= self.field_objects(function.cls, node.attr, depth + 1)
            for obj in self.objects(node.value, scope, depth + 1):
                found |= self._member(obj, node.attr, depth + 1)
            return found
        if isinstance(node, ast.Call):
            found = set()
            func = node.func
            if isinstance(func, ast.Name) and func.id == "super" and scope.function and scope.function.cls:
                return {("super", scope.function.cls, scope.function.kind)}
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call) and \
                    isinstance(func.value.func, ast.Name) and func.value.func.id == "super":
                pass
            for target in self.objects(func, scope, depth + 1):
                if target[1] in MODULE_IMPORTERS and node.args and _is_str(node.args[0]):
                    # `importlib.import_module("x")`, pandas' `import_optional_dependency("jinja2")`: the module.
                    found.add(("module", node.args[0].value))
                elif target[0] == "class":
                    found.add(("instance", target[1]))
                elif target[0] == "ext" and target[1] == "builtins.type" and len(node.args) == 1:
                    for obj in self.objects(node.args[0], scope, depth + 1):
                        if obj[0] == "instance":
                            found.add(("class", obj[1]))
                elif target[0] in ("function", "bound"):
                    found |= self.returned_objects(target[1], depth + 1)
            return found
        if isinstance(node, ast.IfExp):
            return self.objects(node.body, scope, depth + 1) | self.objects(node.orelse, scope, depth + 1)
        if isinstance(node, ast.BoolOp):
            found = set()
            for value in node.values:
                found |= self.objects(value, scope, depth + 1)
            return found
        if isinstance(node, ast.Dict):
            found = set()
            for value in node.values:
                found |= {o for o in self.objects(value, scope, depth + 1) if o[0] in ("class", "function")}
            return {("dict", frozenset(found))} if found else set()
        if isinstance(node, ast.Subscript):
            found = set()
            for obj in self.objects(node.value, scope, depth + 1):
                if obj[0] == "dict":
                    found |= obj[1]
            return found
        return set()

    def field_objects(self, class_key, attr, depth):
        """What the methods of a class and its bases store on `self.attr` may be (instances, classes, functions)."""
        guard = ("field", class_key, attr)
        if guard in self.resolving or depth > 12:
            return set()
        self.resolving.add(guard)
        try:
            found = set()
            for klass in self.mro(class_key):
                if isinstance(klass, str):
                    continue
                for value, method in self.field_values(klass).get(attr, ()):
                    scope = self.ir(method).scope
                    found |= {o for o in self.objects(value, scope, depth + 1)
                              if o[0] in ("instance", "class", "function", "bound")}
            return found
        finally:
            self.resolving.discard(guard)

    def field_values(self, klass):
        if getattr(klass, "fields", None) is None:
            klass.fields = {}
            for bindings in klass.members.values():
                for binding in bindings:
                    method = self.functions.get(binding[1]) if binding[0] == "function" else None
                    if method is None or method.receiver is None:
                        continue
                    for node in ast.walk(method.node):
                        if isinstance(node, ast.Assign):
                            for target in node.targets:
                                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and \
                                        target.value.id == method.receiver:
                                    klass.fields.setdefault(target.attr, []).append((node.value, method))
        return klass.fields

    def returned_objects(self, key, depth):
        function = self.function(key)
        if function is None or depth > 12:
            return set()
        guard = ("returns", key)
        if guard in self.resolving:
            return set()
        self.resolving.add(guard)
        try:
            ir = self.ir(function)
            found = set()
            for value in ir.returns:
                found |= {o for o in self.objects(value, ir.scope, depth + 1) if o[0] in ("instance", "class",
                                                                                          "function")}
            return found
        finally:
            self.resolving.discard(guard)

    def function(self, key):
        function = self.functions.get(key)
        if function is None:
            module_name = key
            while "." in module_name and self.modules.get(module_name) is None:
                module_name = module_name.rsplit(".", 1)[0]
                if self.module(module_name) is not None:
                    break
            function = self.functions.get(key)
        return function

    def ir(self, function):
        if function.ir is None:
            function.ir = FunctionIR(self, function)
        return function.ir

    # ---- call targets ------------------------------------------------------------------------
    def call_targets(self, call, scope):
        """[(kind, ident, skip_first, receiver)] a call may reach: kind is "function" (a key), "construct"
        (a class key), "ext" (a dotted name), "super"-resolved functions come out as "function"."""
        return [t for t in self._call_targets(call, scope) if not t[1].startswith(DIAGNOSTICS)]

    def _call_targets(self, call, scope):
        func = call.func
        targets = []
        # super().m(...)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call) and \
                isinstance(func.value.func, ast.Name) and func.value.func.id == "super" and \
                scope.function is not None and scope.function.cls:
            mro = self.mro(scope.function.cls)
            for klass in mro[1:]:
                if isinstance(klass, str):
                    targets.append(("ext", f"{klass}.{func.attr}", False, None))
                    break
                if func.attr in klass.members:
                    for binding in klass.members[func.attr]:
                        for obj in self._binding_objects(binding, f"{klass.key}.{func.attr}", 1):
                            if obj[0] == "function":
                                f = self.functions.get(obj[1])
                                skip = f is not None and f.kind in ("method", "class")
                                targets.append(("function", obj[1], skip, "self"))
                    break
            return targets
        for obj in self.objects(func, scope):
            kind = obj[0]
            if kind == "function":
                targets.append(("function", obj[1], False, None))
            elif kind == "bound":
                targets.append(("function", obj[1], True, "receiver"))
            elif kind == "class":
                targets.append(("construct", obj[1], True, None))
            elif kind == "instance":
                for member in self._member(obj, "__call__", 1):
                    if member[0] == "bound":
                        targets.append(("function", member[1], True, "callee"))
            elif kind in ("ext", "data"):
                targets.append(("ext", obj[1], False, None))
        return targets

    def constructor(self, class_key):
        """The Python functions that run when the class is called: its `__new__` and `__init__`."""
        found = []
        for special in ("__new__", "__init__"):
            for klass in self.mro(class_key):
                if isinstance(klass, str):
                    if klass not in ("builtins.object", "object"):
                        found.append(("ext", f"{klass}.{special}"))
                    break
                if special in klass.members:
                    for binding in klass.members[special]:
                        for obj in self._binding_objects(binding, f"{klass.key}.{special}", 1):
                            if obj[0] == "function":
                                found.append(("function", obj[1]))
                    break
        return found

    # ---- the fixpoint ------------------------------------------------------------------------
    def solve(self, roots):
        """Summaries of `roots` (function keys) and of everything they reach."""
        pending = list(dict.fromkeys(roots))
        queued = set(pending)
        rounds = 0
        while pending:
            key = pending.pop()
            queued.discard(key)
            function = self.function(key)
            if function is None:
                continue
            rounds += 1
            self.evaluated.add(key)
            before = function.summary.key()
            ir = self.ir(function)
            new_callees, new_field_kinds = ir.evaluate()
            for callee in new_callees:
                self.callers.setdefault(callee, set()).add(key)
                if callee not in self.evaluated and callee not in queued:
                    pending.append(callee)
                    queued.add(callee)
            for attr in new_field_kinds:
                for writer in self.field_writers.get(attr, ()):
                    if writer not in queued:
                        pending.append(writer)
                        queued.add(writer)
            if function.summary.key() != before:
                for caller in self.callers.get(key, ()):
                    if caller not in queued:
                        pending.append(caller)
                        queued.add(caller)
        self.solved = True
        return rounds

    # ---- answers -----------------------------------------------------------------------------
    def effects(self, key, bound):
        """The effect fields of function `key` ("names:func#0", "process", ...), sorted; None without source."""
        function = self.function(key)
        if function is None:
            return None
        if key in self.sinks:
            return self.declared(function, key, bound)
        effects = set(function.summary.effects)
        if E in function.summary.returns:
            effects.add((ENVIRONMENT, None))
        effects |= {(CLASS_OF, label) for label in function.summary.returns if label[0] == "c"}
        return format_effects(function, effects, bound)

    def declared(self, function, key, bound):
        """A sink's own entry: the effects the sink table declares, spelled as its signature names them."""
        effects = set()
        for kind, arg in self.sinks[key]:
            kinds = {"open": (READS, WRITES), "url": (READS, NETWORK)}.get(kind, (kind,))
            for one in kinds:
                if arg is None or one == NETWORK:
                    effects.add((one, None))
                elif arg == "*":
                    for name in function.positional + function.kwonly + [function.vararg, function.kwarg]:
                        if name and name != function.receiver:
                            effects.add((one, ("p", name)))
                elif arg == "self":
                    effects.add((one, ("p", function.receiver)))
                else:
                    position, keyword = arg
                    positional = function.positional[1:] if function.kind in ("method", "class") \
                        else function.positional
                    if position is not None and position < len(positional):
                        effects.add((one, ("p", positional[position])))
                    elif keyword:
                        effects.add((one, ("p", keyword)))
        return format_effects(function, effects, bound)

    def explain(self, key, kind, depth=0):
        """The chain of calls by which function `key` has effect `kind`, down to its sink: [(function, step)]."""
        chain, seen = [], set()
        while key not in seen and len(chain) < 40:
            seen.add(key)
            function = self.function(key)
            if function is None or function.ir is None:
                break
            step = next((why for (k, _), why in function.ir.why.items() if k == kind), None)
            if step is None:
                break
            chain.append((key, step))
            key = step
        return chain

    def construct_effects(self, class_key):
        found = set()
        for kind, ident in self.constructor(class_key):
            if kind == "function":
                function = self.function(ident)
                if function is not None:
                    found |= set(format_effects(function, function.summary.effects, True))
        return sorted(found)

    def settings(self):
        """{(dist, key, effect): evidence}: a setting whose value decides an effect."""
        return dict(self.settings_found)


class Scope:
    def __init__(self, module, function):
        self.module, self.function = module, function
        self.locals = {}


def parameter_spelling(function, label, bound):
    """How a table spells the parameter a label stands for (README, "Effects")."""
    if label is None:
        return None
    if label[0] == "kw":
        return label[1]
    if label[0] not in ("p", "c", "key"):
        return None
    name = label[1]
    if label[0] == "key" and name == function.kwarg:
        return "**names"
    positional = list(function.positional)
    skip = 1 if (bound and function.kind in ("method", "class")) or function.kind == "class" else 0
    if function.receiver and name == function.receiver and function.kind == "method":
        return "self"
    positional = positional[skip:]
    if name in positional:
        index = positional.index(name)
        return f"#{index}" if name in function.posonly else f"{name}#{index}"
    if name == function.vararg:
        return f"#{len(positional)}+"
    if name == function.kwarg:
        return "**"
    if name in function.kwonly:
        return name
    return None


def format_effects(function, effects, bound):
    out = set()
    for kind, label in effects:
        if label is None or label[0] == "if":
            out.add(kind)
            continue
        spelled = parameter_spelling(function, label, bound)
        if spelled is not None:
            out.add(f"{kind}:{spelled}")
    return sorted(out)


def keys_of(labels):
    """The labels of an element or key of a value that carries `labels`."""
    return {("key", label[1]) if label[0] == "p" else label for label in labels}


PARAMETER_LABELS = ("p", "kw", "key", "f", "if")


def holds(condition, value):
    _, how, constant, polarity = condition
    try:
        if how == "truthy":
            result = bool(value)
        elif how == "eq":
            result = value == constant
        elif how == "is":
            result = value is constant
        else:
            result = value in constant
    except Exception:  # a comparison that raises: not a constant the analysis can judge
        return True
    return bool(result) == polarity


class FunctionIR:
    """A function's flow facts: its variables' assignments, calls, sinks, returns and stores on `self`."""

    def __init__(self, analysis, function):
        self.analysis = analysis
        self.function = function
        self.scope = Scope(function.module, function)
        self.assignments = []   # (target node, value node or label set, kind)
        self.returns = []
        self.calls = []         # (call node, guards)
        self.stores = []        # (attribute, value node)
        self.reads = []         # (node, guards): attribute/name reads that may be data sinks
        self.subscript_stores = []  # (target node, key node)
        self.env = {}
        self.target_cache = {}
        self.why = {}
        self.assigned_names = None
        self.partials = {}
        self.callees = set()
        args = function.node.args
        self.params = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs] + \
            [a for a in (function.vararg, function.kwarg) if a]
        self._collect(function.node.body, (), top=True)
        self._collect_args(function.node)

    # -- collection
    def _collect_args(self, node):
        for default in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            self._expression(default, ())

    def _bind_local(self, name, value):
        self.scope.locals.setdefault(name, []).append(value)

    def _target(self, target, value, guards, how="value"):
        """Record `target = value` (value: a node, or ("iter", node) for an element of it)."""
        if isinstance(target, ast.Name):
            self.assignments.append((target.id, value))
            if how == "value" and not isinstance(value, tuple):
                self._bind_local(target.id, value)
        elif isinstance(target, (ast.Tuple, ast.List)) and len(target.elts) == 2 and \
                isinstance(value, tuple) and value[0] == "element" and isinstance(value[1], ast.Call) and \
                isinstance(value[1].func, ast.Attribute) and value[1].func.attr == "items" and \
                not any(isinstance(e, ast.Starred) for e in target.elts):
            # `for key, value in d.items()`: the keys and the values apart
            self._target(target.elts[0], ("keys", value[1].func.value), guards, how="element")
            self._target(target.elts[1], ("values", value[1].func.value), guards, how="element")
        elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, ast.Call) and \
                not any(isinstance(e, ast.Starred) for e in target.elts):
            # `a, b = f()`: each item of what f returns, when f's returns say (else any item)
            for index, element in enumerate(target.elts):
                self._target(element, ("item", (index, len(target.elts), value)), guards, how="element")
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._target(element.value if isinstance(element, ast.Starred) else element,
                             ("element", value), guards, how="element")
        elif isinstance(target, ast.Starred):
            self._target(target.value, ("element", value), guards, how="element")
        elif isinstance(target, ast.Attribute):
            self._expression(target.value, guards)
            if isinstance(target.value, ast.Name) and target.value.id == self.function.receiver \
                    and self.function.cls and not isinstance(value, tuple):
                self.stores.append((target.attr, value))
            elif isinstance(target.value, ast.Name) and target.value.id == self.function.receiver \
                    and self.function.cls:
                self.stores.append((target.attr, value))
        elif isinstance(target, ast.Subscript):
            self._expression(target.value, guards)
            self._expression(target.slice, guards)
            base = target.value
            if isinstance(base, ast.Name):
                self.assignments.append((base.id, value))
                self.assignments.append((base.id, target.slice))
            if isinstance(base, ast.Attribute) and base.attr == "__dict__":
                self.subscript_stores.append((target.slice, guards))

    def _collect(self, body, guards, top=False):
        for node in body:
            self._statement(node, guards, top)

    def _statement(self, node, guards, top):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                self._expression(decorator, guards)
            self._collect_args(node)
            self._bind_local(node.name, ("function", f"{self.function.key}.<locals>.{node.name}"))
            self._collect(node.body, guards, top=False)
            return
        if isinstance(node, ast.ClassDef):
            for expr in node.bases + [k.value for k in node.keywords] + node.decorator_list:
                self._expression(expr, guards)
            self._collect(node.body, guards, top=False)
            return
        if isinstance(node, ast.Return):
            if node.value is not None:
                self._expression(node.value, guards)
                if top:
                    self.returns.append(node.value)
            return
        if isinstance(node, ast.Assign):
            self._expression(node.value, guards)
            for target in node.targets:
                self._target(target, node.value, guards)
            return
        if isinstance(node, ast.AnnAssign):
            if node.value is not None:
                self._expression(node.value, guards)
                self._target(node.target, node.value, guards)
            return
        if isinstance(node, ast.AugAssign):
            self._expression(node.value, guards)
            self._expression(node.target, guards)
            self._target(node.target, node.value, guards)
            return
        if isinstance(node, (ast.For, ast.AsyncFor)):
            self._expression(node.iter, guards)
            self._target(node.target, ("element", node.iter), guards, how="element")
            self._collect(node.body, guards, top)
            self._collect(node.orelse, guards, top)
            return
        if isinstance(node, (ast.While, ast.If)):
            self._expression(node.test, guards)
            self._collect(node.body, guards + ((node.test, True),), top)
            self._collect(node.orelse, guards + ((node.test, False),), top)
            return
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                self._expression(item.context_expr, guards)
                if item.optional_vars is not None:
                    self._target(item.optional_vars, item.context_expr, guards)
            self._collect(node.body, guards, top)
            return
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            self._collect(node.body, guards, top)
            for handler in node.handlers:
                if handler.type is not None:
                    self._expression(handler.type, guards)
                self._collect(handler.body, guards, top)
            self._collect(node.orelse, guards, top)
            self._collect(node.finalbody, guards, top)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.asname or alias.name.split(".")[0]
                self._bind_local(name, ("module", alias.name if alias.asname else alias.name.split(".")[0]))
            return
        if isinstance(node, ast.ImportFrom):
            source = Analysis._absolute(self.function.module, node.module, node.level)
            if source is not None:
                for alias in node.names:
                    if alias.name != "*":
                        self._bind_local(alias.asname or alias.name, ("from", source, alias.name))
            return
        if isinstance(node, ast.Match):
            self._expression(node.subject, guards)
            for case in node.cases:
                if case.guard is not None:
                    self._expression(case.guard, guards)
                self._collect(case.body, guards, top)
            return
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self._expression(child, guards)

    def _expression(self, node, guards):
        """Find the calls, reads, walruses and comprehensions inside an expression."""
        stack = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, ast.Call):
                self.calls.append((current, guards))
                func = current.func
                if isinstance(func, ast.Attribute) and func.attr in CONTAINER_MUTATORS and \
                        isinstance(func.value, ast.Name):
                    for arg in list(current.args) + [k.value for k in current.keywords]:
                        self.assignments.append((func.value.id, arg))
            elif isinstance(current, (ast.Attribute, ast.Name)) and isinstance(current.ctx, ast.Load):
                self.reads.append((current, guards))
            elif isinstance(current, ast.NamedExpr):
                self._target(current.target, current.value, guards)
            elif isinstance(current, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
                for generator in current.generators:
                    self._target(generator.target, ("element", generator.iter), guards, how="element")
            elif isinstance(current, ast.Lambda):
                self._collect_args(current)
                stack.append(current.body)
                continue
            elif isinstance(current, ast.IfExp):
                stack.append(current.test)
                self._expression(current.body, guards + ((current.test, True),))
                self._expression(current.orelse, guards + ((current.test, False),))
                continue
            stack.extend(ast.iter_child_nodes(current))

    # -- evaluation
    def targets(self, call):
        cached = self.target_cache.get(id(call))
        if cached is None:
            cached = self.analysis.call_targets(call, self.scope)
            self.target_cache[id(call)] = cached
        return cached

    def evaluate(self):
        """Recompute the summary from the callees' current summaries; returns (new callees, new field kinds)."""
        function = self.function
        self.env = {p: {("p", p)} for p in self.params}
        for _ in range(8):
            changed = False
            for name, value in self.assignments:
                labels = self.element(value)
                if labels:
                    held = self.env.setdefault(name, set())
                    if not labels <= held:
                        held |= labels
                        changed = True
            if not changed:
                break
        effects, settings, new_callees, new_field_kinds = set(), set(), set(), set()
        self.effects, self.settings, self.why = effects, settings, {}

        for call, guards in self.calls:
            self._call_effects(call, guards, new_callees)
        for key_node, guards in self.subscript_stores:
            self._add_labels(NAMES, self.taint(key_node), guards, "a __dict__ item set")
        # Stores on self whose attribute some method hands to a sink.
        for attr, value in self.stores:
            self.analysis.field_writers.setdefault(attr, set()).add(function.key)
            kinds = self.analysis.field_kinds.get(attr, ())
            if kinds:
                labels = self.element(value)
                for reader_class, kind in kinds:
                    if self.analysis.subclass_related(reader_class, function.cls):
                        for label in labels:
                            if label[0] in ("p", "kw", "key") and label[1] != function.receiver:
                                self._effect((kind, label), f"self.{attr}, which {reader_class} hands to a sink")
        # Effects on attributes of self: the stores that set them are the effect's source.
        for kind, label in list(effects):
            if label is not None and label[0] == "f":
                entry = (label[1], kind)
                known = self.analysis.field_kinds.setdefault(label[2], set())
                if entry not in known:
                    known.add(entry)
                    new_field_kinds.add(label[2])
        returns = set()
        for value in self.returns:
            returns |= self.taint(value)
        items = None
        lengths = {len(v.elts) if isinstance(v, ast.Tuple) and not any(isinstance(e, ast.Starred) for e in v.elts)
                   else -1 for v in self.returns}
        if len(lengths) == 1 and min(lengths) > 0:
            items = tuple(frozenset(set().union(*(self.taint(v.elts[i]) for v in self.returns)))
                          for i in range(min(lengths)))
        function.summary = Summary(frozenset(e for e in effects if e[1] is None or e[1][0] in PARAMETER_LABELS),
                                   frozenset(returns), frozenset(settings), items)
        for setting in settings:  # the first evidence by name, whatever order the fixpoint took
            evidence = f"{function.key}: {setting[3]}"
            known = self.analysis.settings_found.get(setting[:3])
            if known is None or evidence < known:
                self.analysis.settings_found[setting[:3]] = evidence
        callees_new = new_callees - self.callees
        self.callees |= new_callees
        return callees_new, new_field_kinds

    def _dotted(self, node):
        """The canonical name a Name or Attribute read resolves to, when it is a data sink."""
        if isinstance(node, ast.Name):
            if node.id in self.env or node.id in self.scope.locals:
                return None
        elif not isinstance(node, ast.Attribute):
            return None
        cache_key = ("read", id(node))
        cached = self.target_cache.get(cache_key)
        if cached is None:
            cached = [o[1] for o in self.analysis.objects(node, self.scope) if o[0] in ("ext", "data")]
            self.target_cache[cache_key] = cached
        for dotted in cached:
            if dotted in ENVIRONMENT_SOURCES:
                return dotted
        return None

    def _guard_settings(self, guards):
        found = set()
        for test, _ in guards:
            for label in self.taint(test):
                if label[0] == "s":
                    found.add(label)
        return found

    def _assigned(self):
        if self.assigned_names is None:
            self.assigned_names = {name for name, _ in self.assignments}
        return self.assigned_names

    def conditions(self, test, polarity):
        """What a test says of parameters the function never rebinds: {(name, op, value, polarity)}, all of
        which hold where the test (with that polarity) does; empty when it says nothing that simple."""
        if isinstance(test, ast.BoolOp):
            if isinstance(test.op, ast.And) == polarity:
                found = set()
                for value in test.values:
                    found |= self.conditions(value, polarity)
                return found
            return set()
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self.conditions(test.operand, not polarity)
        parameters = set(self.function.positional + self.function.kwonly) - self._assigned()
        if isinstance(test, ast.Name) and test.id in parameters:
            return {(test.id, "truthy", None, polarity)}
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Name) and \
                test.left.id in parameters:
            op, right = test.ops[0], test.comparators[0]
            if isinstance(right, ast.Constant) and isinstance(op, (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)):
                how = "eq" if isinstance(op, (ast.Eq, ast.NotEq)) else "is"
                return {(test.left.id, how, right.value, polarity == isinstance(op, (ast.Eq, ast.Is)))}
            if isinstance(right, (ast.Tuple, ast.List, ast.Set)) and isinstance(op, (ast.In, ast.NotIn)) and \
                    all(isinstance(e, ast.Constant) for e in right.elts):
                return {(test.left.id, "in", tuple(e.value for e in right.elts), polarity == isinstance(op, ast.In))}
        return set()

    def _unparameterized(self, kind, guards, evidence, inherited=frozenset()):
        gated = self._guard_settings(guards)
        if gated:
            for label in gated:
                self.settings.add((label[1], label[2], kind, f"{evidence}, under a test of {label[2]}"))
            return
        conditions = set(inherited)
        for test, polarity in guards:
            conditions |= self.conditions(test, polarity)
        self._effect((kind, ("if", frozenset(conditions)) if conditions else None), evidence)

    def _effect(self, effect, evidence):
        self.effects.add(effect)
        self.why.setdefault((effect[0], effect[1][0] if effect[1] else None), evidence)

    def _add_labels(self, kind, labels, guards, evidence, otherwise=None):
        """Effects of a sink whose argument carries `labels`; `otherwise`: the effect when no
        parameter decides it."""
        decided = False
        for label in labels:
            if label[0] in PARAMETER_LABELS:
                self._effect((kind, label), evidence)
                decided = True
            elif label[0] == "s":
                self.settings.add((label[1], label[2], kind, evidence))
                decided = True
        # A fixed URL around a parameter (`f"https://host/{name}.csv"`) reaches the network whatever it is.
        if otherwise and (not decided or (otherwise == NETWORK and K in labels)):
            self._unparameterized(otherwise, guards, evidence)

    def _argument(self, call, position, keyword):
        if position == "*":
            return [a for a in call.args] + [k.value for k in call.keywords]
        found = []
        if position is not None:
            for index, arg in enumerate(call.args):
                if isinstance(arg, ast.Starred):
                    found.append(arg.value)
                    break
                if index == position:
                    found.append(arg)
                    break
        for keyword_node in call.keywords:
            if keyword_node.arg is None or (keyword and keyword_node.arg == keyword):
                found.append(keyword_node.value)
        return found

    def _labels_of(self, nodes):
        labels = set()
        for node in nodes:
            labels |= self.taint(node)
        return labels

    def _sink(self, dotted, call, guards, receiver=None):
        """Effects of a call of sink `dotted`."""
        self.analysis.sinks_hit.add(dotted)
        for kind, arg in self.analysis.sinks.get(dotted, ()):
            evidence = dotted
            if arg is None:
                self._unparameterized(kind, guards, evidence)
                continue
            if arg == "self":
                labels = self.taint(receiver) if receiver is not None else set()
            elif arg == "*":
                labels = self._labels_of(self._argument(call, "*", None))
            else:
                labels = self._labels_of(self._argument(call, *arg))
            if kind == "open":
                modes = self._argument(call, 1, "mode") if dotted not in ("os.open", "posix.open") else \
                    self._argument(call, 1, "flags")
                mode = modes[0].value if len(modes) == 1 and _is_str(modes[0]) else None
                if dotted in ("os.open", "posix.open"):
                    kinds = (READS, WRITES)
                elif not modes:
                    kinds = (READS,)
                elif mode is not None:
                    kinds = (WRITES,) if set(mode) & set("wax") else (READS, WRITES) if "+" in mode else (READS,)
                else:
                    kinds = (READS, WRITES)
                for file_kind in kinds:
                    self._add_labels(file_kind, labels, guards, evidence, otherwise=FILES)
            elif kind in (READS, WRITES):
                self._add_labels(kind, labels, guards, evidence, otherwise=FILES)
            elif kind == "url":
                self._add_labels(READS, labels, guards, evidence, otherwise=NETWORK)
            elif kind == "output":
                if E in labels:
                    self._unparameterized(ENVIRONMENT, guards, f"{evidence} of the environment")
            elif kind == IMPORTS:
                if any(not _is_str(n) for n in self._argument(call, *arg)):
                    constant = all(_is_str(n) for n in self._argument(call, *arg))
                    self._add_labels(IMPORTS, labels, guards, evidence,
                                     otherwise=None if constant else IMPORTS)
            else:
                self._add_labels(kind, labels, guards, evidence)

    def _call_effects(self, call, guards, new_callees):
        func = call.func
        targets = self.targets(call)
        receiver = func.value if isinstance(func, ast.Attribute) else None
        # `s.format(...)` on a string the analysis cannot name the type of.
        if isinstance(func, ast.Attribute) and func.attr in ("format", "format_map") and \
                not any(t[0] in ("function", "construct") for t in targets):
            self._add_labels(FORMAT, self.taint(func.value), guards, "str.format")
        for kind, ident, skip_first, how in targets:
            if kind == "ext":
                if ident in self.analysis.sinks:
                    self._sink(ident, call, guards, receiver)
                elif ident in ("builtins.type",) and len(call.args) == 3:
                    self._add_labels(NAMES, self.taint(call.args[2]), guards, "type(name, bases, namespace)")
                elif ident in ("functools.partial", "_functools.partial") and call.args:
                    inner = self.partials.get(id(call))
                    if inner is None:  # made once: the target cache is keyed by the node
                        inner = ast.copy_location(ast.Call(func=call.args[0], args=call.args[1:],
                                                           keywords=call.keywords), call)
                        self.partials[id(call)] = inner
                    self._call_effects(inner, guards, new_callees)
                elif ident == "inspect.get_annotations" and not any(
                        k.arg == "eval_str" and isinstance(k.value, ast.Constant) and not k.value.value
                        for k in call.keywords) and any(k.arg == "eval_str" for k in call.keywords):
                    self._unparameterized(ANNOTATIONS, guards, ident)
                continue
            if kind == "construct":
                dotted = ident
                if dotted in self.analysis.sinks:
                    self._sink(dotted, call, guards, receiver)
                    continue
                for ctor_kind, ctor in self.analysis.constructor(ident):
                    if ctor_kind == "ext":
                        if ctor in self.analysis.sinks:
                            self._sink(ctor, call, guards, receiver)
                        continue
                    self._apply(ctor, call, True, None, guards, new_callees)
                continue
            if ident in self.analysis.sinks:
                self._sink(ident, call, guards, receiver)
                continue
            self._apply(ident, call, skip_first, receiver if how == "receiver" else
                        ast.Name(id=self.function.receiver or "self", ctx=ast.Load()) if how == "self" else
                        func if how == "callee" else None, guards, new_callees)

    def bind(self, callee, call, skip_first, receiver):
        """{parameter label of the callee: labels in this function}."""
        bound = {}

        def give(name, labels, keys=None):
            bound.setdefault(("p", name), set()).update(labels)
            # What iterating the argument gives (its keys, or its elements): keys_of its labels, unless
            # key_taint can tell a dictionary's keys from its values.
            bound.setdefault(("pkeys", name), set()).update(keys_of(labels) if keys is None else keys)

        positional = list(callee.positional)
        if skip_first and callee.kind in ("method", "class"):
            if positional:
                first = positional.pop(0)
                if receiver is not None:
                    give(first, self.taint(receiver))
        elif callee.kind == "class" and positional:
            positional.pop(0)
        index = 0
        for arg in call.args:
            if isinstance(arg, ast.Starred):
                labels = self.taint(arg.value)
                for name in positional[index:]:
                    give(name, labels)
                if callee.vararg:
                    give(callee.vararg, labels)
                index = len(positional)
                continue
            if index < len(positional):
                give(positional[index], self.taint(arg), self.key_taint(arg))
            elif callee.vararg:
                give(callee.vararg, self.taint(arg))
            index += 1
        named = set(positional[index:]) - set(callee.posonly) | set(callee.kwonly)
        own_kwarg = self.function.kwarg
        for keyword in call.keywords:
            labels = self.taint(keyword.value)
            if keyword.arg is None:
                for name in named:
                    give(name, {("kw", name) if label == ("p", own_kwarg) else label for label in labels})
                    # a keyword of ours passed on: its own name
                if callee.kwarg:
                    give(callee.kwarg, labels)
                    bound.setdefault(("kwpass",), set()).update(labels)
                    bound.setdefault(("keys", callee.kwarg), set()).update(keys_of(labels))
            elif keyword.arg in named or keyword.arg in positional:
                give(keyword.arg, labels, self.key_taint(keyword.value))
            elif callee.kwarg:
                give(callee.kwarg, labels)
                bound.setdefault(("kw", keyword.arg), set()).update(labels)
        return bound

    def _conditions_at(self, callee, call, skip_first, conditions):
        """A callee's conditions at this call: None when a constant argument (or an unpassed parameter's
        constant default) fails one; else those that still depend on a parameter of this function."""
        kept = set()
        for condition in conditions:
            node = self.bound_expression(callee, call, skip_first, condition[0])
            if isinstance(node, ast.Constant):
                if not holds(condition, node.value):
                    return None
            elif isinstance(node, ast.Name) and node.id in (set(self.function.positional + self.function.kwonly)
                                                           - self._assigned()):
                kept.add((node.id,) + condition[1:])
        return frozenset(kept)

    def bound_expression(self, callee, call, skip_first, name):
        """The expression a call passes to the callee's parameter `name`: its default when the call passes
        none, None when the analysis cannot say (a `*` or `**` argument)."""
        positional = list(callee.positional)
        if (skip_first and callee.kind in ("method", "class")) or callee.kind == "class":
            positional = positional[1:]
        for keyword in call.keywords:
            if keyword.arg == name:
                return keyword.value
            if keyword.arg is None:
                return None
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred):
                return None
            if index < len(positional) and positional[index] == name:
                return arg
        args = callee.node.args
        every = [a.arg for a in args.posonlyargs + args.args]
        if name in every:
            index = every.index(name) - (len(every) - len(args.defaults))
            return args.defaults[index] if index >= 0 else None
        if name in callee.kwonly:
            return args.kw_defaults[callee.kwonly.index(name)]
        return None

    def _map(self, label, bound, callee):
        """Labels in this function for a callee's label."""
        if label[0] == "p":
            return bound.get(label, set())
        if label[0] == "kw":
            found = set(bound.get(label, set()))
            for passed in bound.get(("kwpass",), set()):
                found.add(("kw", label[1]) if passed == ("p", self.function.kwarg) else passed)
            return found
        if label[0] == "c":
            return {("c", l[1]) for l in bound.get(("p", label[1]), set()) if l[0] == "p"}
        if label[0] == "key":
            if label[1] == callee.kwarg:
                return bound.get(("keys", label[1]), set())
            return bound.get(("pkeys", label[1]), set())
        return {label}

    def _apply(self, key, call, skip_first, receiver, guards, new_callees):
        callee = self.analysis.function(key)
        if callee is None:
            return
        new_callees.add(key)
        if not callee.summary.effects:
            return
        bound = self.bind(callee, call, skip_first, receiver)
        for kind, label in callee.summary.effects:
            if label is None:
                self._unparameterized(kind, guards, key)
                continue
            if label[0] == "if":
                kept = self._conditions_at(callee, call, skip_first, label[1])
                if kept is not None:
                    self._unparameterized(kind, guards, key, kept)
                continue
            if label[0] == "f":
                self._effect((kind, label), key)
                continue
            mapped = self._map(label, bound, callee)
            for mine in mapped:
                if mine[0] in PARAMETER_LABELS:
                    self._effect((kind, mine), key)
                elif mine[0] == "s":
                    self.settings.add((mine[1], mine[2], kind, f"through {key}"))

    # -- taint
    def key_taint(self, node, depth=0):
        """What the keys (or, for anything but a dictionary, the elements) of `node` carry. A dictionary
        display, a comprehension or a `dict(...)` call shows its keys apart from its values
        (`dict(clip_box=self.clipbox)` has the constant key "clip_box"), and so does a local bound only
        to one of those and read only here; anything else carries keys_of what it carries."""
        if depth > 8:
            return keys_of(self.taint(node))
        if isinstance(node, ast.Dict):
            labels = set()
            for key, value in zip(node.keys, node.values):
                labels |= self.key_taint(value, depth + 1) if key is None else self.taint(key)
            return labels
        if isinstance(node, ast.DictComp):
            return self.taint(node.key)
        if isinstance(node, ast.Call) and self._is_dict_call(node):
            labels = set()
            for arg in node.args:
                labels |= self.key_taint(arg, depth + 1)
            for keyword in node.keywords:
                if keyword.arg is None:
                    labels |= self.key_taint(keyword.value, depth + 1)
            return labels
        if isinstance(node, ast.Name):
            values = self._sole_dictionary_bindings(node.id)
            if values is not None:
                labels = set()
                for value in values:
                    labels |= self.key_taint(value, depth + 1)
                return labels
        return keys_of(self.taint(node))

    def _is_dict_call(self, call):
        targets = self.targets(call)
        return bool(targets) and all(kind == "ext" and ident == "builtins.dict" for kind, ident, _, _ in targets)

    def _sole_dictionary_bindings(self, name):
        """The values a local is bound to, when each binding is a plain `name = {...}`, `{k: v for ...}` or
        `dict(...)` and the function (nested scopes included) reads the name once: then no store, update
        or call can have added keys before the one read. None otherwise."""
        cached = self.target_cache.get(("dict-bindings", name))
        if cached is not None:
            return cached or None
        values, loads, stores = [], 0, 0
        for node in ast.walk(self.function.node):
            if isinstance(node, ast.Name) and node.id == name:
                if isinstance(node.ctx, ast.Load):
                    loads += 1
                else:
                    stores += 1
            elif isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
                stores += 2  # bound elsewhere too
            elif isinstance(node, (ast.MatchAs, ast.MatchStar, ast.ExceptHandler, ast.FunctionDef,
                                   ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
                stores += 2
            elif isinstance(node, ast.alias) and (node.asname or node.name.split(".")[0]) == name:
                stores += 2
            elif isinstance(node, ast.MatchMapping) and node.rest == name:
                stores += 2
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                    isinstance(node.targets[0], ast.Name) and node.targets[0].id == name and \
                    (isinstance(node.value, (ast.Dict, ast.DictComp)) or
                     (isinstance(node.value, ast.Call) and self._is_dict_call(node.value))):
                values.append(node.value)
        sole = values if values and loads == 1 and stores == len(values) and name not in self.params else []
        self.target_cache[("dict-bindings", name)] = sole
        return sole or None

    def element(self, value):
        """What `value` carries, or for ("element", node) what an element of node carries: iterating a
        parameter gives its elements, or its keys (`for k in kwargs`); `.items()` and `.values()` its values too."""
        if not isinstance(value, tuple):
            return self.taint(value)
        how, inner = value
        if how == "item":
            index, length, call = inner
            return self._call_taint(call, 0, item=(index, length))
        if how == "keys":
            return keys_of(self.taint(inner))
        if how == "values":
            return self.taint(inner)
        while isinstance(inner, tuple):
            inner = inner[1]
        labels = self.taint(inner)
        keys = keys_of(labels)
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and \
                inner.func.attr in ("items", "values"):
            return keys | labels
        return keys

    def taint(self, node, depth=0):
        if node is None or depth > 40:
            return set()
        if isinstance(node, ast.Name):
            if node.id in self.env:
                return set(self.env[node.id])
            return {E} if self._dotted(node) else set()
        if isinstance(node, ast.Constant):
            return set()
        if isinstance(node, ast.Attribute):
            if self._dotted(node):
                return {E}
            if isinstance(node.value, ast.Name) and node.value.id == self.function.receiver and self.function.cls \
                    and node.value.id not in self.scope.locals:
                return {("f", self.function.cls, node.attr)}
            inner = self.taint(node.value, depth + 1)
            if node.attr == "__class__":
                return {("c", l[1]) for l in inner if l[0] == "p"}
            if node.attr in ("__mro__", "__bases__", "__base__"):
                return inner
            # An attribute of an argument is not the argument's text: a string's attributes are its
            # methods, a container's are not its elements, and an object's (`a.dtype`, `index.names`) are
            # its class's, which the rules judge where the program defines that class. Only the
            # environment, a setting and the class labels pass through.
            return {label for label in inner if label[0] not in ("c", "p", "kw", "key")}
        if isinstance(node, ast.Subscript):
            key = self._setting_key(node)
            if key is not None:
                return {key}
            return self.taint(node.value, depth + 1)
        if isinstance(node, ast.Call):
            return self._call_taint(node, depth)
        if isinstance(node, ast.BinOp):
            labels = self.taint(node.left, depth + 1) | self.taint(node.right, depth + 1)
            if labels and (_is_str(node.left) or _is_str(node.right)):
                labels.add(K)
            return labels
        if isinstance(node, ast.JoinedStr):
            labels = set()
            constant = False
            for value in node.values:
                if isinstance(value, ast.FormattedValue):
                    labels |= self.taint(value.value, depth + 1)
                elif _is_str(value) and value.value:
                    constant = True
            if labels and constant:
                labels.add(K)
            return labels
        if isinstance(node, ast.BoolOp):
            labels = set()
            for value in node.values:
                labels |= self.taint(value, depth + 1)
            return labels
        if isinstance(node, ast.IfExp):
            return self.taint(node.body, depth + 1) | self.taint(node.orelse, depth + 1)
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            labels = set()
            for element in node.elts:
                labels |= self.taint(element, depth + 1)
            return labels
        if isinstance(node, ast.Dict):
            labels = set()
            for part in node.keys + node.values:
                labels |= self.taint(part, depth + 1)
            return labels
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            return self.taint(node.elt, depth + 1)
        if isinstance(node, ast.DictComp):
            return self.taint(node.key, depth + 1) | self.taint(node.value, depth + 1)
        if isinstance(node, (ast.Starred, ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr,
                             ast.FormattedValue)):
            return self.taint(node.value, depth + 1)
        if isinstance(node, ast.UnaryOp) and not isinstance(node.op, ast.Not):
            return self.taint(node.operand, depth + 1)
        return set()

    def _setting_key(self, node):
        """("s", DIST, KEY) when `node` reads rcParams[KEY]."""
        if not isinstance(node, ast.Subscript) or not _is_str(node.slice):
            return None
        for obj in self._objects_cached(node.value):
            if obj[0] in ("data", "ext") and obj[1] in RC_PARAMS:
                return ("s", RC_PARAMS[obj[1]], node.slice.value)
        return None

    def _objects_cached(self, node):
        cache_key = ("objects", id(node))
        cached = self.target_cache.get(cache_key)
        if cached is None:
            cached = self.analysis.objects(node, self.scope)
            self.target_cache[cache_key] = cached
        return cached

    def _call_taint(self, call, depth, item=None):
        func = call.func
        targets = self.targets(call)
        # Settings read through a getter.
        if call.args and _is_str(call.args[0]):
            for kind, ident, _, _ in targets:
                if ident in OPTION_GETTERS:
                    return {("s", OPTION_GETTERS[ident], call.args[0].value)}
            if isinstance(func, ast.Attribute) and func.attr in ("get", "_get", "__getitem__"):
                for obj in self._objects_cached(func.value):
                    if obj[0] in ("data", "ext") and obj[1] in RC_PARAMS:
                        return {("s", RC_PARAMS[obj[1]], call.args[0].value)}
        if len(call.args) == 2 and _is_str(call.args[1]) and isinstance(func, ast.Attribute) and \
                func.attr in ("__getitem__", "get"):  # dict.__getitem__(rcParams, KEY)
            for obj in self._objects_cached(call.args[0]):
                if obj[0] in ("data", "ext") and obj[1] in RC_PARAMS:
                    return {("s", RC_PARAMS[obj[1]], call.args[1].value)}
        if isinstance(func, ast.Attribute) and func.attr == "_get_backend_or_none":
            for obj in self._objects_cached(func.value):
                if obj[0] in ("data", "ext") and obj[1] in RC_PARAMS:
                    return {("s", RC_PARAMS[obj[1]], "backend")}
        def arguments():
            found = set()
            for arg in call.args:
                found |= self.taint(arg, depth + 1)
            for keyword in call.keywords:
                found |= self.taint(keyword.value, depth + 1)
            return found

        def receiver_labels():  # what a method's receiver carries, but a class: a method of a class is none
            return {label for label in self.taint(func.value, depth + 1) if label[0] != "c"}

        if not targets:
            labels = set()
            if isinstance(func, ast.Attribute):
                labels |= receiver_labels()
                if func.attr in PRESERVING_METHODS:
                    labels |= arguments()
            else:  # a callable held in a variable (a parameter, a closure's): its result may be its argument
                labels |= arguments()
            return labels
        labels = set()
        for kind, ident, skip_first, how in targets:
            if kind == "ext":
                if ident in OPAQUE_RESULTS:
                    continue
                if ident in ENVIRONMENT_SOURCES:
                    labels.add(E)
                    continue
                if ident == "builtins.type" and len(call.args) == 1:
                    labels |= {("c", l[1]) for l in self.taint(call.args[0], depth + 1) if l[0] == "p"}
                    continue
                if ident in PRESERVING or ident.rsplit(".", 1)[-1] in PRESERVING_METHODS:
                    labels |= arguments()
                if isinstance(func, ast.Attribute):
                    labels |= receiver_labels()
                continue
            if kind == "construct":
                # An object carries what its methods store on it (the attributes of `self`), not its
                # arguments; but a path object is its path.
                if ident in VALUE_CLASSES or not any(k == "function" for k, _ in self.analysis.constructor(ident)):
                    labels |= arguments()  # a record whose constructor no source shows (a dataclass) holds them
                continue
            callee = self.analysis.function(ident)
            if callee is None or not callee.summary.returns:
                continue
            receiver = func.value if isinstance(func, ast.Attribute) and how == "receiver" else None
            bound = self.bind(callee, call, skip_first, receiver)
            returned = callee.summary.returns
            if item is not None:
                items = callee.summary.items
                returned = items[item[0]] if items is not None and len(items) == item[1] else keys_of(returned)
            for label in returned:
                if label[0] == "f" and how != "self":
                    continue  # another object's attribute
                labels |= self._map(label, bound, callee)
        return labels


# ---------------------------------------------------------------------------
# From the objects a table's entries name to the functions the analysis reads.

def python_function(value):
    """The Python function a call of `value` runs (decorators' wrappers seen through), or None when
    no Python function runs it (written in C)."""
    import functools
    import inspect
    import types
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    if isinstance(value, (functools.partial, functools.partialmethod)):
        value = value.func
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    if isinstance(value, types.MethodType):
        value = value.__func__
    try:
        value = inspect.unwrap(value)
    except (ValueError, TypeError):
        pass
    if isinstance(value, types.MethodType):  # a bound method wrapped (lru_cache of an object's method)
        value = value.__func__
    if isinstance(value, types.FunctionType):
        return value
    return None


def function_key(function):
    """The analysis' key of a Python function: its module and qualified name, as its source spells them
    (the module found from the source file when the module renames itself: `_collections_abc` says
    it is `collections.abc`)."""
    module = function.__globals__.get("__name__") if isinstance(getattr(function, "__globals__", None), dict) \
        else None
    filename = function.__code__.co_filename
    if filename.startswith("<frozen ") and filename.endswith(">"):  # `<frozen _collections_abc>`
        return f"{filename[8:-1]}.{function.__code__.co_qualname}"
    held = sys.modules.get(module) if module else None
    if held is not None and getattr(held, "__file__", None) != filename and not filename.startswith("<"):
        if _FILES.get(None) != len(sys.modules):
            _FILES.clear()
            _FILES.update({os.path.realpath(m.__file__): name for name, m in list(sys.modules.items())
                           if isinstance(getattr(m, "__file__", None), str)})
            _FILES[None] = len(sys.modules)
        module = _FILES.get(os.path.realpath(filename), module)
    return f"{module}.{function.__code__.co_qualname}" if module else None


_FILES = {}  # a source file's real path -> the module loaded from it


# ---------------------------------------------------------------------------
# Reviewed decisions (analyzer/library/reviewed.tsv): what no source shows.

EFFECT_KINDS = {NAMES, CODE, FORMAT, ANNOTATIONS, READS, WRITES, FILES, ENVIRONMENT, PROCESS, NETWORK, IMPORTS,
                NATIVE, CLASS_OF}


class Reviewed:
    """The reviewed lines: `PATTERN [EFFECT ...] [# reason]`, in groups a comment block opens and a blank
    line closes. PATTERN is a canonical name (a C callable, the class whose C `__new__`/`__init__` a class
    inherits, or a Python callable whose analysed effects it corrects), a glob (`numpy.linalg._umath_linalg.*`)
    or `type=T`, the callables of type T (`type=numpy.ufunc`). An exact name wins over `type=`, which wins
    over globs, the longest first."""

    def __init__(self, text, path="reviewed.tsv"):
        self.exact, self.types, self.globs = {}, {}, []
        self.errors = []
        self.used = set()
        reason = None
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line:
                reason = None
                continue
            if line.startswith("#"):
                reason = (reason + " " if reason else "") + line.lstrip("# ")
                continue
            own = None
            if " #" in line:  # a reason after the name: ` # ...` (a `#` inside an effect is a position)
                line, own = line.split(" #", 1)
                line, own = line.strip(), own.strip()
            fields = line.split()
            if not fields:
                self.errors.append(f"{path}:{number}: a reason with no name")
                continue
            pattern, effects = fields[0], fields[1:]
            if "{" in pattern:  # `builtins.{abs,all,any}`: one line for each name
                prefix, _, rest = pattern.partition("{")
                names, _, suffix = rest.partition("}")
                for name in names.split(","):
                    self._add(f"{prefix}{name.strip()}{suffix}", effects, own or reason, number, path)
                continue
            self._add(pattern, effects, own or reason, number, path)

    def _add(self, pattern, effects, reason, number, path):
        if True:
            if not reason:
                self.errors.append(f"{path}:{number}: {pattern} has no reason (a comment above its group, "
                                   "or `# reason` after it)")
            for effect in effects:
                if effect.split(":", 1)[0] not in EFFECT_KINDS:
                    self.errors.append(f"{path}:{number}: {pattern}: `{effect}` is no effect "
                                       "(analyzer/library/README.md, Effects)")
            entry = (tuple(sorted(set(effects))), reason, number, pattern)
            if pattern.startswith("type="):
                self.types[pattern[5:]] = entry
            elif "*" in pattern or "?" in pattern or "[" in pattern:
                self.globs.append(entry)
            else:
                if pattern in self.exact:
                    self.errors.append(f"{path}:{number}: {pattern} is reviewed twice")
                self.exact[pattern] = entry
        self.globs.sort(key=lambda e: -len(e[3]))

    def all_patterns(self):
        return [e[3] for e in self.exact.values()] + [f"type={t}" for t in self.types] + [e[3] for e in self.globs]

    def lookup(self, name, type_name=None, exact_only=False):
        """The reviewed entry for a callable (effects, reason, line, pattern), or None."""
        import fnmatch
        found = self.exact.get(name)
        if found is None and not exact_only:
            found = self.types.get(type_name) if type_name else None
            if found is not None:
                self.used.add(f"type={type_name}")
                return found
            if found is None:
                for entry in self.globs:
                    if fnmatch.fnmatchcase(name, entry[3]):
                        found = entry
                        break
        if found is not None:
            self.used.add(found[3])
        return found

    def sinks(self):
        """The reviewed effects of exact names, as the analysis' sinks: a Python caller of a reviewed C callable
        gets its effects, mapped onto what it passes."""
        table = {}
        for name, (effects, _, _, _) in self.exact.items():
            table.setdefault(name, [])  # a line with no effect settles its callable too: nothing reaches a sink
            for effect in effects:
                kind, _, parameter = effect.partition(":")
                if not parameter:
                    arg = None
                elif parameter == "*" or parameter.endswith("+") or parameter == "**":
                    arg = "*"
                elif parameter == "self":
                    arg = "self"
                else:
                    keyword, _, position = parameter.partition("#")
                    arg = (int(position) if position.isdigit() else None, keyword or None)
                if kind != CLASS_OF:  # what a call returns, not where an argument goes: the analysis' own rule
                    table.setdefault(name, []).append((kind, arg))
        return table
