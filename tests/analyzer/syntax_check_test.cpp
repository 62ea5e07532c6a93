#include <catch2/catch.hpp>
#include <variant>

#include "analyzer/analyze.hpp"
#include "profiles/profile_loader.hpp"
#include "rules/registry.hpp"

using namespace pygate::analyzer;

namespace {

std::vector<Finding> analyze(std::string code) {
    static thread_local Parser parser;
    return analyze_bytes(std::move(code), parser).findings;
}

// As `pygate check` runs: with a profile and the rules, so the model is built
// and the checks that need it run too. Only the PG000 findings.
std::vector<Finding> analyze_with_model(std::string code) {
    static thread_local Parser parser;
    static const Profile profile = std::get<Profile>(pygate::profiles::load_profile("safe_eval"));
    std::vector<Finding> out;
    for (Finding& finding : analyze_bytes(std::move(code), parser, {&profile, pygate::rules::all_hooks()}).findings)
        if (finding.rule == k_unsafe_source_rule) out.push_back(std::move(finding));
    return out;
}

bool mentions(const Finding& finding, std::string_view word) {
    return finding.message.find(word) != std::string::npos;
}

}  // namespace

TEST_CASE("valid Python 3.11 has no finding", "[syntax]") {
    CHECK(analyze("import os\n\ndef f(x: int) -> int:\n    return x\n").empty());
    CHECK(analyze("match x:\n    case [1, *rest]:\n        pass\n").empty());
    CHECK(analyze("try:\n    pass\nexcept* ValueError:\n    pass\n").empty());
    CHECK(analyze("").empty());
    CHECK(analyze("type(obj).attr = 1\ntype[int].x = 2\n").empty());
}

TEST_CASE("an ERROR node is a finding at its place", "[syntax]") {
    auto findings = analyze("x = 1\ny = = 2\n");
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].range.line == 2);
    CHECK(mentions(findings[0], "syntax error"));
    CHECK(findings[0].source_line == "y = = 2");
}

TEST_CASE("a MISSING node is a finding", "[syntax]") {
    auto findings = analyze("print((1, 2)\n");
    REQUIRE_FALSE(findings.empty());
    CHECK(mentions(findings[0], "syntax error"));
}

TEST_CASE("a hidden missing newline is found where the statement starts", "[syntax]") {
    auto findings = analyze("x = 1\fimport os\n");
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].range.line == 1);
    CHECK(findings[0].range.column == 7);
}

TEST_CASE("Python 2 statements are refused", "[syntax]") {
    auto print = analyze("print 'hi'\n");
    REQUIRE(print.size() == 1);
    CHECK(mentions(print[0], "Python 2 `print`"));
    auto exec = analyze("exec 'import os'\n");
    REQUIRE(exec.size() == 1);
    CHECK(mentions(exec[0], "Python 2 `exec`"));
}

TEST_CASE("Python 3.12 syntax is refused", "[syntax]") {
    auto alias = analyze("type Vector = list[float]\n");
    REQUIRE(alias.size() == 1);
    CHECK(mentions(alias[0], "3.12"));
    auto generic = analyze("def first[T](xs: list[T]) -> T:\n    return xs[0]\n");
    REQUIRE(generic.size() == 1);
    CHECK(generic[0].range.column == 10);
}

TEST_CASE("control characters outside literals are refused, inside them they are fine", "[syntax]") {
    auto code = analyze("x = 1;\vimport os\n");
    REQUIRE(code.size() == 1);
    CHECK(code[0].range.column == 7);
    CHECK(analyze("x = 'a\vb'  # c\x01d\n").empty());
    CHECK(analyze("x\xE2\x81\xA0= 1\n").size() == 1);
}

TEST_CASE("inconsistent tabs are refused as CPython does", "[syntax]") {
    auto findings = analyze("if 1:\n\tx = 1\n        y = 2\n");
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].range.line == 3);
    CHECK(mentions(findings[0], "TabError"));
    // Continuation lines and multi-line strings do not count.
    CHECK(analyze("x = (1,\n\t2,\n        3)\ns = '''\n\tx\n  '''\nif 1:\n\tpass\n").empty());
}

TEST_CASE("nesting beyond CPython's limits is refused without recursion", "[syntax]") {
    std::string brackets = "x = " + std::string(201, '[') + std::string(201, ']') + "\n";
    auto findings = analyze(brackets);
    REQUIRE(findings.size() == 1);
    CHECK(mentions(findings[0], "nested brackets"));
    CHECK(findings[0].range.column == 205);
    CHECK(analyze("x = " + std::string(200, '[') + std::string(200, ']') + "\n").empty());

    std::string deep = "x = " + std::string(10000, '(') + "1" + std::string(10000, ')') + "\n";
    auto deep_findings = analyze(deep);
    REQUIRE_FALSE(deep_findings.empty());
    std::string unary = "x = " + std::string(10000, '-') + "1\n";
    auto unary_findings = analyze(unary);
    REQUIRE(unary_findings.size() == 1);
    CHECK(mentions(unary_findings[0], "nesting deeper"));
}

TEST_CASE("a file full of syntax errors yields a bounded list", "[syntax]") {
    std::string code;
    for (int i = 0; i < 200; ++i)
        code += "x = = 1\n";
    auto findings = analyze(code);
    REQUIRE(findings.size() == 21);
    CHECK(mentions(findings.back(), "more syntax errors"));
}

TEST_CASE("where the parser's blocks differ from CPython's, the file is refused", "[syntax]") {
    SECTION("a tab after spaces: CPython runs `y = 2` outside `if False`") {
        auto findings = analyze("if True:\n        if False:\n         x = 1\n       \ty = 2\n");
        REQUIRE(findings.size() == 1);
        CHECK(findings[0].range.line == 4);
        CHECK(mentions(findings[0], "block structure"));
    }
    SECTION("a backslash-only line lends its indentation") {
        auto findings = analyze("if True:\n        if False:\n            x = 1\n        \\\n    y = 2\n");
        REQUIRE(findings.size() == 1);
        CHECK(findings[0].range.line == 5);
    }
    SECTION("indentation wider than 255 columns") {
        auto findings = analyze("if True:\n    if False:\n" + std::string(260, ' ') + "x = 1\n    y = 2\n");
        REQUIRE(findings.size() == 1);
        CHECK(findings[0].range.line == 4);
    }
}

TEST_CASE("backslash continuations and comments ending in a backslash keep blocks intact", "[syntax]") {
    CHECK(analyze("def f():\n    return 'a' \\\n           'b'\nx = 1 + \\\n    2\n").empty());
    CHECK(analyze("if 1:\n    x = 1  # ends with \\\ny = 2\n").empty());
}

TEST_CASE("an assignment through type(...) is refused when the file binds `type`", "[syntax]") {
    // The grammar reads `type(C).x = 1` as a 3.12 type alias: no call in the tree.
    CHECK(analyze_with_model("type(obj).attr = 1\ntype[int].x = 2\n").empty());
    CHECK(analyze_with_model("type = 3\nvalue = type + 1\n").empty());
    auto imported =
        analyze_with_model("from typing import get_type_hints as type\nclass C:\n    a: 'x'\ntype(C).x = 1\n");
    REQUIRE(imported.size() == 1);
    CHECK(imported[0].range.line == 4);
    CHECK(imported[0].range.column == 1);
    CHECK(mentions(imported[0], "the name `type` may be bound"));
    CHECK(analyze_with_model("def f(type):\n    type(f).x = 1\n").size() == 1);
    CHECK(analyze_with_model("from m import *\ntype[0].x = 1\n").size() == 1);
    CHECK(analyze_with_model("def g():\n    global type\n    type = eval\ntype(g).x = 1\n").size() == 1);
    // A parameter of another function is not seen there.
    CHECK(analyze_with_model("def get(self, type=None):\n    pass\ndef f(m):\n    type(m).x = 1\n").empty());
}

TEST_CASE("a starred call the parser misreads is read as CPython reads it, or refused", "[syntax]") {
    // tree-sitter-python reads `[*range(4)]` as `[(*range)(4)]`; the copy of
    // the tree puts CPython's reading back wherever CPython allows the star.
    for (const char* code :
         {"x = [*range(4)]\n", "print(1, *s.split())\n", "x = *a, *b()\n", "for i in *a(), *b():\n    pass\n",
          "x = *f(y)[:3], 0.6\n", "print(*a, *b(c))\n", "x = {*f(x)}\n", "x = [*f(x) + 1]\n",
          "def g():\n    return *f(x).y, 2\n", "f(*map(int, xs))\n", "x = [*(range(4))]\n", "print(1, *(s.split()))\n",
          "x = [1, *range(4)]\n", "f(**d.get())\n", "x = (*a(),)\n"}) {
        INFO(code);
        CHECK(analyze_with_model(code).empty());
    }
    // So in assignment and loop targets, over an attribute or a subscript.
    for (const char* code :
         {"*f(x).y, z = 1, 2\n", "[*f(x).y] = z\n", "(*f(x)[0], z) = v\n", "for *f(x).y, z in w:\n    pass\n"}) {
        INFO(code);
        CHECK(analyze_with_model(code).empty());
    }
    // Where CPython refuses a star (and so the file) the misreading stays, and
    // pygate refuses the file too.
    for (const char* code : {"x = *f(y)\n", "f(a=*g(x))\n", "x = [*f(x) for x in y]\n", "del *f(x).y, z\n"}) {
        INFO(code);
        auto findings = analyze_with_model(code);
        REQUIRE_FALSE(findings.empty());
        CHECK(mentions(findings[0], "misreads this starred expression"));
    }
}

TEST_CASE("a dunder attribute read by a case pattern is refused", "[syntax]") {
    auto escape = analyze_with_model("match object:\n    case type(__subclasses__=subs):\n        subs()\n");
    REQUIRE(escape.size() == 1);
    CHECK(escape[0].range.line == 2);
    CHECK(escape[0].range.column == 15);
    CHECK(mentions(escape[0], "`__subclasses__`"));
    CHECK(analyze_with_model("match x:\n    case a.__class__:\n        pass\n").size() == 1);
    CHECK(analyze_with_model("match p:\n    case Point(x=0, y=__y):\n        pass\n    case m.C():\n        pass\n")
              .empty());
    CHECK(analyze_with_model("from __future__ import annotations\nimport a.__b__\n").empty());
}

TEST_CASE("an empty block, which the grammar accepts and CPython refuses, is refused", "[syntax]") {
    for (const char* code :
         {"try:\nexcept E:\n    pass\n", "if x:\n    # c\ny = 1\n", "def f():\n", "for i in x:\n\n"}) {
        INFO(code);
        auto findings = analyze(code);
        REQUIRE_FALSE(findings.empty());
        CHECK(mentions(findings[0], "syntax error"));
    }
    CHECK(analyze("if x: pass\nwhile y:\n    # c\n    pass\n").empty());
}

TEST_CASE("zero-width joiners outside literals are refused as CPython refuses them", "[syntax]") {
    CHECK(analyze("c\u200c = 1\n").size() == 1);
    CHECK(analyze("c\u200d = 1\n").size() == 1);
    CHECK(analyze("s = 'c\u200c\u200d'  # \u200c\n").empty());
}

TEST_CASE("what the grammar accepts and CPython's compiler refuses is refused", "[syntax]") {
    auto one = [](std::string code, std::string_view words) {
        INFO(code);
        auto findings = analyze_with_model(code);
        REQUIRE(findings.size() == 1);
        CHECK(mentions(findings[0], words));
        return findings[0].range;
    };
    CHECK(one("f(a=1, 2)\n", "positional argument follows keyword argument").column == 8);
    CHECK(one("f(**k, 2)\n", "positional argument follows keyword argument unpacking").column == 8);
    CHECK(one("f(**k, *a)\n", "iterable argument unpacking follows keyword argument unpacking").column == 8);
    CHECK(one("class C(metaclass=M, Base): pass\n", "positional argument follows keyword argument").column == 22);
    CHECK(one("x = 1; f(g(a=1), h(b=2, 3))\n", "positional argument follows keyword argument").column == 25);
    CHECK(one("f(a=h(x, y=1), c)\n", "positional argument follows keyword argument").column == 16);
    CHECK(one("f(**h(*x), g(y), z=1)\n", "positional argument follows keyword argument unpacking").column == 12);
    CHECK(one("from\nos import path\n", "continues onto a new line").line == 2);
    CHECK(one("x = '\\u12'\n", "truncated \\uXXXX escape").line == 1);
    CHECK(one("f(a, b'\\x4')\n", "truncated \\xXX escape").column == 6);
    CHECK(one(R"(x = ('\x8b
'))", "unterminated string literal").column == 6);
    CHECK(one(R"(x = (r'\\
'))", "unterminated string literal").column == 6);
    // Accepted by both.
    CHECK(analyze_with_model(R"(x = 'a\
b' + r'a\
b' + f'{x}\
' + '''\x41
'''
)").empty());
    CHECK(analyze_with_model("f(1, *a, b=2, *c, **d, e=3)\nf(x for x in y)\nf(a=1, \\\n  b=2,  # c\n  c=3)\n").empty());
    CHECK(analyze_with_model("x = (1 +\n     2)\ny = 1 + \\\n    2\nif x:\n    pass\nelse:\n    pass\n").empty());
    CHECK(analyze_with_model("@d\n@e(f)\nasync def g():\n    pass\n").empty());
    CHECK(analyze_with_model("try:\n    pass\nexcept* E:\n    pass\nfinally:\n    pass\n").empty());
    CHECK(analyze_with_model("match x:\n    case 1:\n        pass\n").empty());
    CHECK(analyze_with_model("s = r'\\u12' + '\\\\u12' + b'\\u12'\n").empty());
}

TEST_CASE("future imports are refused where CPython's compiler refuses them", "[syntax]") {
    auto messages = [](std::string code) {
        std::vector<std::string> out;
        for (const Finding& finding : analyze_with_model(std::move(code))) out.push_back(finding.message);
        return out;
    };
    CHECK(messages("\"\"\"doc\"\"\"\n# note\nfrom __future__ import annotations\nfrom __future__ import (division,\n"
                   "    generator_stop as g)\nimport os\n")
              .empty());
    CHECK(messages("'doc'\n\\\nfrom __future__ import annotations\n").empty());
    CHECK(messages("a, b\nfrom __future__ import annotations\n").size() == 1);  // no sole expression
    auto late = messages("import os\nfrom __future__ import annotations\n");
    REQUIRE(late.size() == 1);
    CHECK(late[0].find("must occur at the beginning of the file") != std::string::npos);
    CHECK(messages("'doc'\n'not a docstring'\nfrom __future__ import annotations\n").size() == 1);
    CHECK(messages("def f():\n    from __future__ import annotations\n").size() == 1);
    auto unknown = messages("from __future__ import annotations, rested_snopes, braces\n");
    REQUIRE(unknown.size() == 2);
    CHECK(unknown[0].find("future feature rested_snopes is not defined") != std::string::npos);
    CHECK(unknown[1].find("not a chance") != std::string::npos);
}
