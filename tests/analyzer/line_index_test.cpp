#include "analyzer/text/line_index.hpp"

#include <catch2/catch.hpp>

using namespace pygate::analyzer;

TEST_CASE("offsets map to 1-based lines and code-point columns", "[line_index]") {
    std::string text = "ab\n\xC3\xA9x\n\nlast";
    LineIndex index(text);
    CHECK(index.line_count() == 4);
    CHECK(index.line_of(0) == 1);
    CHECK(index.line_of(2) == 1);  // the newline belongs to its line
    CHECK(index.line_of(3) == 2);
    CHECK(index.column_of(text, 2, 5) == 2);  // after a 2-byte é
    CHECK(index.line_of(7) == 3);  // the empty line's newline
    CHECK(index.line_of(8) == 4);
    CHECK(index.line_text(text, 2) == "\xC3\xA9x");
    CHECK(index.line_text(text, 3).empty());
    CHECK(index.line_text(text, 4) == "last");
    CHECK(index.line_text(text, 5).empty());
}
