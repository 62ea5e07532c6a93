// The loop judge shared by PG007 and PG008 (rules/utils/loop_bounds.hpp): constant
// tests, endless iterators, and what in a body leaves a loop.
#include "rules/utils/loop_bounds.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "tests/rules/rule_test_support.hpp"

using namespace pygate::rules;
using pygate::analyzer::k_module_scope;
using pygate::rules::testing::Analyzed;

namespace {

std::optional<bool> truth(const std::string& expression) {
    Analyzed file("x = " + expression + "\n");
    return constant_truth(file.last(), k_module_scope, file.model);
}

std::optional<std::string> endless(const std::string& expression) {
    Analyzed file("import itertools\nfrom itertools import count as c\nx = " + expression + "\n");
    return infinite_iterator(file.last(), k_module_scope, file.model);
}

bool unbounded(const std::string& code) {
    Analyzed file("import sys\nimport itertools\n" + code);
    Node loop = code.starts_with("for") ? file.first("for_statement") : file.first("while_statement");
    return judge_loop(loop, k_module_scope, file.model).unbounded;
}

}  // namespace

TEST_CASE("Constant tests fold to true or false, anything else is unknown") {
    CHECK(truth("True") == true);
    CHECK(truth("1") == true);
    CHECK(truth("0") == false);
    CHECK(truth("None") == false);
    CHECK(truth("'x'") == true);
    CHECK(truth("''") == false);
    CHECK(truth("[0]") == true);
    CHECK(truth("()") == false);
    CHECK(truth("1 < 2") == true);
    CHECK(truth("2 < 1") == false);
    CHECK(truth("'a' == 'a'") == true);
    CHECK(truth("not 0") == true);
    CHECK(truth("(1)") == true);
    CHECK(truth("0 and name") == false);
    CHECK(truth("1 or name") == true);
    CHECK(truth("1 and name") == std::nullopt);
    CHECK(truth("name") == std::nullopt);
    CHECK(truth("f()") == std::nullopt);
    // Arithmetic on number literals, `...`, chains, conditional and walrus expressions.
    CHECK(truth("...") == true);
    CHECK(truth("-1") == true);
    CHECK(truth("~0") == true);
    CHECK(truth("~-1") == false);
    CHECK(truth("2 ** 3") == true);
    CHECK(truth("1 - 1") == false);
    CHECK(truth("10 ** 400") == true);  // infinity as a double: still true
    CHECK(truth("2 ** -1") == std::nullopt);
    CHECK(truth("1 < 2 < 3") == true);
    CHECK(truth("1 < 3 < 2") == false);
    CHECK(truth("1 < name < 3") == std::nullopt);
    CHECK(truth("1 if True else 0") == true);
    CHECK(truth("0 if True else 1") == false);
    CHECK(truth("1 if name else 2") == true);
    CHECK(truth("1 if name else 0") == std::nullopt);
    CHECK(truth("(y := 1)") == true);
    // Builtin functions and classes are true; names of the file are not folded (`n -= 1` changes them).
    CHECK(truth("int") == true);
    CHECK(truth("print") == true);
    CHECK(truth("-name") == std::nullopt);
}

TEST_CASE("Endless iterators are named, those that may end are not") {
    CHECK(endless("itertools.count()") == "itertools.count()");
    CHECK(endless("c(10)") == "itertools.count()");  // through an alias
    CHECK(endless("itertools.cycle('ab')").has_value());
    CHECK_FALSE(endless("itertools.cycle('')").has_value());
    CHECK_FALSE(endless("itertools.cycle([])").has_value());
    CHECK(endless("itertools.repeat(1)").has_value());
    CHECK_FALSE(endless("itertools.repeat(1, 3)").has_value());
    CHECK_FALSE(endless("itertools.repeat(1, times=3)").has_value());
    CHECK(endless("iter(int, 1)").has_value());
    CHECK_FALSE(endless("iter(int, 0)").has_value());  // int() == 0: ends at once
    CHECK_FALSE(endless("iter(str, '')").has_value());
    CHECK(endless("iter(list, ())").has_value());  // [] != ()
    CHECK(endless("iter(lambda: 1, 2)").has_value());
    CHECK_FALSE(endless("iter(lambda: 2, 2)").has_value());
    CHECK_FALSE(endless("iter(f.read, b'')").has_value());
    CHECK_FALSE(endless("iter(bytes, rb'')").has_value());  // bytes() == rb'': a raw bytes literal is bytes
    CHECK(endless("iter(str, Rb'')").has_value());          // '' != b''
    CHECK_FALSE(endless("zip(c(), items)").has_value());
    CHECK(endless("zip(c(), itertools.repeat(0))").has_value());
    CHECK(endless("map(str, c())").has_value());
    CHECK(endless("enumerate(itertools.cycle(x))").has_value());
    CHECK(endless("(n * n for n in c())").has_value());
    CHECK_FALSE(endless("itertools.islice(c(), 10)").has_value());
    CHECK_FALSE(endless("range(10**12)").has_value());
}

TEST_CASE("Generators of the file never end when their body reaches a loop only a yield leaves") {
    auto called = [](const std::string& definitions, const std::string& call = "gen()") {
        Analyzed file("import itertools\n" + definitions + "x = " + call + "\n");
        return infinite_iterator(file.last(), k_module_scope, file.model);
    };
    CHECK(called("def gen():\n    while True:\n        yield 1\n") ==
          "gen() (a generator whose `while True:` at line 3 only yields)");
    CHECK(called("def gen():\n    for i in itertools.count():\n        yield i\n") ==
          "gen() (a generator whose `for` over itertools.count() at line 3 only yields)");
    CHECK(called("def gen():\n    n = 0\n    yield n\n    while 1:\n        n += 1\n        yield n\n").has_value());
    CHECK(called("class C:\n    def gen(self):\n        while True:\n            yield 1\n    def run(self):\n"
                 "        return self.gen()\n",
                 "C().gen()")
              .has_value());
    // Through another endless generator of the file.
    CHECK(called("def inner():\n    while True:\n        yield 1\ndef gen():\n    for i in inner():\n        yield i\n")
              .has_value());
    // Generators that may stop: a return, a raise or a break in or before the loop, a bounded loop.
    CHECK_FALSE(
        called("def gen():\n    while True:\n        if x:\n            return\n        yield 1\n").has_value());
    CHECK_FALSE(called("def gen():\n    if x:\n        return\n    while True:\n        yield 1\n").has_value());
    CHECK_FALSE(called("def gen():\n    while True:\n        if x:\n            break\n        yield 1\n").has_value());
    CHECK_FALSE(called("def gen():\n    for i in range(3):\n        yield i\n").has_value());
    CHECK_FALSE(called("def gen():\n    if x:\n        while True:\n            yield 1\n").has_value());
    // No yield in the loop: the loop itself is the finding, not each use.
    CHECK_FALSE(called("def gen():\n    while True:\n        pass\n").has_value());
    // A decorator decides what calling it returns; an async generator is no iterator.
    CHECK_FALSE(called("@wrap\ndef gen():\n    while True:\n        yield 1\n").has_value());
    CHECK_FALSE(called("async def gen():\n    while True:\n        yield 1\n").has_value());
    // Two generators feeding each other: the nesting limit ends the search.
    CHECK(called("def a():\n    for i in b():\n        yield i\ndef b():\n    for i in a():\n        yield i\n",
                 "a()") == std::nullopt);
}

TEST_CASE("A loop is unbounded only when nothing in its own body leaves it") {
    CHECK(unbounded("while True:\n    x = 1\n"));
    CHECK_FALSE(unbounded("while True:\n    if x:\n        break\n"));
    CHECK_FALSE(unbounded("while True:\n    yield 1\n"));
    CHECK_FALSE(unbounded("while True:\n    raise ValueError\n"));
    CHECK_FALSE(unbounded("while True:\n    sys.exit(0)\n"));
    // A break of a nested loop leaves that loop only; a return leaves everything.
    CHECK(unbounded("while True:\n    for y in z:\n        break\n"));
    CHECK_FALSE(unbounded("while True:\n    for y in z:\n        return y\n"));
    // Nested functions and classes do not leave the loop around their definition.
    CHECK(unbounded("while True:\n    def f():\n        return 1\n"));
    CHECK(unbounded("while True:\n    g = lambda: (yield)\n"));
    CHECK_FALSE(unbounded("while x:\n    pass\n"));
    CHECK(unbounded("for i in itertools.count():\n    total = i\n"));
    CHECK_FALSE(unbounded("for i in itertools.count():\n    if i > 9:\n        break\n"));
    CHECK_FALSE(unbounded("for i in itertools.repeat(0, 5):\n    pass\n"));
    // Ended by the exception its body raises, caught around it.
    CHECK_FALSE(unbounded("try:\n    while True:\n        s.pop()\nexcept IndexError:\n    pass\n"));
    CHECK(unbounded("try:\n    while True:\n        n = 1\nexcept IndexError:\n    pass\n"));
}

TEST_CASE("range loops report how many times they run") {
    auto times = [](const std::string& code) {
        Analyzed file(code);
        return range_iterations(file.last(), k_module_scope, file.model);
    };
    CHECK(times("for i in range(10**9):\n    pass\n").log10 == Approx(9));
    CHECK(times("for i in range(5, 15):\n    pass\n").exact == 10);
    CHECK(times("for i in range(n):\n    pass\n").kind == Magnitude::Kind::unknown);
    CHECK(times("for i in items:\n    pass\n").kind == Magnitude::Kind::unknown);
}
