// Model::followed_to_its_calls and Model::derives_from_named
// (analyzer/model/reference_queries.cpp). A value claimed followed that the
// resolver does not follow lets its calls pass unjudged; the reference
// oracle (tests/tools/reference_oracle.py) checks the same against CPython.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "tests/support/analyzed_file.hpp"

using namespace pygate::analyzer;
using testing::Analyzed;

namespace {

// Whether the last `getattr` of `code` is followed to its calls.
bool followed(const std::string& code) {
    Analyzed file(code);
    const Model::Site& site = file.site("getattr");
    return file.model.followed_to_its_calls(site.node, site.scope);
}

bool is_str(std::string_view qualified) {
    return qualified == "builtins.str";
}

}  // namespace

TEST_CASE("names, defaults and returns of functions only called by name are followed", "[reference_queries]") {
    const char* shapes[] = {
        "g = getattr\n",
        "a = b = getattr\n",
        "g: object = getattr\n",
        "g = getattr if x else None\n",
        "(g := getattr)\n",
        "def f():\n    g = getattr\n",
        "def f(g=getattr):\n    pass\n",
        "def f():\n    return getattr\nf()\n",
        "getattr\n",
    };
    for (const char* code : shapes) {
        INFO(code);
        CHECK(followed(code));
    }
}

TEST_CASE("stores, class attributes and returns called unseen are not followed", "[reference_queries]") {
    const char* shapes[] = {
        "d = {}\nd['k'] = getattr\n",
        "L = [None]\nL[0] = getattr\n",
        "o.f = getattr\n",
        "a = o.f = getattr\n",
        "class C:\n    g = getattr\n",
        "class C:\n    def __init__(self):\n        self.g = getattr\n",
        "g, h = getattr, 1\n",
        "g = [getattr]\n",
        "f = lambda: getattr\n",
        "def deco(f):\n    return getattr\n@deco\ndef h():\n    pass\n",
        "import collections\ndef f():\n    return getattr\ncollections.defaultdict(f)\n",
        "def f():\n    return getattr\nalias = f\n",
        "import functools\n@functools.cache\ndef f():\n    return getattr\n",
        "class C:\n    def m(self):\n        return getattr\n",
        "def f():\n    yield getattr\n",
        "print(getattr)\n",
    };
    for (const char* code : shapes) {
        INFO(code);
        CHECK_FALSE(followed(code));
    }
}

TEST_CASE("a class of the file derives from a named class through its bases in the file", "[reference_queries]") {
    Analyzed file(R"py(
class Text(str):
    pass
class Deeper(Text):
    pass
class Other:
    pass
class Loop(Loop2):
    pass
class Loop2(Loop):
    pass
print(Text, Deeper, Other, Loop)
)py");
    auto derives = [&](std::string_view name) {
        for (const Referent& r : file.referents(name))
            if (r.kind == Referent::Kind::user_class) return file.model.derives_from_named(r.scope, is_str);
        return false;
    };
    CHECK(derives("Text"));
    CHECK(derives("Deeper"));
    CHECK_FALSE(derives("Other"));
    CHECK_FALSE(derives("Loop"));
}
