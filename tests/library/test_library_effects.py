"""scripts/library_effects.py on small made-up modules: each sink kind, each way a value flows to
one, and a case of each that must not become an effect (analyzer/library/README.md, "Effects")."""
import importlib
import itertools
import pathlib
import sys
import textwrap

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
import library_effects as le  # noqa: E402

_count = itertools.count()


@pytest.fixture
def analyse(tmp_path, monkeypatch):
    """analyse({"mod": source, ...}, "mod.f", ...) -> {name: [effects]}, with the modules in a fresh package."""
    monkeypatch.syspath_prepend(str(tmp_path))

    def run(sources, *names, reviewed=None):
        package = f"synthetic{next(_count)}"
        folder = tmp_path / package
        folder.mkdir()
        (folder / "__init__.py").write_text("")
        for module, text in sources.items():
            (folder / f"{module}.py").write_text(textwrap.dedent(text))
        importlib.invalidate_caches()
        analysis = le.Analysis(le.Reviewed(reviewed).sinks() if reviewed else None)
        keys = [f"{package}.{name}" for name in names]
        for key in keys:
            module = key.split(".")[0] + "." + key.split(".")[1]
            assert analysis.module(module) is not None, module
        analysis.solve(keys)
        run.analysis = analysis
        run.package = package
        return {name: analysis.effects(key, True) for name, key in zip(names, keys)}
    return run


def one(analyse, source, name="m.f"):
    return analyse({"m": source}, name)[name]


# ---- sinks ---------------------------------------------------------------------------------------

def test_getattr_setattr_name_is_names(analyse):
    assert one(analyse, """
        def f(obj, name, value):
            setattr(obj, name, value)
            return getattr(obj, name)
    """) == ["names:name#1"]


def test_a_constant_attribute_name_is_no_effect(analyse):
    assert one(analyse, """
        def f(obj):
            return getattr(obj, "shape", None)
    """) == []


def test_eval_exec_compile_are_code(analyse):
    assert one(analyse, """
        def f(expr, stmt, src):
            eval(expr)
            exec(stmt, {})
            compile(src, "<x>", "exec")
    """) == ["code:expr#0", "code:src#2", "code:stmt#1"]


def test_format_method_on_a_parameter_is_format(analyse):
    assert one(analyse, """
        def f(template, value):
            return template.format(value)
    """) == ["format:template#0"]


def test_format_of_a_constant_template_is_no_effect(analyse):
    assert one(analyse, """
        def f(value):
            return "{0}".format(value)
    """) == []


def test_string_formatter_is_format_and_names(analyse):
    result = one(analyse, """
        import string
        def f(fmt, obj):
            return string.Formatter().format(fmt, obj)
    """)
    # (the analysis is flow-insensitive: _vformat's format_spec holds the parsed spec and, after the
    # recursive call, the expanded one, so the arguments show too; reviewed.tsv corrects Formatter)
    assert "format:fmt#0" in result and "names:fmt#0" in result


def test_get_type_hints_is_annotations(analyse):
    assert one(analyse, """
        import typing
        def f(func):
            return typing.get_type_hints(func)
    """) == ["annotations"]


def test_open_mode_decides_reads_or_writes(analyse):
    result = analyse({"m": """
        def reader(path):
            with open(path) as f:
                return f.read()
        def writer(path, text):
            with open(path, "w") as f:
                f.write(text)
        def either(path, mode):
            return open(path, mode)
        def default_file():
            return open("/etc/some.conf").read()
    """}, "m.reader", "m.writer", "m.either", "m.default_file")
    assert result == {"m.reader": ["reads:path#0"], "m.writer": ["writes:path#0"],
                      "m.either": ["reads:path#0", "writes:path#0"], "m.default_file": ["files"]}


def test_pathlib_methods_act_on_their_receiver(analyse):
    assert one(analyse, """
        import pathlib
        def f(name, text):
            pathlib.Path(name).write_text(text)
    """) == ["writes:name#0"]


def test_environment_read_and_returned_is_environment(analyse):
    result = analyse({"m": """
        import os
        def home():
            return os.environ.get("HOME", "")
        def expand(path):
            return os.path.expanduser(path)
        def decides_only():
            if os.environ.get("DEBUG"):
                return 1
            return 0
        def width():
            return len(os.environ.get("COLUMNS", ""))
    """}, "m.home", "m.expand", "m.decides_only", "m.width")
    assert result == {"m.home": ["environment"], "m.expand": ["environment"], "m.decides_only": [],
                      "m.width": []}


def test_environment_printed_is_environment(analyse):
    assert one(analyse, """
        import os
        def f():
            info = {"lang": os.environ.get("LANG")}
            print(info)
    """) == ["environment"]


def test_subprocess_and_os_system_are_process(analyse):
    result = analyse({"m": """
        import subprocess, os
        def run(cmd):
            return subprocess.run(cmd, capture_output=True)
        def system():
            os.system("true")
    """}, "m.run", "m.system")
    assert result == {"m.run": ["process"], "m.system": ["process"]}


def test_url_from_a_parameter_is_reads_a_fixed_one_is_network(analyse):
    result = analyse({"m": """
        from urllib.request import urlopen
        def fetch(url):
            return urlopen(url).read()
        def dataset(name):
            return urlopen(f"https://example.org/data/{name}.csv").read()
        def ping():
            urlopen("https://example.org/")
    """}, "m.fetch", "m.dataset", "m.ping")
    assert result == {"m.fetch": ["reads:url#0"], "m.dataset": ["network", "reads:name#0"],
                      "m.ping": ["network"]}


def test_socket_is_network(analyse):
    assert one(analyse, """
        import socket
        def f(host):
            s = socket.socket()
            return s
    """) == ["network"]


def test_import_module_by_parameter_constant_and_data(analyse):
    result = analyse({"m": """
        import importlib
        NAMES = {"a": "json"}
        def by_name(name):
            return importlib.import_module(name)
        def constant():
            return importlib.import_module("json")
        def dynamic(key):
            return importlib.import_module(__import__("json").dumps(1))
    """}, "m.by_name", "m.constant")
    assert result == {"m.by_name": ["imports:name#0"], "m.constant": []}


def test_ctypes_library_is_native(analyse):
    assert one(analyse, """
        import ctypes
        def f():
            return ctypes.CDLL(None)
    """) == ["native"]


def test_type_of_a_parameter_is_class_of(analyse):
    result = analyse({"m": """
        def cls(x):
            return type(x)
        def dunder(x):
            return x.__class__
        def name(x):
            return type(x).__name__ + ""
        def instance(x):
            return isinstance(x, int)
    """}, "m.cls", "m.dunder", "m.instance")
    assert result == {"m.cls": ["class_of:x#0"], "m.dunder": ["class_of:x#0"], "m.instance": []}


def test_three_argument_type_namespace_keys_are_names(analyse):
    assert one(analyse, """
        def f(name, attrs):
            namespace = {}
            for key in attrs:
                namespace[key] = None
            return type("C", (), namespace)
    """) == ["names:attrs#1"]


def test_dict_item_set_on_dunder_dict_is_names(analyse):
    assert one(analyse, """
        def f(obj, key, value):
            obj.__dict__[key] = value
    """) == ["names:key#1"]


# ---- flows within a function --------------------------------------------------------------------

def test_flow_through_assignments_fstrings_concatenation_and_percent(analyse):
    result = analyse({"m": """
        def chain(obj, a):
            b = a
            c = b
            return getattr(obj, c)
        def fstring(obj, a):
            return getattr(obj, f"get_{a}")
        def concat(obj, a):
            return getattr(obj, "get_" + a)
        def percent(obj, a):
            return getattr(obj, "get_%s" % a)
        def method(obj, a):
            return getattr(obj, a.lower().strip())
    """}, "m.chain", "m.fstring", "m.concat", "m.percent", "m.method")
    assert all(effects == ["names:a#1"] for effects in result.values()), result


def test_flow_through_subscripts_iteration_unpacking_and_containers(analyse):
    result = analyse({"m": """
        def subscript(obj, names):
            return getattr(obj, names[0])
        def loop(obj, names):
            for n in names:
                getattr(obj, n)
        def unpack(obj, pairs):
            for key, value in pairs:
                setattr(obj, key, value)
        def container(obj, a):
            items = [a, "x"]
            return [getattr(obj, i) for i in items]
        def appended(obj, a):
            items = []
            items.append(a)
            return getattr(obj, items[0])
    """}, "m.subscript", "m.loop", "m.unpack", "m.container", "m.appended")
    assert result == {"m.subscript": ["names:names#1"], "m.loop": ["names:names#1"],
                      "m.unpack": ["names:pairs#1"], "m.container": ["names:a#1"], "m.appended": ["names:a#1"]}


def test_a_value_passed_to_a_c_function_or_measured_does_not_flow(analyse):
    result = analyse({"m": """
        import math
        def f(obj, a):
            return getattr(obj, math.floor(a))
        def g(obj, a):
            return getattr(obj, str(len(a)))
    """}, "m.f", "m.g")
    assert result == {"m.f": [], "m.g": []}


def test_kwargs_names_and_values_are_told_apart(analyse):
    result = analyse({"m": """
        def setters(obj, **kwargs):
            for k, v in kwargs.items():
                getattr(obj, "set_" + k)(v)
        def values(obj, **kwargs):
            return getattr(obj, kwargs["name"])
        def forwards(obj, **kwargs):
            return setters(obj, **kwargs)
        def fixed_keywords(obj, color):
            return setters(obj, color=color)
    """}, "m.setters", "m.values", "m.forwards", "m.fixed_keywords")
    assert result == {"m.setters": ["names:**names"], "m.values": ["names:**"], "m.forwards": ["names:**names"],
                      "m.fixed_keywords": []}


def test_a_keyword_passed_on_through_kwargs_keeps_its_name(analyse):
    assert one(analyse, """
        def inner(obj, name=None):
            return getattr(obj, name)
        def f(obj, **kwargs):
            return inner(obj, **kwargs)
    """) == ["names:name"]


def test_star_args_are_spelled_from_their_position(analyse):
    assert one(analyse, """
        def f(obj, *names):
            for n in names:
                getattr(obj, n)
    """) == ["names:#1+"]


def test_positional_only_and_keyword_only_spellings(analyse):
    assert one(analyse, """
        def f(obj, a, /, b, *, c):
            getattr(obj, a); getattr(obj, b); getattr(obj, c)
    """) == ["names:#1", "names:b#2", "names:c"]


def test_nested_functions_and_lambdas_are_read_with_their_definer(analyse):
    assert one(analyse, """
        def f(template):
            return lambda x: template.format(x)
    """) == ["format:template#0"]


# ---- flows across functions ----------------------------------------------------------------------

def test_calls_between_modules_relative_and_absolute_imports(analyse):
    result = analyse({"a": """
        def lookup(obj, attr):
            return getattr(obj, attr)
    """, "b": """
        from .a import lookup
        from . import a
        def one(obj, name):
            return lookup(obj, name)
        def two(obj, name):
            return a.lookup(obj, attr=name)
    """}, "b.one", "b.two")
    assert result == {"b.one": ["names:name#1"], "b.two": ["names:name#1"]}


def test_returned_values_flow_back(analyse):
    assert one(analyse, """
        def prefix(s):
            return "get_" + s
        def f(obj, name):
            return getattr(obj, prefix(name))
    """) == ["names:name#1"]


def test_methods_through_self_bases_super_and_construction(analyse):
    result = analyse({"m": """
        class Base:
            def lookup(self, attr):
                return getattr(self, attr)
        class Child(Base):
            def __init__(self, field):
                self.lookup(field)
            def via_super(self, attr):
                return super().lookup(attr)
        def build(name):
            return Child(name)
        def local_class(name):
            klass = Child
            return klass(name)
    """}, "m.Child.via_super", "m.build", "m.local_class")
    assert result == {"m.Child.via_super": ["names:attr#0"], "m.build": ["names:name#0"],
                      "m.local_class": ["names:name#0"]}
    assert run_construct(analyse, "m.Child") == ["names:field#0"]


def run_construct(analyse, name):
    analyse.analysis.solve([f"{analyse.package}.{name}.__init__"])
    return analyse.analysis.construct_effects(f"{analyse.package}.{name}")


def test_instance_of_a_returned_class_resolves_its_methods(analyse):
    assert one(analyse, """
        class Apply:
            def __init__(self, func):
                self.func = func
            def run(self, obj):
                return getattr(obj, self.func)()
        ENGINES = {"a": Apply}
        def make(func, engine):
            return ENGINES[engine](func)
        def agg(obj, func, engine="a"):
            op = make(func, engine)
            return op.run(obj)
    """, "m.agg") == ["names:func#1"]


def test_attribute_set_from_a_parameter_and_used_elsewhere(analyse):
    result = analyse({"m": """
        class Holder:
            def __init__(self, template):
                self.template = template
            def set_template(self, t):
                self.template = t
            def render(self, value):
                return self.template.format(value)
        class Other:
            def __init__(self, template):
                self.template = template
    """}, "m.Holder.set_template", "m.Holder.render")
    assert result == {"m.Holder.set_template": ["format:t#0"], "m.Holder.render": []}
    assert run_construct(analyse, "m.Holder") == ["format:template#0"]
    assert run_construct(analyse, "m.Other") == []  # an unrelated class's attribute of the same name


def test_functools_partial_and_wraps(analyse):
    result = analyse({"m": """
        import functools
        def lookup(obj, attr):
            return getattr(obj, attr)
        def bind(attr):
            return functools.partial(lookup, attr=attr)
        def wrap(names):
            return functools.wraps(print, assigned=names)
    """}, "m.bind", "m.wrap")
    assert result == {"m.bind": ["names:attr#0"], "m.wrap": ["names:names#0"]}


def test_a_flag_the_caller_passes_false_drops_the_effect(analyse):
    result = analyse({"m": """
        import subprocess
        def render(text, usetex=False):
            if usetex:
                subprocess.run(["latex", text])
            return text
        def plain(text):
            return render(text)
        def explicit(text):
            return render(text, usetex=False)
        def passes(text, usetex):
            return render(text, usetex=usetex)
        def true(text):
            return render(text, True)
    """}, "m.render", "m.plain", "m.explicit", "m.passes", "m.true")
    assert result == {"m.render": ["process"], "m.plain": [], "m.explicit": [], "m.passes": ["process"],
                      "m.true": ["process"]}


def test_reviewed_c_callables_are_sinks(analyse):
    result = analyse({"m": """
        import math
        def f(path):
            return math.fake_reader(path)
    """}, "m.f", reviewed="# made up\nmath.fake_reader reads:#0\n")
    assert result == {"m.f": ["reads:path#0"]}


# ---- settings ------------------------------------------------------------------------------------

def test_a_setting_read_from_rcparams_and_a_sink_under_it(analyse, tmp_path):
    result = analyse({"m": """
        import subprocess
        import importlib
        from matplotlib import rcParams
        def draw(text):
            if rcParams["text.usetex"]:
                subprocess.run(["latex", text])
            return text
        def backend():
            return importlib.import_module("backend_" + rcParams["backend"])
    """}, "m.draw", "m.backend")
    assert result == {"m.draw": [], "m.backend": []}
    found = {key[:3] for key in analyse.analysis.settings()}
    assert ("matplotlib", "text.usetex", "process") in found
    assert ("matplotlib", "backend", "imports") in found


# ---- reviewed lines ------------------------------------------------------------------------------

def test_reviewed_lines_need_a_reason_and_known_effects():
    reviewed = le.Reviewed("a.b reads:#0\n\n# group\na.{c,d} names:#1\na.* \ntype=T\nx.y bogus:#0 # why\n")
    assert reviewed.lookup("a.c") [0] == ("names:#1",) and reviewed.lookup("a.d")[0] == ("names:#1",)
    assert reviewed.lookup("a.zzz")[3] == "a.*"
    assert reviewed.lookup("q.r", "T")[3] == "type=T"
    assert any("a.b has no reason" in e for e in reviewed.errors)
    assert any("`bogus:#0` is no effect" in e for e in reviewed.errors)


def test_a_closure_resolves_its_free_variables_from_its_cells(analyse):
    analyse({"m": """
        def reader(path):
            return open(path).read()
        def wrap(func):
            return lambda *args: func(*args)
        read = wrap(reader)
    """}, "m.reader")
    module = importlib.import_module(f"{analyse.package}.m")
    key = le.function_key(module.read)
    assert key == f"{analyse.package}.m.wrap.<locals>.<lambda>"
    analysis = analyse.analysis
    analysis.bind_closure(key, module.read)
    analysis.solve([key])
    assert analysis.effects(key, False) == ["reads:#0+"]
    unbound = le.Analysis()
    unbound.module(f"{analyse.package}.m")
    unbound.solve([key])
    assert unbound.effects(key, False) == []  # without the cells, `func` is unknown


def test_an_object_carries_what_it_stores_not_its_arguments(analyse):
    result = analyse({"m": """
        import pathlib
        class Scope:
            def __init__(self, level, names):
                self.level = level
        def f(obj, level):
            return getattr(obj, Scope(level, ()))
        def path(obj, name):
            return getattr(obj, pathlib.Path(name))
    """}, "m.f", "m.path")
    assert result == {"m.f": [], "m.path": ["names:name#1"]}


def test_warnings_and_logging_are_not_followed(analyse):
    assert one(analyse, """
        import warnings, logging
        def f(message):
            warnings.warn(message)
            logging.getLogger(__name__).warning(message)
    """) == []


def test_a_method_of_an_object_stored_on_self_resolves(analyse):
    assert run_construct_of(analyse, {"m": """
        class Visitor:
            def visit(self, text):
                return compile(text, "<expr>", "eval")
        PARSERS = {"python": Visitor}
        class Expr:
            def __init__(self, expr, parser="python"):
                self.expr = expr
                self._visitor = PARSERS[parser]()
                self.terms = self.parse()
            def parse(self):
                return self._visitor.visit(self.expr)
    """}, "m.Expr") == ["code:expr#0"]


def run_construct_of(analyse, sources, name):
    analyse(sources, name.rsplit(".", 1)[0] + ".PARSERS" if False else "m.Expr.parse")
    return run_construct(analyse, name)


def test_an_attribute_of_an_argument_does_not_carry_its_text(analyse):
    # `obj.kind` is the object's class's to hold, not the text the caller passed; the argument itself,
    # its items and a string's methods still carry it.
    assert one(analyse, """
        def f(array, name, table):
            getattr(array, array.dtype)
            getattr(array, name.lower())
            getattr(array, table["key"])
    """) == ["names:name#1", "names:table#2"]


def test_a_reviewed_line_with_no_effect_settles_its_callable_for_callers(analyse):
    source = {"m": """
        def lookup(obj, name):
            return getattr(obj, name)

        def caller(obj, name):
            return lookup(obj, name)
    """}
    # A line for another package's `lookup` settles nothing here: the caller takes lookup's names effect.
    assert analyse(source, "m.caller", reviewed="elsewhere.m.lookup # not this one\n")["m.caller"] == ["names:name#1"]
    # The next analysis' package is the fixture's next number: a line with no effect for its `lookup`
    # makes lookup a sink of nothing, for its callers too.
    following = f"synthetic{int(analyse.package.removeprefix('synthetic')) + 1}"
    found = analyse(source, "m.caller", reviewed=f"{following}.m.lookup # copies only the names it has\n")
    assert found["m.caller"] == []
