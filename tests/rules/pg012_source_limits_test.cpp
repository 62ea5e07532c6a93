// PG012: each limit is checked against its own measurement, the message
// carries the measured value and the limit, and a file exactly at a limit passes.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "analyzer/analyze.hpp"
#include "rules/registry.hpp"

using namespace pygate;

namespace {

std::vector<analyzer::Finding> pg012_findings(const std::string& code, const analyzer::SourceLimits& limits) {
    analyzer::Profile profile;
    profile.name = "tiny";
    profile.source = limits;
    analyzer::Parser parser;
    auto analysis = analyzer::analyze_bytes(code, parser, {&profile, rules::all_hooks()});
    std::vector<analyzer::Finding> out;
    for (auto& finding : analysis.findings)
        if (finding.rule == 12) out.push_back(finding);
    return out;
}

std::string lines(int count) {
    std::string out;
    for (int i = 0; i < count; ++i)
        out += "x = " + std::to_string(i) + "\n";
    return out;
}

}  // namespace

TEST_CASE("PG012 lines: the measured count and the limit, at the first line past it", "[PG012]") {
    analyzer::SourceLimits limits;
    limits.max_lines = 3;
    CHECK(pg012_findings(lines(3), limits).empty());
    CHECK(pg012_findings("x = 1\ny = 2\nz = 3", limits).empty());  // no final newline: still 3 lines
    auto findings = pg012_findings(lines(5), limits);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message == "source has 5 lines; profile tiny allows at most 3 (source.max_lines)");
    CHECK(findings[0].range.line == 4);
    CHECK(findings[0].range.column == 1);
}

TEST_CASE("PG012 bytes: at the first byte past the limit", "[PG012]") {
    analyzer::SourceLimits limits;
    limits.max_bytes = 12;
    CHECK(pg012_findings("x = 1\ny = 2\n", limits).empty());  // exactly 12
    auto findings = pg012_findings("x = 1\ny = 22\n", limits);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message == "source has 13 bytes; profile tiny allows at most 12 (source.max_bytes)");
    CHECK(findings[0].range.line == 2);
    CHECK(findings[0].range.column == 7);
}

TEST_CASE("PG012 nodes: at 1:1", "[PG012]") {
    analyzer::SourceLimits limits;
    limits.max_nodes = 10;
    auto findings = pg012_findings("x = 1\ny = 2\nz = 3\n", limits);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message.starts_with("source has "));
    CHECK(findings[0].message.ends_with(" syntax nodes; profile tiny allows at most 10 (source.max_nodes)"));
    CHECK(findings[0].range.line == 1);
    CHECK(findings[0].range.column == 1);
}

TEST_CASE("PG012 nodes: tree-sitter's count, each string token once", "[PG012]") {
    analyzer::SourceLimits limits;
    limits.max_nodes = 1;
    auto nodes_in = [&](const std::string& code) {
        auto findings = pg012_findings(code, limits);
        REQUIRE(findings.size() == 1);
        return findings[0].message.substr(0, findings[0].message.find(';'));
    };
    // module, expression_statement, assignment, `x`, `=`, then the value.
    CHECK(nodes_in("x = 1\n") == "source has 6 syntax nodes");
    CHECK(nodes_in("x = 'a'\n") == "source has 9 syntax nodes");  // string: start, content, end
    // A string over two lines and an f-string had their tokens counted twice.
    CHECK(nodes_in("x = \"\"\"a\nb\"\"\"\n") == "source has 9 syntax nodes");
    // string: start, content `a`, interpolation (`{`, `y`, `}`), end.
    CHECK(nodes_in("x = f'a{y}'\n") == "source has 13 syntax nodes");
    CHECK(nodes_in("x = 'a\\n'\n") == "source has 10 syntax nodes");  // content holds the escape
}

TEST_CASE("PG012 depth: at the deepest node, and one level less passes", "[PG012]") {
    analyzer::SourceLimits limits;
    limits.max_depth = 10;
    // module > expression_statement > assignment > parenthesized_expression x7 > `(` and `1`: depth 10.
    CHECK(pg012_findings("x = (((((((1)))))))\n", limits).empty());
    auto findings = pg012_findings("x = 0\ny = ((((((((1))))))))\n", limits);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message == "syntax nests 11 levels deep; profile tiny allows at most 10 (source.max_depth)");
    CHECK(findings[0].range.line == 2);
    CHECK(findings[0].range.column == 12);  // the innermost `(`, the first node at depth 11
}

TEST_CASE("PG012 depth: a string's tokens are a level below it, on one line or several", "[PG012]") {
    analyzer::SourceLimits limits;
    limits.max_depth = 3;
    // module > expression_statement > assignment > string > its quotes and content: depth 4.
    for (std::string code : {"x = 'a'\n", "x = '''a\nb'''\n", "x = f'a'\n"}) {
        auto findings = pg012_findings(code, limits);
        INFO(code);
        REQUIRE(findings.size() == 1);
        CHECK(findings[0].message == "syntax nests 4 levels deep; profile tiny allows at most 3 (source.max_depth)");
        CHECK(findings[0].range.column == 5);  // the string, or its opening quote
    }
    CHECK(pg012_findings("x = 1\n", limits).empty());
    // An escape sequence is a child of the content token.
    auto findings = pg012_findings("x = 'a\\n'\n", limits);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message == "syntax nests 5 levels deep; profile tiny allows at most 3 (source.max_depth)");
    CHECK(findings[0].range.column == 7);
}

TEST_CASE("PG012 strings: the longest literal, quotes included", "[PG012]") {
    analyzer::SourceLimits limits;
    limits.max_string_bytes = 6;
    CHECK(pg012_findings("a = 'abcd'\nb = b'xyz'\n", limits).empty());  // 6 bytes each
    auto findings = pg012_findings("a = 'abcd'\nb = b'vwxyz'\n# a comment longer than six bytes\n", limits);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message == "string literal has 8 bytes; profile tiny allows at most 6 (source.max_string_bytes)");
    CHECK(findings[0].range.line == 2);
    CHECK(findings[0].range.column == 5);
}

TEST_CASE("PG012 strings: an implicit concatenation is one literal", "[PG012]") {
    analyzer::SourceLimits limits;
    limits.max_string_bytes = 10;
    auto findings = pg012_findings("x = ('abcd'\n     'efgh')\n", limits);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message ==
          "string literal has 18 bytes; profile tiny allows at most 10 (source.max_string_bytes)");
    CHECK(findings[0].range.line == 1);
    CHECK(findings[0].range.column == 6);
}

TEST_CASE("PG012 default limits pass ordinary code", "[PG012]") {
    CHECK(pg012_findings(lines(200), analyzer::SourceLimits{}).empty());
}
