#!/usr/bin/env python3
"""The reference oracle: does pygate lose a dangerous callable on its way to a call?

A seeded generator writes programs that route a dangerous callable (the
getattr family, eval/exec/compile, __import__, open, process and network
functions) through Python's binding forms, composed one after another: name,
chained, annotated and unpacking assignments, item and attribute stores,
augmented assignment, containers and their methods, comprehensions, loops,
returns, yields, closures, defaults, decorators, class attributes,
globals()/vars(), exceptions, match, walrus, and library helpers that hand
values back (copy, functools, operator, collections, queue, map, sorted,
...). Each program ends by calling what it routed with harmless arguments.

CPython runs each program in a throwaway child process, in a temporary
folder, with every dangerous function replaced by a recording stub (the
program's builtins are a copy whose dangerous entries are stubs; module
functions such as os.system are replaced in their modules), so nothing is
executed, opened or connected, and a stub records its call whoever calls it
(the program, or a C helper such as functools.reduce or a defaultdict). A
profile hook (sys.setprofile's c_call events) records the program's own calls
of the real builtins too, should it reach them some other way.
pygate judges each program with `pygate check --profile PROFILE`. A program
that called its dangerous function while pygate allowed it is a miss: the
run fails and prints it (shrunk to its shape chain; `--save-dir` keeps it).

    reference_oracle.py PYGATE [--seed S] [--programs N] [--batch B] [--python PY]
                        [--time-limit SECONDS] [--save-dir DIR] [--profile NAME]

--python PY runs the programs on that CPython (another version, such as
tests/tools/pyodide_install.sh's) instead of the one running this script;
pygate is told its version with --target-version when it has that option
(tests/tools/target_interpreter.py).
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

from target_interpreter import describe, target_arguments

# --- the dangerous callables: how a program reaches each, and harmless arguments

# (recorded name, import line or "", expression, argument list)
DANGEROUS = [
    ("getattr", "", "getattr", ['()', '"__class__"']),
    ("hasattr", "", "hasattr", ['()', '"__class__"']),
    ("setattr", "", "setattr", ['_Box', '"__class__"', '_Box']),
    ("delattr", "", "delattr", ['_Box', '"__dict__"']),
    ("attrgetter", "import operator", "operator.attrgetter", ['"__class__"']),
    ("methodcaller", "import operator", "operator.methodcaller", ['"__reduce_ex__"', '2']),
    ("eval", "", "eval", ['"1 + 1"']),
    ("exec", "", "exec", ['"pass"']),
    ("compile", "", "compile", ['"1"', '"<s>"', '"eval"']),
    ("__import__", "", "__import__", ['"os"']),
    ("open", "", "open", ['"/etc/passwd"']),
    ("os.system", "import random", "random._os.system", ['"id"']),
    ("os.popen", "import random", "random._os.popen", ['"id"']),
    ("subprocess.run", "import subprocess", "subprocess.run", ['["id"]']),
    ("socket.create_connection", "import socket", "socket.create_connection", ['("example.com", 80)']),
    ("asyncio.create_subprocess_shell", "import asyncio", "asyncio.create_subprocess_shell", ['"id"']),
    ("asyncio.open_connection", "import asyncio", "asyncio.open_connection", ['"example.com"', '80']),
]
# The generator draws the getattr family and open more often: their calls are
# judged by their arguments, so a lost reference can pass unseen; the others
# are refused wherever they are named.
WEIGHTS = [8, 3, 2, 1, 3, 3, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1]

# --- binding forms: each takes the expression holding the value and a fresh
# suffix, and returns (module-level lines, an expression that gives the value back).

def indent(text, by="    "):
    return "\n".join(by + line if line else line for line in text.split("\n"))


SHAPES = {
    # assignment targets
    "name": lambda r, n: (f"v{n} = {r}", f"v{n}"),
    "chained": lambda r, n: (f"a{n} = v{n} = {r}", f"v{n}"),
    "annotated": lambda r, n: (f"v{n}: object = {r}", f"v{n}"),
    "tuple_unpack": lambda r, n: (f"v{n}, w{n} = {r}, 1", f"v{n}"),
    "list_unpack": lambda r, n: (f"[w{n}, v{n}] = [1, {r}]", f"v{n}"),
    "star_unpack": lambda r, n: (f"*w{n}, v{n} = 1, 2, {r}", f"v{n}"),
    "star_collect": lambda r, n: (f"v{n}, *w{n} = 1, {r}", f"w{n}[0]"),
    "nested_unpack": lambda r, n: (f"(w{n}, (v{n}, x{n})) = (1, ({r}, 2))", f"v{n}"),
    "unpack_from_name": lambda r, n: (f"t{n} = ({r}, 1)\nv{n}, w{n} = t{n}", f"v{n}"),
    "for_target_unpack": lambda r, n: (f"for w{n}, v{n} in [(1, {r})]:\n    pass", f"v{n}"),
    "augmented_list": lambda r, n: (f"v{n} = []\nv{n} += [{r}]", f"v{n}[0]"),
    "augmented_tuple": lambda r, n: (f"v{n} = ()\nv{n} += ({r},)", f"v{n}[-1]"),
    "walrus_statement": lambda r, n: (f"(v{n} := {r})", f"v{n}"),
    "walrus_in_list": lambda r, n: (f"w{n} = [v{n} := {r}]", f"v{n}"),
    "walrus_if": lambda r, n: (f"if (v{n} := {r}):\n    pass", f"v{n}"),
    "conditional": lambda r, n: (f"v{n} = {r} if True else None", f"v{n}"),
    "boolean_or": lambda r, n: (f"v{n} = None or {r}", f"v{n}"),
    "global_in_function": lambda r, n: (
        f"def s{n}():\n    global v{n}\n    v{n} = {r}\ns{n}()", f"v{n}"),
    "globals_store": lambda r, n: (f"globals()['v{n}'] = {r}", f"globals()['v{n}']"),
    "globals_read": lambda r, n: (f"v{n} = {r}", f"globals()['v{n}']"),
    "vars_read": lambda r, n: (f"v{n} = {r}", f"vars()['v{n}']"),
    "del_rebind": lambda r, n: (f"v{n} = None\ndel v{n}\nv{n} = {r}", f"v{n}"),
    # item and attribute stores
    "dict_item": lambda r, n: (f"d{n} = {{}}\nd{n}['k'] = {r}", f"d{n}['k']"),
    "list_item": lambda r, n: (f"d{n} = [None]\nd{n}[0] = {r}", f"d{n}[0]"),
    "slice_store": lambda r, n: (f"d{n} = [None]\nd{n}[:] = [{r}]", f"d{n}[0]"),
    "attribute_store": lambda r, n: (f"class O{n}:\n    pass\no{n} = O{n}()\no{n}.f = {r}", f"o{n}.f"),
    "nested_attribute_store": lambda r, n: (
        f"class O{n}:\n    pass\no{n} = O{n}()\no{n}.p = O{n}()\no{n}.p.f = {r}", f"o{n}.p.f"),
    "class_attribute": lambda r, n: (f"class C{n}:\n    f = {r}", f"C{n}.f"),
    "class_attribute_instance": lambda r, n: (f"class C{n}:\n    f = {r}", f"C{n}().f"),
    "class_store": lambda r, n: (f"class C{n}:\n    pass\nC{n}.f = {r}", f"C{n}.f"),
    "inherited_attribute": lambda r, n: (f"class A{n}:\n    f = {r}\nclass B{n}(A{n}):\n    pass", f"B{n}.f"),
    "self_attribute": lambda r, n: (
        f"class C{n}:\n    def __init__(self):\n        self.f = {r}\n    def get(self):\n        return self.f",
        f"C{n}().get()"),
    "self_attribute_untraced": lambda r, n: (
        f"class C{n}:\n    def __init__(self):\n        self.f = {r}\ndef u{n}(o):\n    return o.f", f"u{n}(C{n}())"),
    "staticmethod": lambda r, n: (f"class C{n}:\n    f = staticmethod({r})", f"C{n}.f"),
    "type_call": lambda r, n: (f"T{n} = type('T{n}', (), {{'f': staticmethod({r})}})", f"T{n}.f"),
    # containers and their methods
    "list_literal": lambda r, n: ("", f"[{r}][0]"),
    "tuple_literal": lambda r, n: ("", f"(1, {r})[1]"),
    "dict_literal": lambda r, n: ("", f"{{'k': {r}}}['k']"),
    "set_literal": lambda r, n: ("", f"next(iter({{{r}}}))"),
    "name_of_list": lambda r, n: (f"d{n} = [{r}]", f"d{n}[0]"),
    "name_of_dict": lambda r, n: (f"d{n} = {{'k': {r}}}", f"d{n}['k']"),
    "dict_call": lambda r, n: (f"d{n} = dict(k={r})", f"d{n}['k']"),
    "dict_get": lambda r, n: (f"d{n} = {{'k': {r}}}", f"d{n}.get('k')"),
    "dict_pop": lambda r, n: (f"d{n} = {{'k': {r}}}", f"d{n}.pop('k')"),
    "dict_values": lambda r, n: (f"d{n} = {{'k': {r}}}", f"list(d{n}.values())[0]"),
    "dict_setdefault": lambda r, n: (f"d{n} = {{}}\nd{n}.setdefault('k', {r})", f"d{n}['k']"),
    "dict_update": lambda r, n: (f"d{n} = {{}}\nd{n}.update(k={r})", f"d{n}['k']"),
    "dict_fromkeys": lambda r, n: (f"d{n} = dict.fromkeys(['k'], {r})", f"d{n}['k']"),
    "dict_splat": lambda r, n: ("", f"{{**{{'k': {r}}}}}['k']"),
    "list_append": lambda r, n: (f"d{n} = []\nd{n}.append({r})", f"d{n}[0]"),
    "list_insert": lambda r, n: (f"d{n} = []\nd{n}.insert(0, {r})", f"d{n}[0]"),
    "list_extend": lambda r, n: (f"d{n} = []\nd{n}.extend([{r}])", f"d{n}[0]"),
    "list_pop": lambda r, n: (f"d{n} = [{r}]", f"d{n}.pop()"),
    "list_splat": lambda r, n: ("", f"[*[{r}]][0]"),
    "list_call": lambda r, n: ("", f"list(({r},))[0]"),
    "iter_next": lambda r, n: (f"i{n} = iter([{r}])", f"next(i{n})"),
    "dict_items_loop": lambda r, n: (f"for k{n}, v{n} in {{'k': {r}}}.items():\n    pass", f"v{n}"),
    # comprehensions and loops
    "for_literal": lambda r, n: (f"for v{n} in [{r}]:\n    pass", f"v{n}"),
    "for_name": lambda r, n: (f"l{n} = [{r}]\nfor v{n} in l{n}:\n    pass", f"v{n}"),
    "list_comprehension": lambda r, n: ("", f"[f for f in [{r}]][0]"),
    "dict_comprehension": lambda r, n: ("", f"{{k: f for k, f in [('k', {r})]}}['k']"),
    "generator_expression": lambda r, n: ("", f"next(f for f in [{r}])"),
    "comprehension_walrus": lambda r, n: (f"w{n} = [(v{n} := f) for f in [{r}]]", f"v{n}"),
    "enumerate_loop": lambda r, n: (f"for i{n}, v{n} in enumerate([{r}]):\n    pass", f"v{n}"),
    "zip_loop": lambda r, n: (f"for v{n}, in zip([{r}]):\n    pass", f"v{n}"),
    # functions
    "return": lambda r, n: (f"def h{n}():\n    return {r}", f"h{n}()"),
    "return_through_name": lambda r, n: (f"def h{n}():\n    return {r}\ng{n} = h{n}", f"g{n}()"),
    "returned_function_passed": lambda r, n: (f"def h{n}():\n    return {r}", f"(lambda q: q())(h{n})"),
    "decorator_returns": lambda r, n: (
        f"def deco{n}(fn):\n    return {r}\n@deco{n}\ndef h{n}():\n    pass", f"h{n}"),
    "decorator_wraps_return": lambda r, n: (
        f"def deco{n}(fn):\n    def wrapper():\n        return {r}\n    return wrapper\n@deco{n}\ndef h{n}():\n    pass",
        f"h{n}()"),
    "decorated_returns": lambda r, n: (
        f"def deco{n}(fn):\n    return fn\n@deco{n}\ndef h{n}():\n    return {r}", f"h{n}()"),
    "lambda_return": lambda r, n: ("", f"(lambda: {r})()"),
    "lambda_name": lambda r, n: (f"h{n} = lambda: {r}", f"h{n}()"),
    "default_parameter": lambda r, n: (f"def h{n}(f={r}):\n    return f", f"h{n}()"),
    "keyword_only_default": lambda r, n: (f"def h{n}(*, f={r}):\n    return f", f"h{n}()"),
    "lambda_default": lambda r, n: (f"h{n} = lambda f={r}: f", f"h{n}()"),
    "argument": lambda r, n: (f"def h{n}(f):\n    return f", f"h{n}({r})"),
    "keyword_argument": lambda r, n: (f"def h{n}(x=None, f=None):\n    return f", f"h{n}(f={r})"),
    "star_args": lambda r, n: (f"def h{n}(*a):\n    return a[0]", f"h{n}({r})"),
    "kwargs": lambda r, n: (f"def h{n}(**k):\n    return k['f']", f"h{n}(f={r})"),
    "closure": lambda r, n: (
        f"def outer{n}():\n    f = {r}\n    def inner():\n        return f\n    return inner", f"outer{n}()()"),
    "nonlocal": lambda r, n: (
        f"def outer{n}():\n    f = None\n    def inner():\n        nonlocal f\n        f = {r}\n    inner()\n"
        f"    return f", f"outer{n}()"),
    "yield": lambda r, n: (f"def gen{n}():\n    yield {r}", f"next(gen{n}())"),
    "yield_loop": lambda r, n: (f"def gen{n}():\n    yield {r}\nfor v{n} in gen{n}():\n    pass", f"v{n}"),
    "yield_from": lambda r, n: (f"def gen{n}():\n    yield from [{r}]", f"next(gen{n}())"),
    "generator_return": lambda r, n: (
        f"def gen{n}():\n    yield 1\n    return {r}\ni{n} = gen{n}()\nnext(i{n})\ntry:\n    next(i{n})\n"
        f"except StopIteration as e:\n    v{n} = e.value", f"v{n}"),
    "method_return": lambda r, n: (f"class C{n}:\n    def m(self):\n        return {r}", f"C{n}().m()"),
    "classmethod_return": lambda r, n: (
        f"class C{n}:\n    @classmethod\n    def m(cls):\n        return {r}", f"C{n}.m()"),
    "property": lambda r, n: (
        f"class C{n}:\n    @property\n    def f(self):\n        return {r}", f"C{n}().f"),
    "call_instance": lambda r, n: (f"class C{n}:\n    def __call__(self):\n        return {r}", f"C{n}()()"),
    "context_manager": lambda r, n: (
        f"class M{n}:\n    def __enter__(self):\n        return {r}\n    def __exit__(self, *a):\n        pass\n"
        f"with M{n}() as v{n}:\n    pass", f"v{n}"),
    "async_return": lambda r, n: (
        f"import asyncio\nasync def h{n}():\n    return {r}", f"asyncio.run(h{n}())"),
    # exceptions and match
    "exception_args": lambda r, n: (
        f"try:\n    raise ValueError({r})\nexcept ValueError as e:\n    v{n} = e.args[0]", f"v{n}"),
    "exception_attribute": lambda r, n: (
        f"class E{n}(Exception):\n    pass\ntry:\n    x{n} = E{n}()\n    x{n}.f = {r}\n    raise x{n}\n"
        f"except E{n} as e:\n    v{n} = e.f", f"v{n}"),
    "match_capture": lambda r, n: (f"match {r}:\n    case v{n}:\n        pass", f"v{n}"),
    "match_sequence": lambda r, n: (f"match [{r}]:\n    case [v{n}]:\n        pass", f"v{n}"),
    "match_mapping": lambda r, n: (f"match {{'k': {r}}}:\n    case {{'k': v{n}}}:\n        pass", f"v{n}"),
    "match_as": lambda r, n: (f"match ({r}, 1):\n    case (_ as v{n}, 1):\n        pass", f"v{n}"),
    # library helpers that hand values back
    "copy_copy": lambda r, n: ("import copy", f"copy.copy({r})"),
    "copy_deepcopy_list": lambda r, n: ("import copy", f"copy.deepcopy([{r}])[0]"),
    "functools_partial": lambda r, n: ("import functools", f"functools.partial({r})"),
    "functools_reduce": lambda r, n: ("import functools", f"functools.reduce(lambda a, b: b, [0, {r}])"),
    "functools_lru_cache": lambda r, n: ("import functools", f"functools.lru_cache()(lambda: {r})()"),
    "functools_wraps": lambda r, n: ("import functools", f"functools.wraps(len)({r})"),
    "operator_itemgetter": lambda r, n: ("import operator", f"operator.itemgetter(0)([{r}])"),
    "operator_getitem": lambda r, n: ("import operator", f"operator.getitem([{r}], 0)"),
    "operator_concat": lambda r, n: ("import operator", f"operator.concat([], [{r}])[0]"),
    "operator_call": lambda r, n: ("import operator", f"operator.call(lambda: {r})"),
    "collections_defaultdict": lambda r, n: ("import collections", f"collections.defaultdict(lambda: {r})['k']"),
    "collections_chainmap": lambda r, n: ("import collections", f"collections.ChainMap({{'k': {r}}})['k']"),
    "collections_deque": lambda r, n: ("import collections", f"collections.deque([{r}])[0]"),
    "collections_ordereddict": lambda r, n: ("import collections", f"collections.OrderedDict(k={r})['k']"),
    "collections_namedtuple": lambda r, n: (
        f"import collections\nP{n} = collections.namedtuple('P{n}', 'f')", f"P{n}({r}).f"),
    "queue": lambda r, n: (f"import queue\nq{n} = queue.Queue()\nq{n}.put({r})", f"q{n}.get()"),
    "map": lambda r, n: ("", f"list(map(lambda f: f, [{r}]))[0]"),
    "filter": lambda r, n: ("", f"next(filter(None, [{r}]))"),
    "sorted": lambda r, n: ("", f"sorted([{r}], key=id)[0]"),
    "min": lambda r, n: ("", f"min([{r}], key=id)"),
    "reversed": lambda r, n: ("", f"next(reversed([{r}]))"),
    "itertools_chain": lambda r, n: ("import itertools", f"next(itertools.chain([{r}]))"),
    "dataclass_default": lambda r, n: (
        f"import dataclasses\n@dataclasses.dataclass\nclass D{n}:\n    f: object = staticmethod({r})", f"D{n}.f"),
}

# Call forms: how the final expression is called with the arguments.
CALLS = {
    "direct": lambda x, a: f"({x})({', '.join(a)})",
    "unpacked": lambda x, a: f"({x})(*[{', '.join(a)}])",
    "partial": lambda x, a: f"import functools\nfunctools.partial({x}, {a[0]})({', '.join(a[1:])})",
    "map": lambda x, a: f"list(map({x}, {', '.join('[' + v + ']' for v in a)}))",
}
CALL_WEIGHTS = [10, 2, 2, 2]


def generate(rng, index):
    """One program: a dangerous callable routed through 1 to 3 binding forms, then called."""
    which = rng.choices(range(len(DANGEROUS)), weights=WEIGHTS)[0]
    recorded, import_line, expression, arguments = DANGEROUS[which]
    lines = ["class _Box:\n    pass"]
    if import_line:
        lines.append(import_line)
    shapes = []
    value = expression
    if "." not in expression and rng.random() < 0.15:
        # A builtin reached through the builtins module or the __builtins__ namespace.
        origin = rng.choice(["builtins_module", "builtins_vars", "dunder_builtins"])
        if origin != "dunder_builtins":
            lines.append("import builtins")
        value = {"builtins_module": f"builtins.{expression}", "builtins_vars": f"vars(builtins)['{expression}']",
                 "dunder_builtins": f"__builtins__['{expression}']"}[origin]
        shapes.append("origin:" + origin)
    for depth in range(rng.choice([1, 1, 2, 2, 3])):
        name = rng.choice(SHAPE_NAMES)
        setup, value = SHAPES[name](value, f"{index}_{depth}")
        if setup:
            lines.append(setup)
        shapes.append(name)
    call = rng.choices(list(CALLS), weights=CALL_WEIGHTS)[0]
    if call == "partial" and len(arguments) < 2:
        call = "direct"
    lines.append(CALLS[call](value, arguments))
    shapes.append("call:" + call)
    return {"id": index, "function": recorded, "shapes": shapes, "source": "\n".join(lines) + "\n"}


SHAPE_NAMES = sorted(SHAPES)

# --- running programs under CPython, with recording stubs

HARNESS = r'''
import builtins, io, json, os, platform, signal, sys, types
import asyncio, operator, random, socket, subprocess

CALLED = set()


class Stub:
    """Records its call and does nothing. No __get__: as a class attribute it
    stays unbound, as a builtin function does."""

    def __init__(self, name, result=None):
        self.__name__ = name
        self._name = name
        self._result = result

    def __call__(self, *args, **kwargs):
        CALLED.add(self._name)
        return self._result

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self):
        return "<stub " + self._name + ">"


def harmless(*args, **kwargs):
    return None


real_import = builtins.__import__
fake_builtins = dict(vars(builtins))
for name in ("getattr", "hasattr", "setattr", "delattr", "eval", "exec", "compile", "open", "breakpoint"):
    fake_builtins[name] = Stub(name)
fake_module = types.ModuleType("builtins")
fake_module.__dict__.update(fake_builtins)


def importing(name, globals=None, locals=None, fromlist=(), level=0, *rest):
    # An import statement passes five arguments; a program's own call, fewer.
    if globals is None or rest:
        CALLED.add("__import__")
        return None
    if name == "builtins":
        return fake_module
    return real_import(name, globals, locals, fromlist, level)


fake_builtins["__import__"] = importing
fake_module.__import__ = importing
operator.attrgetter = Stub("attrgetter", harmless)
operator.methodcaller = Stub("methodcaller", harmless)
os.system = Stub("os.system", 0)
os.popen = Stub("os.popen")
subprocess.run = Stub("subprocess.run")
socket.create_connection = Stub("socket.create_connection")
asyncio.create_subprocess_shell = Stub("asyncio.create_subprocess_shell")
asyncio.open_connection = Stub("asyncio.open_connection")


# The real functions too, for a route the stubs do not cover (the program
# reaching the real builtins module some other way): the profile hook sees
# each call the program's own code makes to a C function.
REAL = {id(f): name for name, f in [("getattr", getattr), ("hasattr", hasattr), ("setattr", setattr),
                                     ("delattr", delattr), ("eval", eval), ("exec", exec), ("compile", compile),
                                     ("open", open), ("__import__", real_import)]}


def profiler(frame, event, arg):
    if event == "c_call" and frame.f_code.co_filename == "<oracle>":
        name = REAL.get(id(arg))
        if name is not None:
            CALLED.add(name)


# On a loaded machine the alarm can fire just as a program ends; once it has
# ended, the handler must do nothing, or it would end this whole process.
ARMED = [False]


def timeout(signum, frame):
    if ARMED[0]:
        raise TimeoutError


signal.signal(signal.SIGALRM, timeout)
programs = json.load(sys.stdin)
results = []
devnull = open(os.devnull, "w")
for program in programs:
    CALLED.clear()
    namespace = {"__builtins__": fake_builtins, "__name__": "__oracle__"}
    error = None
    saved = sys.stdout
    sys.stdout = devnull
    code = compile(program["source"], "<oracle>", "exec")
    ARMED[0] = True
    signal.alarm(2)
    sys.setprofile(profiler)
    try:
        try:
            exec(code, namespace)
        except BaseException as e:
            error = type(e).__name__ + ": " + str(e)[:200]
        finally:
            ARMED[0] = False
            sys.setprofile(None)
            signal.alarm(0)
            sys.stdout = saved
    except TimeoutError:  # the alarm, while the program's own error was being noted
        error = "TimeoutError: "
    results.append({"id": program["id"], "called": sorted(CALLED), "error": error})
json.dump({"version": platform.python_version(), "results": results}, sys.stdout)
'''


def run_cpython(python, programs, folder, timeout):
    """(CPython's version, what each program called), run in one child process of PYTHON in `folder`."""
    try:
        done = subprocess.run(
            [python, "-I", "-c", HARNESS], input=json.dumps(programs), capture_output=True, text=True,
            cwd=folder, timeout=timeout, env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"})
    except subprocess.TimeoutExpired:
        print(f"reference_oracle: {python} still running after {timeout} s: batch not run", file=sys.stderr)
        return None
    if done.returncode != 0:
        print(f"reference_oracle: {python} exited {done.returncode}: {done.stderr.strip()[-500:]}", file=sys.stderr)
        return None
    answer = json.loads(done.stdout)
    return answer["version"], {r["id"]: r for r in answer["results"]}


def run_pygate(pygate, programs, folder, profile, target):
    """pygate's decision on each program, checked in one invocation."""
    paths = []
    for program in programs:
        path = os.path.join(folder, f"p{program['id']}.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(program["source"])
        paths.append(path)
    done = subprocess.run([pygate, "check", "--profile", profile, *target, "--format", "jsonl", "--no-color", *paths],
                          capture_output=True, text=True, cwd=folder)
    decisions = {}
    for line in done.stdout.splitlines():
        entry = json.loads(line)
        if "path" not in entry or "decision" not in entry:
            continue
        name = os.path.basename(entry["path"])
        decisions[int(name[1:-3])] = entry["decision"]
    return decisions


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pygate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--programs", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--profile", default="safe_eval")
    parser.add_argument("--python", default=sys.executable, help="the CPython that runs the programs")
    parser.add_argument("--time-limit", type=float, default=0, help="stop starting batches after this many seconds")
    parser.add_argument("--save-dir", help="write each missed program here")
    parser.add_argument("--shapes", action="store_true", help="list per-shape counts")
    args = parser.parse_args()
    args.pygate = os.path.abspath(args.pygate)
    if os.sep in args.python:  # the programs run in a folder of their own
        args.python = os.path.abspath(args.python)
    target = None  # pygate's --target-version, once the first batch has said which CPython ran it

    rng = random.Random(args.seed)
    started = time.monotonic()
    totals = {"programs": 0, "reached": 0, "deny": 0, "review": 0, "allow": 0, "missed": 0, "harness_errors": 0}
    per_shape = {}
    missed = []
    index = 0
    while index < args.programs:
        if args.time_limit and time.monotonic() - started > args.time_limit:
            break
        batch = [generate(rng, index + i) for i in range(min(args.batch, args.programs - index))]
        index += len(batch)
        with tempfile.TemporaryDirectory(prefix="pygate-reference-oracle-") as folder:
            run_folder = os.path.join(folder, "run")
            check_folder = os.path.join(folder, "check")
            os.mkdir(run_folder)
            os.mkdir(check_folder)
            called = run_cpython(args.python, batch, run_folder, timeout=max(60, 2 * len(batch)))
            if called is None:
                totals["harness_errors"] += 1
                continue
            version, called = called
            if target is None:
                target = target_arguments(args.pygate, version)
                print(describe(args.python, version, target), flush=True)
            decisions = run_pygate(args.pygate, batch, check_folder, args.profile, target)
        for program in batch:
            totals["programs"] += 1
            reached = program["function"] in called[program["id"]]["called"]
            decision = decisions.get(program["id"], "missing")
            for shape in program["shapes"]:
                counts = per_shape.setdefault(shape, {"generated": 0, "reached": 0, "missed": 0})
                counts["generated"] += 1
                counts["reached"] += reached
            if not reached:
                continue
            totals["reached"] += 1
            totals[decision] = totals.get(decision, 0) + 1
            if decision not in ("deny", "review"):
                totals["missed"] += 1
                for shape in program["shapes"]:
                    per_shape[shape]["missed"] += 1
                missed.append(program)
    elapsed = time.monotonic() - started
    print(f"seed {args.seed}, profile {args.profile}: {totals['programs']} programs in {elapsed:.1f} s; "
          f"{totals['reached']} called their dangerous function: {totals['deny']} deny, {totals['review']} review, "
          f"{totals['missed']} allowed (missed); {totals['harness_errors']} batches failed to run")
    if args.shapes:
        for shape in sorted(per_shape):
            c = per_shape[shape]
            print(f"  {shape:28} generated {c['generated']:6}  reached {c['reached']:6}  missed {c['missed']:4}")
    unreached = [s for s in SHAPE_NAMES if per_shape.get(s, {}).get("reached", 0) == 0]
    if unreached and totals["programs"] >= 20 * len(SHAPE_NAMES):
        print("shapes never reaching a call: " + ", ".join(unreached))
    if args.save_dir and missed:
        os.makedirs(args.save_dir, exist_ok=True)
        for program in missed:
            with open(os.path.join(args.save_dir, f"missed_{args.seed}_{program['id']}.py"), "w") as f:
                f.write(f"# {program['function']} through {' -> '.join(program['shapes'])}\n{program['source']}")
    for program in missed[:10]:
        print(f"--- missed: {program['function']} through {' -> '.join(program['shapes'])}")
        print(program["source"])
    failed = totals["missed"] > 0 or totals["harness_errors"] > 0 or totals["reached"] == 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
