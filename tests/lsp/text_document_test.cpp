// Positions in UTF-8, UTF-16 and UTF-32 code units against pygate's code
// point columns, and incremental edits as editors send them.
#include "lsp/text_document.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace pygate::lsp;

TEST_CASE("text document: a finding's columns in each encoding", "[lsp][text_document]") {
    // "é" is 2 UTF-8 bytes, 1 UTF-16 unit; "😀" is 4 bytes, 2 UTF-16 units, 1 code point.
    const TextDocument document("file:///a.py", "python", 1, "x = '\xc3\xa9\xf0\x9f\x98\x80'; os.system()\n");
    const pygate::analyzer::SourceRange range{1, 11, 1, 20};  // `os.system`: code points 10..19, 0-based
    CHECK(document.range_of(range, PositionEncoding::utf32) == Range{{0, 10}, {0, 19}});
    CHECK(document.range_of(range, PositionEncoding::utf16) == Range{{0, 11}, {0, 20}});
    CHECK(document.range_of(range, PositionEncoding::utf8) == Range{{0, 14}, {0, 23}});
}

TEST_CASE("text document: incremental edits, inside and across lines", "[lsp][text_document]") {
    TextDocument document("file:///a.py", "python", 1, "a = 1\nb = 2\r\nc = 3");
    CHECK(document.line_count() == 3);
    CHECK(document.line(1) == "b = 2");
    document.edit({{1, 4}, {1, 5}}, "20", PositionEncoding::utf16);
    CHECK(document.text() == "a = 1\nb = 20\r\nc = 3");
    document.edit({{0, 5}, {2, 0}}, "\nimport os; os.system('id')\n", PositionEncoding::utf16);
    CHECK(document.text() == "a = 1\nimport os; os.system('id')\nc = 3");
    // Past a line's end means its end; past the last line, the document's end.
    document.edit({{0, 99}, {0, 99}}, "!", PositionEncoding::utf16);
    document.edit({{99, 0}, {99, 0}}, "\n", PositionEncoding::utf16);
    CHECK(document.text() == "a = 1!\nimport os; os.system('id')\nc = 3\n");
    CHECK(document.line_count() == 4);
}

TEST_CASE("text document: a position inside a surrogate pair is the code point's start", "[lsp][text_document]") {
    TextDocument document("file:///a.py", "python", 1, "\xf0\x9f\x98\x80x");
    CHECK(document.offset_of({0, 1}, PositionEncoding::utf16) == 0);
    CHECK(document.offset_of({0, 2}, PositionEncoding::utf16) == 4);
    document.edit({{0, 2}, {0, 3}}, "y", PositionEncoding::utf16);
    CHECK(document.text() == "\xf0\x9f\x98\x80y");
}
