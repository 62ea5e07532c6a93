// PG011: the keyword table covers exactly what syntax.forbid accepts, and
// each keyword, forbidden alone, flags its own syntax and nothing else.
#include "rules/catalogue.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "analyzer/analyze.hpp"
#include "rules/registry.hpp"

using namespace pygate;

namespace {

// Every forbiddable construct, one per line where it can be (line numbers matter below).
constexpr const char* k_everything =
    "import math\n"                              // 1 import
    "from math import floor\n"                   // 2 import
    "@decorate\n"                                // 3 decorator
    "class Shape:\n"                             // 4 class
    "    pass\n"                                 // 5
    "square = lambda x: x * x\n"                 // 6 lambda
    "for i in range(3):\n"                       // 7 for
    "    pass\n"                                 // 8
    "while False:\n"                             // 9 while
    "    pass\n"                                 // 10
    "squares = [i * i for i in range(3)]\n"      // 11 comprehension
    "total = sum(i for i in range(3))\n"         // 12 generator
    "try:\n"                                     // 13 try
    "    pass\n"                                 // 14
    "except Exception:\n"                        // 15
    "    pass\n"                                 // 16
    "with open_thing() as thing:\n"              // 17 with
    "    pass\n"                                 // 18
    "async def fetch(stream):\n"                 // 19 async
    "    return await stream\n"                  // 20 await
    "def produce(n):\n"                          // 21
    "    yield n\n"                              // 22 yield
    "def counter():\n"                           // 23
    "    global COUNT\n"                         // 24 global
    "    count = 0\n"                            // 25
    "    def bump():\n"                          // 26
    "        nonlocal count\n"                   // 27 nonlocal
    "        del count\n"                        // 28 del
    "    raise KeyError(1)\n"                    // 29 raise
    "assert square\n"                            // 30 assert
    "match square:\n"                            // 31 match
    "    case _:\n"                              // 32
    "        pass\n"                             // 33
    "if (n := 3) > 2:\n"                         // 34 walrus
    "    print(*squares, **{})\n"                // 35 star-args (two)
    "def spread(*args, **kwargs):\n"             // 36 star-args (two)
    "    return [*args, {**kwargs}]\n"           // 37 not star-args
    "__all__ = [__name__, super().__init__]\n";  // 38 dunder-name (three; PG009 lets super() through)

struct Case {
    std::string keyword;
    std::multiset<std::uint32_t> lines;
};

const std::vector<Case> k_cases = {
    {"import", {1, 2}},
    {"class", {4}},
    {"decorator", {3}},
    {"lambda", {6}},
    {"for", {7}},
    {"while", {9}},
    {"comprehension", {11}},
    {"generator", {12}},
    {"try", {13}},
    {"with", {17}},
    {"async", {19}},
    {"await", {20}},
    {"yield", {22}},
    {"global", {24}},
    {"nonlocal", {27}},
    {"del", {28}},
    {"raise", {29}},
    {"assert", {30}},
    {"match", {31}},
    {"walrus", {34}},
    {"star-args", {35, 35, 36, 36}},
    {"dunder-name", {38, 38, 38}},
};

std::vector<analyzer::Finding> pg011_findings(const std::string& code, analyzer::Profile profile) {
    analyzer::Parser parser;
    auto analysis = analyzer::analyze_bytes(code, parser, {&profile, rules::all_hooks()});
    std::vector<analyzer::Finding> out;
    for (auto& finding : analysis.findings)
        if (finding.rule == 11) out.push_back(finding);
    return out;
}

analyzer::Profile forbidding(std::vector<std::string> keywords) {
    analyzer::Profile profile;
    profile.name = "test";
    profile.dunders_allow = {};
    profile.syntax_forbid = std::move(keywords);
    return profile;
}

}  // namespace

TEST_CASE("PG011's table maps exactly the keywords syntax.forbid accepts", "[PG011]") {
    std::vector<std::string_view> table(rules::pg011_keywords().begin(), rules::pg011_keywords().end());
    std::vector<std::string_view> accepted(std::begin(analyzer::k_forbiddable_syntax),
                                           std::end(analyzer::k_forbiddable_syntax));
    CHECK(table == accepted);
    CHECK(std::set<std::string_view>(table.begin(), table.end()).size() == table.size());
    REQUIRE(rules::k_pg011_forbidden_syntax.hooks->syntax_kinds != nullptr);
    CHECK_FALSE(rules::k_pg011_forbidden_syntax.hooks->syntax_kinds().empty());  // every kind name resolves
}

TEST_CASE("Each keyword forbidden alone flags its own syntax and nothing else", "[PG011]") {
    std::set<std::string> covered;
    for (const Case& c : k_cases) {
        INFO("syntax.forbid = [" << c.keyword << "]");
        covered.insert(c.keyword);
        std::multiset<std::uint32_t> lines;
        for (const auto& finding : pg011_findings(k_everything, forbidding({c.keyword}))) {
            lines.insert(finding.range.line);
            CHECK(finding.message.find("(syntax.forbid: " + c.keyword) != std::string::npos);
            CHECK(finding.message.find("profile test") != std::string::npos);
        }
        CHECK(lines == c.lines);
    }
    for (std::string_view keyword : analyzer::k_forbiddable_syntax)
        CHECK(covered.count(std::string(keyword)) == 1);
}

TEST_CASE("A profile that forbids nothing gets no PG011", "[PG011]") {
    CHECK(pg011_findings(k_everything, forbidding({})).empty());
}

TEST_CASE("PG011 points at the keyword, not the whole statement", "[PG011]") {
    auto findings =
        pg011_findings("async def f(s):\n    async for x in s:\n        pass\n", forbidding({"for", "async"}));
    REQUIRE(findings.size() == 3);
    CHECK(findings[0].range.column == 1);  // async (def)
    CHECK(findings[0].range.end_column == 6);
    CHECK(findings[1].range.column == 5);   // async (for)
    CHECK(findings[2].range.column == 11);  // for
    CHECK(findings[2].range.end_column == 14);
}

TEST_CASE("dunder-name follows dunders.allow and NFKC", "[PG011]") {
    analyzer::Profile profile = forbidding({"dunder-name"});
    profile.dunders_allow = {"__name__"};
    auto findings = pg011_findings("a = __name__\nb = __ｆｉｌｅ__\nfor __x__, _y in []: pass\n", profile);
    REQUIRE(findings.size() == 2);
    CHECK(findings[0].range.line == 2);
    CHECK(findings[0].message.find("`__file__`") != std::string::npos);
    CHECK(findings[1].range.line == 3);
}
