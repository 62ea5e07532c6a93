// The semantic model (analyzer/model/model.hpp) and its queries (analyzer/model/resolve.cpp):
// Python's scopes, every binding form, the ways to reach a builtin or a module
// member by name, factories, NFKC identifiers and constant folding, each
// compared with the exact qualified names or constants Python would reach.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/model/fold.hpp"
#include "tests/support/analyzed_file.hpp"

using namespace pygate::analyzer;

namespace {

// The bytes `expr` folds to: a bytes value is no string (fold_string gives nothing for it).
std::optional<std::string> folded_bytes(const testing::Analyzed& file, std::string_view expr) {
    testing::Expression found = file.expression(expr);
    std::optional<FoldedValue> value = fold_value(file.model, found.node, found.scope);
    if (!value || value->kind != FoldedValue::Kind::bytes) return std::nullopt;
    return value->text;
}

}  // namespace

namespace {

using testing::Analyzed;
using testing::Expression;
using testing::Names;

const Names k_nothing;
const std::optional<std::string> k_no_string;
const std::optional<std::int64_t> k_no_integer;

}  // namespace

// --- scopes

TEST_CASE("a free name is its builtin, an unknown free name is nothing", "[resolve]") {
    Analyzed file(R"py(
x = eval
y = len
z = undefined_thing
w = __builtins__
)py");
    CHECK(file.names("eval") == Names{"builtins.eval"});
    CHECK(file.names("len") == Names{"builtins.len"});
    CHECK(file.names("undefined_thing") == k_nothing);
    CHECK(file.names("__builtins__") == Names{"builtins"});
}

TEST_CASE("module bindings are seen in functions and local bindings shadow them", "[resolve]") {
    Analyzed file(R"py(
import os
run = os.system
def f():
    run('ls')
def g():
    run = print
    run('ls')
run('ls')
)py");
    CHECK(file.names("run", 0) == Names{"os.system"});
    CHECK(file.names("run", 1) == Names{"builtins.print"});
    CHECK(file.names("run", 2) == Names{"os.system"});
    CHECK(file.site("run", 0).scope != k_module_scope);
    CHECK(file.site("run", 2).scope == k_module_scope);
}

TEST_CASE("a class body is not visible to the functions and lambdas nested in it", "[resolve]") {
    Analyzed file(R"py(
run = print
class A:
    run = eval
    x = run
    def m(self):
        return run
    f = lambda: run
A.run
)py");
    CHECK(file.names("run", 0) == Names{"builtins.eval"});
    CHECK(file.names("run", 1) == Names{"builtins.print"});
    CHECK(file.names("run", 2) == Names{"builtins.print"});
    CHECK(file.names("A.run") == Names{"builtins.eval"});
    CHECK(file.model.scope_kind(file.site("run", 0).scope) == ScopeKind::class_body);
    CHECK(file.model.scope_kind(file.site("run", 1).scope) == ScopeKind::function);
    CHECK(file.model.scope_kind(file.site("run", 2).scope) == ScopeKind::lambda);
    CHECK(file.model.enclosing_class(file.site("run", 1).scope) == file.site("run", 0).scope);
}

TEST_CASE("lambda parameters, their defaults and what calling a lambda returns", "[resolve]") {
    Analyzed file(R"py(
import os
f = lambda run=os.system: run
g = lambda os: os.system
h = lambda: os.popen
f()
h()
)py");
    CHECK(file.names("run") == Names{"os.system"});
    CHECK(file.names("os.system", 0) == Names{"os.system"});  // the default, evaluated outside
    CHECK(file.names("os.system", 1) == k_nothing);           // the parameter `os` shadows the module
    CHECK(file.names("f()") == Names{"os.system"});
    CHECK(file.names("h()") == Names{"os.popen"});
    CHECK(file.kinds("f") == std::vector<Referent::Kind>{Referent::Kind::user_function});
}

TEST_CASE("a comprehension has its own scope but its first iterable is evaluated outside", "[resolve]") {
    Analyzed file(R"py(
run = print
class A:
    run = eval
    first = [run for x in run]
    second = [y for x in (1,) for y in run]
)py");
    CHECK(file.names("run", 0) == Names{"builtins.print"});  // the element: comprehension scope, class skipped
    CHECK(file.names("run", 1) == Names{"builtins.eval"});   // the first iterable: the class body
    CHECK(file.names("run", 2) == Names{"builtins.print"});  // a later iterable: comprehension scope
    CHECK(file.model.scope_kind(file.site("run", 0).scope) == ScopeKind::comprehension);
    CHECK(file.model.scope_kind(file.site("run", 1).scope) == ScopeKind::class_body);
    CHECK(file.model.scope_kind(file.site("run", 2).scope) == ScopeKind::comprehension);
}

TEST_CASE("comprehension variables take each element and do not leak", "[resolve]") {
    Analyzed file(R"py(
calls = [f for f in (eval, exec)]
lazy = (h for h in [compile])
pairs = {k: k for k in (breakpoint,)}
leaked = f
)py");
    CHECK(file.names("f", 0) == Names{"builtins.eval", "builtins.exec"});
    CHECK(file.names("h") == Names{"builtins.compile"});
    CHECK(file.names("k", 0) == Names{"builtins.breakpoint"});
    CHECK(file.names("k", 1) == Names{"builtins.breakpoint"});
    CHECK(file.names("f", 1) == k_nothing);
}

TEST_CASE("a walrus in a comprehension binds in the enclosing scope", "[resolve]") {
    Analyzed file(R"py(
def f():
    [(z := eval) for _ in (1,)]
    return z
)py");
    CHECK(file.names("z") == Names{"builtins.eval"});
    CHECK(file.model.scope_kind(file.site("z").scope) == ScopeKind::function);
}

TEST_CASE("global and nonlocal reads skip to the declared scope", "[resolve]") {
    Analyzed file(R"py(
run = eval
def outer():
    run = print
    def by_global():
        global run
        return run
    def by_nonlocal():
        nonlocal run
        return run
    def by_closure():
        return run
)py");
    CHECK(file.names("run", 0) == Names{"builtins.eval"});
    CHECK(file.names("run", 1) == Names{"builtins.print"});
    CHECK(file.names("run", 2) == Names{"builtins.print"});
}

TEST_CASE("a global declaration makes a function's assignment a module binding", "[resolve]") {
    Analyzed file(R"py(
run = eval
def f():
    global run
    run = exec
    return run
def g():
    return run
run
)py");
    CHECK(file.names("run", 0) == Names{"builtins.eval", "builtins.exec"});  // in f
    CHECK(file.names("run", 1) == Names{"builtins.eval", "builtins.exec"});  // in g
    CHECK(file.names("run", 2) == Names{"builtins.eval", "builtins.exec"});  // in the module
}

TEST_CASE("a nonlocal declaration makes a nested function's assignment the enclosing binding", "[resolve]") {
    Analyzed file(R"py(
def outer():
    run = print
    def inner():
        nonlocal run
        run = eval
        return run
    inner()
    return run
)py");
    CHECK(file.names("run", 0) == Names{"builtins.eval", "builtins.print"});  // in inner
    CHECK(file.names("run", 1) == Names{"builtins.eval", "builtins.print"});  // in outer
}

TEST_CASE("a user definition shadows a builtin, but not for module code that runs before it", "[resolve]") {
    Analyzed file(R"py(
eval('1')
def eval(x):
    return x
eval(1)
def later():
    return eval
x = open
open = None
open
class A:
    y = len
    len = 3
)py");
    CHECK(file.names("eval", 0) == Names{"builtins.eval"});
    CHECK(file.names("eval", 1) == k_nothing);
    CHECK(file.kinds("eval", 1) == std::vector<Referent::Kind>{Referent::Kind::user_function});
    CHECK(file.names("eval", 2) == k_nothing);  // a function body runs after the module defined eval
    CHECK(file.names("open", 0) == Names{"builtins.open"});
    CHECK(file.names("open", 1) == k_nothing);
    CHECK(file.names("len") == Names{"builtins.len"});
}

// --- binding forms

TEST_CASE("import statements bind what Python binds", "[resolve]") {
    Analyzed file(R"py(
import a.b.c
import p.q as x
from m import b as c
from n import k
a.b.c.d
a
x.y
c.d
k.j
)py");
    CHECK(file.names("a.b.c.d") == Names{"a.b.c.d"});
    CHECK(file.names("a") == Names{"a"});
    CHECK(file.names("x.y") == Names{"p.q.y"});
    CHECK(file.names("c.d") == Names{"m.b.d"});
    CHECK(file.names("k.j") == Names{"n.k.j"});
    auto dotted = file.referents("a.b.c.d");
    REQUIRE(dotted.size() == 1);
    CHECK(dotted[0].via_import);
    CHECK(dotted[0].import_path == "a.b.c");
    auto aliased = file.referents("x.y");
    REQUIRE(aliased.size() == 1);
    CHECK(aliased[0].import_path == "p.q");
    auto aliased_chain = file.model.chain(aliased[0]);
    REQUIRE(aliased_chain.size() == 1);
    CHECK(file.model.text(aliased_chain[0]) == "import p.q as x");
}

TEST_CASE("a star import makes free names members of its module, builtins stay builtins", "[resolve]") {
    Analyzed file(R"py(
from os import *
from subprocess import *
system('ls')
print('x')
)py");
    CHECK(file.names("system") == Names{"os.system", "subprocess.system"});
    CHECK(file.names("print") == Names{"builtins.print"});
}

TEST_CASE("relative imports do not resolve to real module names", "[resolve]") {
    Analyzed file(R"py(
from .os import system
from . import subprocess
from ..pkg import run
system('ls')
subprocess.run
run
__import__('.os')
)py");
    CHECK(file.names("system") == Names{".os.system"});
    CHECK(file.names("subprocess.run") == Names{"..subprocess.run"});
    CHECK(file.names("run") == Names{"..pkg.run"});
    CHECK(file.names("__import__('.os')") == k_nothing);
}

TEST_CASE("assignments copy references", "[resolve]") {
    Analyzed file(R"py(
import os
f = os.system
a, b = eval, exec
[c, d] = [compile, breakpoint]
(e, (g, h)) = (os.fork, (os.popen, os.kill))
p = q = os.execv
(w := os.spawnl)
m, n = os.system
f
a
b
c
d
e
g
h
p
q
w
m
)py");
    CHECK(file.names("f") == Names{"os.system"});
    CHECK(file.names("a") == Names{"builtins.eval"});
    CHECK(file.names("b") == Names{"builtins.exec"});
    CHECK(file.names("c") == Names{"builtins.compile"});
    CHECK(file.names("d") == Names{"builtins.breakpoint"});
    CHECK(file.names("e") == Names{"os.fork"});
    CHECK(file.names("g") == Names{"os.popen"});
    CHECK(file.names("h") == Names{"os.kill"});
    CHECK(file.names("p") == Names{"os.execv"});
    CHECK(file.names("q") == Names{"os.execv"});
    CHECK(file.names("w") == Names{"os.spawnl"});
    CHECK(file.names("m") == k_nothing);  // unpacking a function: nothing is known
    auto copied = file.referents("f");
    REQUIRE(copied.size() == 1);
    auto copied_chain = file.model.chain(copied[0]);
    REQUIRE(copied_chain.size() == 2);
    CHECK(file.model.text(copied_chain[0]) == "import os");
    CHECK(file.model.text(copied_chain[1]) == "f = os.system");
}

TEST_CASE("a starred unpacking still binds the names beside the star", "[resolve]") {
    Analyzed file(R"py(
first, *rest = eval, exec, compile
first
)py");
    CHECK(file.names("first") == Names{"builtins.eval"});
}

TEST_CASE("for and with targets", "[resolve]") {
    Analyzed file(R"py(
import os, socket
for f in (eval, exec):
    f('1')
for g in [os.system]:
    g('ls')
with socket.socket() as s:
    s.connect(('h', 1))
with open('x') as fh, socket.create_connection(('h', 1)) as conn:
    fh.read()
    conn.send(b'')
)py");
    CHECK(file.names("f") == Names{"builtins.eval", "builtins.exec"});
    CHECK(file.names("g") == Names{"os.system"});
    CHECK(file.names("s.connect") == Names{"socket.socket.connect"});
    CHECK(file.names("fh.read") == Names{"io.IOBase.read"});
    CHECK(file.names("conn.send") == Names{"socket.socket.send"});
}

TEST_CASE("default parameters, and functions and lambdas that return references", "[resolve]") {
    Analyzed file(R"py(
import os
def g(run=os.system, *args, **kwargs):
    run('ls')
def plain(x):
    x.system
f = lambda: os.system
f()
def get():
    return os.popen
get()
def pick(flag):
    if flag:
        return eval
    return exec
pick(1)
def local_import():
    import subprocess as sp
    return sp.run
local_import()
either = os.system if flag else None
maybe = flag and os.popen
either
maybe
)py");
    CHECK(file.names("run") == Names{"os.system"});
    CHECK(file.names("x.system") == k_nothing);
    CHECK(file.names("f()") == Names{"os.system"});
    CHECK(file.names("get()") == Names{"os.popen"});
    CHECK(file.names("pick(1)") == Names{"builtins.eval", "builtins.exec"});
    CHECK(file.names("local_import()") == Names{"subprocess.run"});
    CHECK(file.names("either") == Names{"os.system"});
    CHECK(file.names("maybe") == Names{"os.popen"});
}

TEST_CASE("class attributes, instance attributes and __call__", "[resolve]") {
    Analyzed file(R"py(
import os
class A:
    run = os.system
    def __init__(self):
        self.x = os.popen
    def other(me):
        me.y = eval
    def use(self):
        self.x('ls')
        self.run('ls')
A.run
A().run
a = A()
a.x
a.y
class C:
    __call__ = os.system
c = C()
c('ls')
)py");
    CHECK(file.names("self.x") == Names{"os.popen"});
    CHECK(file.site("self.x", 0).store);
    CHECK(file.names("self.run") == Names{"os.system"});
    CHECK(file.names("A.run") == Names{"os.system"});
    CHECK(file.names("A().run") == Names{"os.system"});
    CHECK(file.names("a.x") == Names{"os.popen"});
    CHECK(file.names("a.y") == Names{"builtins.eval"});
    CHECK(file.names("c('ls')") == Names{"os.system"});
    CHECK(file.kinds("a") == std::vector<Referent::Kind>{Referent::Kind::user_instance});
    CHECK(file.kinds("A") == std::vector<Referent::Kind>{Referent::Kind::user_class});
}

TEST_CASE("attributes are looked up through a class's bases", "[resolve]") {
    Analyzed file(R"py(
import os
class A:
    run = os.system
    def __init__(self):
        self.x = os.popen
class B(A):
    def m(self):
        self.x('ls')
B.run
B().x
)py");
    CHECK(file.names("B.run") == Names{"os.system"});
    CHECK(file.names("B().x") == Names{"os.popen"});
    CHECK(file.names("self.x") == Names{"os.popen"});
}

TEST_CASE("classes that derive from each other or themselves end the lookup", "[resolve]") {
    Analyzed file(R"py(
import os
class A(B):
    run = os.system
class B(A):
    def f(self):
        return self.missing
class C(C):
    pass
B().run
C().y
)py");
    CHECK(file.names("B().run") == Names{"os.system"});
    CHECK(file.names("C().y").empty());
    CHECK(file.names("self.missing").empty());
}

// --- builtins and modules reached by name

TEST_CASE("builtins reached through the builtins module and namespaces", "[resolve]") {
    Analyzed file(R"py(
import builtins, sys
builtins.eval
__builtins__.eval
__builtins__['eval']
__builtins__.__dict__['eval']
builtins.__dict__['exec']
globals()['__builtins__']
globals()['__builtins__'].exec
globals()['eval']
vars(builtins)['eval']
getattr(builtins, 'eval')
getattr(builtins, 'ev' + 'al')
getattr(__builtins__, 'compile')
globals()['__builtins__']['eval']
vars()['eval']
sys.modules['builtins'].eval
__import__('builtins').exec
)py");
    CHECK(file.names("builtins.eval") == Names{"builtins.eval"});
    CHECK(file.names("__builtins__.eval") == Names{"builtins.eval"});
    CHECK(file.names("__builtins__['eval']") == Names{"builtins.eval"});
    CHECK(file.names("__builtins__.__dict__['eval']") == Names{"builtins.eval"});
    CHECK(file.names("builtins.__dict__['exec']") == Names{"builtins.exec"});
    CHECK(file.names("globals()['__builtins__']") == Names{"builtins"});
    CHECK(file.names("globals()['__builtins__'].exec") == Names{"builtins.exec"});
    CHECK(file.names("globals()['eval']") == Names{"builtins.eval"});
    CHECK(file.names("vars(builtins)['eval']") == Names{"builtins.eval"});
    CHECK(file.names("getattr(builtins, 'eval')") == Names{"builtins.eval"});
    CHECK(file.names("getattr(builtins, 'ev' + 'al')") == Names{"builtins.eval"});
    CHECK(file.names("getattr(__builtins__, 'compile')") == Names{"builtins.compile"});
    CHECK(file.names("globals()['__builtins__']['eval']") == Names{"builtins.eval"});
    CHECK(file.names("vars()['eval']") == Names{"builtins.eval"});
    CHECK(file.names("sys.modules['builtins'].eval") == Names{"builtins.eval"});
    CHECK(file.names("__import__('builtins').exec") == Names{"builtins.exec"});
    CHECK(file.kinds("globals()") == std::vector<Referent::Kind>{Referent::Kind::globals});
    CHECK(file.kinds("vars(builtins)") == std::vector<Referent::Kind>{Referent::Kind::namespace_of});
}

TEST_CASE("modules reached by string: sys.modules, __import__, importlib, attrgetter", "[resolve]") {
    Analyzed file(R"py(
import sys, importlib, operator, os
sys.modules['os'].system
__import__('os').system
__import__('os.path').path.join
__import__('os.path', fromlist=['join']).join
importlib.import_module('os.path').join
operator.attrgetter('system')(os)
operator.attrgetter('path.join')(os)
operator.methodcaller('system', 'ls')
os.__dict__['system']
getattr(os, unknown)
operator.methodcaller('system', 'ls')(os)
getattr(__import__('os'), 'sys' + 'tem')
modules = sys.modules
modules['subprocess'].run
from importlib import import_module as load
load('os').popen
)py");
    CHECK(file.names("sys.modules['os'].system") == Names{"os.system"});
    CHECK(file.names("__import__('os').system") == Names{"os.system"});
    CHECK(file.names("__import__('os.path').path.join") == Names{"os.path.join"});
    CHECK(file.names("__import__('os.path', fromlist=['join']).join") == Names{"os.path.join"});
    CHECK(file.names("importlib.import_module('os.path').join") == Names{"os.path.join"});
    CHECK(file.names("operator.attrgetter('system')(os)") == Names{"os.system"});
    CHECK(file.names("operator.attrgetter('path.join')(os)") == Names{"os.path.join"});
    CHECK(file.names("os.__dict__['system']") == Names{"os.system"});
    CHECK(file.names("getattr(os, unknown)") == k_nothing);
    CHECK(file.names("operator.methodcaller('system', 'ls')(os)") == Names{"os.system"});
    CHECK(file.names("getattr(__import__('os'), 'sys' + 'tem')") == Names{"os.system"});
    CHECK(file.names("modules['subprocess'].run") == Names{"subprocess.run"});
    CHECK(file.names("load('os').popen") == Names{"os.popen"});
    auto caller = file.referents("operator.methodcaller('system', 'ls')", 0);
    REQUIRE(caller.size() == 1);
    CHECK(caller[0].kind == Referent::Kind::methodcaller);
    CHECK(caller[0].qualified == "system");
}

TEST_CASE("calls to known factories have typed results", "[resolve]") {
    Analyzed file(R"py(
import socket, asyncio, pathlib, pandas
from pathlib import Path
socket.socket().connect
asyncio.get_event_loop().subprocess_exec
asyncio.new_event_loop().create_connection
loop = asyncio.get_running_loop()
loop.subprocess_shell
pathlib.Path('a').unlink
Path('a').write_text
open('f').write
pandas.read_csv('x').to_csv
async def main():
    running = asyncio.get_running_loop()
    await running.subprocess_exec('ls')
)py");
    CHECK(file.names("socket.socket().connect") == Names{"socket.socket.connect"});
    CHECK(file.names("asyncio.get_event_loop().subprocess_exec") == Names{"asyncio.AbstractEventLoop.subprocess_exec"});
    CHECK(file.names("asyncio.new_event_loop().create_connection") ==
          Names{"asyncio.AbstractEventLoop.create_connection"});
    CHECK(file.names("loop.subprocess_shell") == Names{"asyncio.AbstractEventLoop.subprocess_shell"});
    CHECK(file.names("pathlib.Path('a').unlink") == Names{"pathlib.Path.unlink"});
    CHECK(file.names("Path('a').write_text") == Names{"pathlib.Path.write_text"});
    CHECK(file.names("open('f').write") == Names{"io.IOBase.write"});
    CHECK(file.names("pandas.read_csv('x').to_csv") == Names{"pandas.DataFrame.to_csv"});
    CHECK(file.names("running.subprocess_exec") == Names{"asyncio.AbstractEventLoop.subprocess_exec"});
    auto made = file.referents("socket.socket()");
    REQUIRE(made.size() == 1);
    CHECK(made[0].kind == Referent::Kind::instance);
    CHECK(made[0].qualified == "socket.socket");
}

TEST_CASE("a path joined with / is still a pathlib.Path", "[resolve]") {
    Analyzed file(R"py(
from pathlib import Path
(Path('a') / 'b').unlink
p = Path('a') / 'b'
p.write_text
)py");
    CHECK(file.names("(Path('a') / 'b').unlink") == Names{"pathlib.Path.unlink"});
    CHECK(file.names("p.write_text") == Names{"pathlib.Path.write_text"});
}

TEST_CASE("identifiers are compared after NFKC, look-alikes stay other names", "[resolve]") {
    Analyzed file(R"py(
import os
ｅｖａｌ('1')
еval('1')
from os import ｓｙｓｔｅｍ
system
ｏｓ.popen
os.ｓｙｓｔｅｍ
getattr(os, 'ｓｙｓｔｅｍ')
)py");
    CHECK(file.names("ｅｖａｌ") == Names{"builtins.eval"});
    CHECK(file.names("\xd0\xb5val") == k_nothing);  // Cyrillic U+0435, then "val"
    CHECK(file.names("system") == Names{"os.system"});
    CHECK(file.names("ｏｓ.popen") == Names{"os.popen"});
    CHECK(file.names("os.ｓｙｓｔｅｍ") == Names{"os.system"});
    // getattr compares strings as they are: CPython does not normalise them.
    CHECK(file.names("getattr(os, 'ｓｙｓｔｅｍ')") == Names{"os.ｓｙｓｔｅｍ"});
    CHECK(file.model.identifier(file.site("ｅｖａｌ").node) == "eval");
}

TEST_CASE("values the resolver cannot trace resolve to nothing", "[resolve]") {
    Analyzed file(R"py(
import re
model = load()
model.eval()
pattern = re.compile('x')
pattern.compile()
a = b
b = a
a
x = x.y
x
)py");
    CHECK(file.names("model.eval()") == k_nothing);
    CHECK(file.names("model.eval") == k_nothing);
    CHECK(file.names("pattern.compile") == k_nothing);
    CHECK(file.names("a", -1) == k_nothing);
    CHECK(file.names("b", -1) == k_nothing);
    CHECK(file.names("x", -1) == k_nothing);
}

TEST_CASE("a binding cycle with a way out resolves to the way out, whatever is asked first", "[resolve]") {
    // In the loop's second pass `a` is eval: flow-insensitively, a and b may both be eval.
    const char* code = R"py(
def f(flag):
    b = None
    for _ in range(2):
        a = b
        b = a if flag else eval
    return a
)py";
    Analyzed asked_once(code);
    CHECK(asked_once.names("a", -1) == Names{"builtins.eval"});

    Analyzed asked_twice(code);
    CHECK(asked_twice.names("a", -1) == Names{"builtins.eval"});
    CHECK(asked_twice.names("a", -1) == Names{"builtins.eval"});

    Analyzed in_document_order(code);  // as the engine asks: `b` in `a = b` first
    CHECK(in_document_order.names("b", 0) == Names{"builtins.eval"});
    CHECK(in_document_order.names("a", 0) == Names{"builtins.eval"});
    CHECK(in_document_order.names("a", -1) == Names{"builtins.eval"});
    CHECK(in_document_order.names("b", 0) == Names{"builtins.eval"});

    Analyzed module_level(R"py(
for _ in range(2):
    a = b if _ else None
    b = a or eval
a
)py");
    CHECK(module_level.names("b", 0) == Names{"builtins.eval"});
    CHECK(module_level.names("a", -1) == Names{"builtins.eval"});
}

// --- constant folding

TEST_CASE("string literals fold with their escapes", "[resolve]") {
    Analyzed file(R"py(
'\x65val'
'\u0065val'
'\U00000065val'
'\145val'
r'\x65val'
b'\x65val'
"ev\"al"
"""ev\
al"""
'\N{LATIN SMALL LETTER E}val'
'\x6'
)py");
    CHECK(file.folded(R"('\x65val')") == "eval");
    CHECK(file.folded(R"('\u0065val')") == "eval");
    CHECK(file.folded(R"('\U00000065val')") == "eval");
    CHECK(file.folded(R"('\145val')") == "eval");
    CHECK(file.folded(R"(r'\x65val')") == R"(\x65val)");
    CHECK(file.folded(R"(b'\x65val')") == k_no_string);  // bytes
    CHECK(folded_bytes(file, R"(b'\x65val')") == "eval");
    CHECK(file.folded(R"("ev\"al")") == "ev\"al");
    CHECK(file.folded("\"\"\"ev\\\nal\"\"\"") == "eval");
    CHECK(file.folded(R"('\N{LATIN SMALL LETTER E}val')") == k_no_string);
    CHECK(file.folded(R"('\x6')") == k_no_string);  // truncated: CPython refuses it
}

TEST_CASE("concatenation, % and .format of constants fold", "[resolve]") {
    Analyzed file(R"py(
'ev' 'al'
'ev' + 'al'
'e' + 'v' 'a' + 'l'
'%s%s' % ('ev', 'al')
'%sal' % 'ev'
'%s%%' % ('ev',)
'%s' % 0x10
'{}{}'.format('ev', 'al')
'{1}{0}'.format('al', 'ev')
'{a}{b}'.format(a='ev', b='al')
'{{{}}}'.format('x')
'{0.__class__}'.format(1)
'%s%s' % ('ev', name)
)py");
    CHECK(file.folded("'ev' 'al'") == "eval");
    CHECK(file.folded("'ev' + 'al'") == "eval");
    CHECK(file.folded("'e' + 'v' 'a' + 'l'") == "eval");
    CHECK(file.folded("'%s%s' % ('ev', 'al')") == "eval");
    CHECK(file.folded("'%sal' % 'ev'") == "eval");
    CHECK(file.folded("'%s%%' % ('ev',)") == "ev%");
    CHECK(file.folded("'%s' % 0x10") == "16");
    CHECK(file.folded("'{}{}'.format('ev', 'al')") == "eval");
    CHECK(file.folded("'{1}{0}'.format('al', 'ev')") == "eval");
    CHECK(file.folded("'{a}{b}'.format(a='ev', b='al')") == "eval");
    CHECK(file.folded("'{{{}}}'.format('x')") == "{x}");
    CHECK(file.folded("'{0.__class__}'.format(1)") == k_no_string);
    CHECK(file.folded("'%s%s' % ('ev', name)") == k_no_string);
}

TEST_CASE("f-strings of constants fold, with a non-constant part they do not", "[resolve]") {
    Analyzed file(R"py(
y = 'ev'
f'{"ev"}al'
f'{y}al'
f'{{{y}}}'
f'{x}al'
f'{y!r}al'
f'{y:>4}'
)py");
    CHECK(file.folded(R"(f'{"ev"}al')") == "eval");
    CHECK(file.folded("f'{y}al'") == "eval");
    CHECK(file.folded("f'{{{y}}}'") == "{ev}");
    CHECK(file.folded("f'{x}al'") == k_no_string);
    CHECK(file.folded("f'{y!r}al'") == k_no_string);
    CHECK(file.folded("f'{y:>4}'") == k_no_string);
}

TEST_CASE("joins, slices and chr of constants fold", "[resolve]") {
    Analyzed file(R"py(
''.join(['e', 'v', 'a', 'l'])
'.'.join(('os', 'system'))
'-'.join('abc')
''.join([x, 'y'])
'lave'[::-1]
'xevalx'[1:-1]
'abcdef'[-3:]
'abcdef'[-1:-4:-1]
'abcdef'[::2]
'abcdef'[5:-100:-2]
'abcdef'[-100:2]
'abcdef'[-1]
'abc'[5]
'abc'[::0]
chr(101) + 'val'
chr(0x65) + chr(118) + 'al'
chr(-1)
)py");
    CHECK(file.folded("''.join(['e', 'v', 'a', 'l'])") == "eval");
    CHECK(file.folded("'.'.join(('os', 'system'))") == "os.system");
    CHECK(file.folded("'-'.join('abc')") == "a-b-c");
    CHECK(file.folded("''.join([x, 'y'])") == k_no_string);
    CHECK(file.folded("'lave'[::-1]") == "eval");
    CHECK(file.folded("'xevalx'[1:-1]") == "eval");
    CHECK(file.folded("'abcdef'[-3:]") == "def");
    CHECK(file.folded("'abcdef'[-1:-4:-1]") == "fed");
    CHECK(file.folded("'abcdef'[::2]") == "ace");
    CHECK(file.folded("'abcdef'[5:-100:-2]") == "fdb");
    CHECK(file.folded("'abcdef'[-100:2]") == "ab");
    CHECK(file.folded("'abcdef'[-1]") == "f");
    CHECK(file.folded("'abc'[5]") == k_no_string);    // IndexError
    CHECK(file.folded("'abc'[::0]") == k_no_string);  // ValueError
    CHECK(file.folded("chr(101) + 'val'") == "eval");
    CHECK(file.folded("chr(0x65) + chr(118) + 'al'") == "eval");
    CHECK(file.folded("chr(-1)") == k_no_string);
}

TEST_CASE("decoders and string methods of constants fold", "[resolve]") {
    Analyzed file(R"py(
import base64, codecs
bytes.fromhex('6576616c').decode()
base64.b64decode('ZXZhbA==').decode()
base64.b64decode('ZXZhbA==')
codecs.decode('riny', 'rot13')
codecs.decode(b'6576616c', 'hex')
'evil'.replace('il', 'al')
'EVAL'.lower()
'eval'.upper()
'  eval  '.strip()
str('eval')
bytes([101, 118, 97, 108]).decode()
'eval'.encode()
codecs.decode('x', 'zlib')
)py");
    CHECK(file.folded("bytes.fromhex('6576616c').decode()") == "eval");
    CHECK(file.folded("base64.b64decode('ZXZhbA==').decode()") == "eval");
    CHECK(file.folded("base64.b64decode('ZXZhbA==')") == k_no_string);
    CHECK(folded_bytes(file, "base64.b64decode('ZXZhbA==')") == "eval");
    CHECK(file.folded("codecs.decode('riny', 'rot13')") == "eval");
    CHECK(folded_bytes(file, "codecs.decode(b'6576616c', 'hex')") == "eval");
    CHECK(file.folded("'evil'.replace('il', 'al')") == "eval");
    CHECK(file.folded("'EVAL'.lower()") == "eval");
    CHECK(file.folded("'eval'.upper()") == "EVAL");
    CHECK(file.folded("'  eval  '.strip()") == "eval");
    CHECK(file.folded("str('eval')") == "eval");
    CHECK(file.folded("bytes([101, 118, 97, 108]).decode()") == "eval");
    CHECK(folded_bytes(file, "'eval'.encode()") == "eval");
    CHECK(file.folded("codecs.decode('x', 'zlib')") == k_no_string);
}

TEST_CASE("a name bound only to constants folds to them", "[resolve]") {
    Analyzed file(R"py(
import os
name = 'sys' + 'tem'
getattr(os, name)
same = 'x'
same = 'x'
print(same)
two = 'a'
two = 'b'
print(two)
grown = 'a'
grown += 'b'
print(grown)
fmt = "{0.__class__}"
fmt.format(1)
def f(param='eval'):
    local = 'ev' + 'al'
    print(param)
    return local
n = 101
chr(n)
)py");
    CHECK(file.folded("name") == "system");
    CHECK(file.names("getattr(os, name)") == Names{"os.system"});
    CHECK(file.folded("same") == "x");
    CHECK(file.folded("two") == k_no_string);
    CHECK(file.folded("grown") == k_no_string);
    CHECK(file.folded("fmt") == "{0.__class__}");
    CHECK(file.folded("local") == "eval");
    CHECK(file.folded("param") == k_no_string);  // a caller may pass anything
    CHECK(file.folded("chr(n)") == "e");
}

TEST_CASE("a name bound to a tuple of constants folds where the tuple is used", "[resolve]") {
    Analyzed file(R"py(
parts = ('ev', 'al')
''.join(parts)
'%s%s' % parts
parts[0] + parts[1]
)py");
    CHECK(file.folded("''.join(parts)") == "eval");
    CHECK(file.folded("'%s%s' % parts") == "eval");
    CHECK(file.folded("parts[0] + parts[1]") == "eval");
}

TEST_CASE("integers fold", "[resolve]") {
    Analyzed file(R"py(
0x65
0X1f
0o17
0b101
1_000_000
-5
+5
2 * 3 + 1
10 - 2 * 3
-(3 - 10)
n = 7
n * 2
0x7fffffffffffffff + 1
1.5
'a'
)py");
    CHECK(file.integer("0x65") == 101);
    CHECK(file.integer("0X1f") == 31);
    CHECK(file.integer("0o17") == 15);
    CHECK(file.integer("0b101") == 5);
    CHECK(file.integer("1_000_000") == 1000000);
    CHECK(file.integer("-5") == -5);
    CHECK(file.integer("+5") == 5);
    CHECK(file.integer("2 * 3 + 1") == 7);
    CHECK(file.integer("10 - 2 * 3") == 4);
    CHECK(file.integer("-(3 - 10)") == 7);
    CHECK(file.integer("n * 2") == 14);
    CHECK(file.integer("0x7fffffffffffffff + 1") == k_no_integer);  // beyond 64 bits: not pretended
    CHECK(file.integer("1.5") == k_no_integer);
    CHECK(file.integer("'a'") == k_no_integer);
}

// --- paths (PG006)

TEST_CASE("paths fold through pathlib, os.path.join and names bound to them", "[resolve]") {
    Analyzed file(R"(
import os, os.path as osp
from pathlib import Path as P
import pathlib
base = P('output')
report = base / 'report.csv'
nested = pathlib.Path('a', 'b').joinpath('c', 'd.txt')
joined = osp.join('input', 'x', 'data.csv')
restart = os.path.join('input', '/etc', 'passwd')
home = P.home() / '.ssh'
cwd = os.path.join(os.getcwd(), 'x')
absolute = osp.abspath('y')
resolved = P('z').resolve()
user = osp.expanduser('~/.bashrc')
other_user = osp.expanduser('~root/.ssh')
tilde_part = P('a').joinpath('~', 'b')
tilde_first = P('~') / 'x'
formatted = P(f"out{'put'}") / ("a" + ".txt")
empty = P()
unknown = P(input())
report; nested; joined; restart; home; cwd; absolute; resolved; user; other_user; tilde_part; tilde_first
formatted; empty; unknown
)");
    CHECK(file.path("report") == "output/report.csv");
    CHECK(file.path("nested") == "a/b/c/d.txt");
    CHECK(file.path("joined") == "input/x/data.csv");
    CHECK(file.path("restart") == "/etc/passwd");  // an absolute part starts over, as os.path.join does
    CHECK(file.path("home") == "/<home>/.ssh");
    CHECK(file.path("cwd") == "/<cwd>/x");
    CHECK(file.path("absolute") == "/<cwd>/y");
    CHECK(file.path("resolved") == "/<cwd>/z");
    CHECK(file.path("user") == "/<home>/.bashrc");
    CHECK(file.path("other_user") == std::nullopt);  // root's home, or `~root/.ssh` where there is no root
    CHECK(file.path("tilde_part") == "a/~/b");  // pathlib expands `~` only in expanduser
    CHECK(file.path("tilde_first") == "~/x");
    CHECK(file.path("formatted") == "output/a.txt");
    CHECK(file.path("empty") == ".");
    CHECK(file.path("unknown") == std::nullopt);
    // Outside path mode a Path is no string.
    CHECK(file.folded("report") == k_no_string);
}

// --- comments are named children of the tree, never expressions

TEST_CASE("a comment inside brackets or between arguments hides nothing", "[resolve]") {
    Analyzed file(R"py(
import asyncio
run = (asyncio  # a note
       ).create_subprocess_shell
name = ("__subcla"  # a note
        "sses__")
width = (  # a note
    7)
n = getattr(object,  # a note
            "__class__")
)py");
    CHECK(file.names("(asyncio  # a note\n       ).create_subprocess_shell") ==
          Names{"asyncio.create_subprocess_shell"});
    CHECK(file.folded("(\"__subcla\"  # a note\n        \"sses__\")") == "__subclasses__");
    CHECK(file.integer("(  # a note\n    7)") == 7);
    const Model::Site& call = file.site("getattr(object,  # a note\n            \"__class__\")");
    CHECK(file.model.text(file.model.argument(call.node, 1)) == "\"__class__\"");
}
