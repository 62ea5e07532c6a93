// Syntax sites and source metrics: what the structural rules (PG006-PG008,
// PG011, PG012) are shown, through a rule of the test's own.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "analyzer/analyze.hpp"

using namespace pygate::analyzer;

namespace {

struct Seen {
    std::vector<std::string> syntax;  // "kind line" of each on_syntax call
    std::vector<SourceMetrics> modules;
    std::string text;
} seen;

std::span<const TSSymbol> loops() {
    static const TSSymbol kinds[] = {
        ts_language_symbol_for_name(python_language(), "while_statement", std::strlen("while_statement"), true),
        ts_language_symbol_for_name(python_language(), "lambda", std::strlen("lambda"), true),
    };
    return kinds;
}

void on_syntax(const SyntaxSite& site, RuleContext&) {
    seen.syntax.push_back(std::string(node_type(site.node)) + " " +
                          std::to_string(node_start_row(site.node) + 1));
}

void on_module(const ModuleSite& site, RuleContext&) {
    seen.modules.push_back(site.metrics);
    seen.text = site.source.text;
}

constexpr RuleHooks k_recorder{.on_syntax = on_syntax, .on_module = on_module, .syntax_kinds = loops};

void analyze(std::string code) {
    seen = {};
    static const RuleHooks* const rules[] = {&k_recorder};
    Profile profile;
    Parser parser;
    analyze_bytes(std::move(code), parser, {&profile, rules});
}

}  // namespace

TEST_CASE("A rule's syntax kinds become syntax sites, in document order") {
    analyze("while True:\n    f = lambda: 1\nx = [lambda y: y]\nfor i in range(3):\n    pass\n");
    CHECK(seen.syntax == std::vector<std::string>{"while_statement 1", "lambda 2", "lambda 3"});
}

TEST_CASE("on_module sees the file once, with the walk's measurements") {
    analyze("x = 'abc'\ny = ((((1))))\nz = \"a longer literal\"\n");
    REQUIRE(seen.modules.size() == 1);
    const SourceMetrics& metrics = seen.modules[0];
    CHECK(seen.text.starts_with("x = 'abc'"));
    CHECK(metrics.longest_string == std::strlen("\"a longer literal\""));
    CHECK(node_start_row(metrics.longest) == 2);
    CHECK(metrics.max_depth >= 6);  // four parentheses inside an assignment inside a statement
    CHECK(node_start_row(metrics.deepest) == 1);
    CHECK(metrics.nodes > 20);
}

TEST_CASE("Deeper code measures deeper, and more code more nodes") {
    analyze("x = (1)\n");
    SourceMetrics shallow = seen.modules.at(0);
    analyze("x = (((((((((1)))))))))\n");
    SourceMetrics deep = seen.modules.at(0);
    CHECK(deep.max_depth == shallow.max_depth + 8);
    CHECK(deep.nodes == shallow.nodes + 8 * 3);  // each level: a parenthesized_expression and its two brackets
}

TEST_CASE("An implicit concatenation measures as one literal") {
    analyze("x = 'abc'\ny = ('abcd'\n     'efgh')\n");
    const SourceMetrics& metrics = seen.modules.at(0);
    CHECK(metrics.longest_string == std::strlen("'abcd'\n     'efgh'"));
    CHECK(node_start_row(metrics.longest) == 1);
    CHECK(node_start_byte(metrics.longest) == std::strlen("x = 'abc'\ny = ("));
}
