// analyzer/model/format_template: str.format and %-formatting templates split as
// Python reads them, for constant folding and possible_strings alike.
#include "analyzer/model/format_template.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace pygate::analyzer;

namespace {

// Pieces as text: fields in angle brackets.
std::string shown(const std::optional<std::vector<TemplatePiece>>& pieces) {
    if (!pieces) return "(none)";
    std::string out;
    for (const TemplatePiece& piece : *pieces) {
        out += piece.field ? '<' : '[';
        out += piece.text;
        out += piece.field ? '>' : ']';
    }
    return out;
}

}  // namespace

TEST_CASE("str.format templates split into literal runs and fields", "[format_template]") {
    CHECK(shown(format_pieces("a{0}b{}c{name.x}")) == "[a]<0>[b]<>[c]<name.x>");
    CHECK(shown(format_pieces("{{0.__class__}}")) == "[{][0.__class__}]");  // the text {0.__class__}
    CHECK(shown(format_pieces("{{{0}}}")) == "[{]<0>[}]");
    CHECK(shown(format_pieces("lone } fails")) == "(none)");  // str.format: "Single '}' encountered"
    CHECK(shown(format_pieces("open {0")) == "(none)");
    CHECK(shown(format_pieces("")).empty());
    CHECK(plain_format_field("name"));
    CHECK(plain_format_field(""));
    CHECK_FALSE(plain_format_field("0.__class__"));
    CHECK_FALSE(plain_format_field("0[1]"));
    CHECK_FALSE(plain_format_field("0!r"));
    CHECK_FALSE(plain_format_field("0:>4"));
}

TEST_CASE("%-templates split into literal runs and s, d, i fields", "[format_template]") {
    CHECK(shown(percent_pieces("{0.%s}")) == "[{0.]<s>[}]");
    CHECK(shown(percent_pieces("%d%% of %i")) == "<d>[%][ of ]<i>");
    CHECK(shown(percent_pieces("100%")) == "(none)");  // "incomplete format"
    CHECK(shown(percent_pieces("%r")) == "(none)");
    CHECK(shown(percent_pieces("%(name)s")) == "(none)");
}
