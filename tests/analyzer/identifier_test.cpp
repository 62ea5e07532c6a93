// Identifiers NFKC-normalised as CPython's parser does (PEP 3131,
// analyzer/text/identifier.hpp); each expectation is unicodedata.normalize('NFKC', s).
#include "analyzer/text/identifier.hpp"

#include <catch2/catch.hpp>

using namespace pygate::analyzer;

TEST_CASE("ASCII identifiers are unchanged", "[identifier]") {
    CHECK(normalize_identifier("eval") == "eval");
    CHECK(normalize_identifier("_private__") == "_private__");
    CHECK(normalize_identifier("Name9") == "Name9");
    CHECK(normalize_identifier("") == "");
}

TEST_CASE("fullwidth letters fold to ASCII", "[identifier]") {
    CHECK(normalize_identifier("\xef\xbd\x85\xef\xbd\x96\xef\xbd\x81\xef\xbd\x8c") == "eval");  // ｅｖａｌ
    CHECK(normalize_identifier("\xef\xbd\x85val") == "eval");                                   // ｅval
    CHECK(normalize_identifier("\xef\xbc\xb3ystem") == "System");                               // Ｓystem
}

TEST_CASE("compatibility characters fold: ligatures, letterlike symbols, superscripts", "[identifier]") {
    CHECK(normalize_identifier("\xef\xac\x81le") == "file");    // U+FB01 LATIN SMALL LIGATURE FI
    CHECK(normalize_identifier("\xef\xac\x80") == "ff");        // U+FB00 LATIN SMALL LIGATURE FF
    CHECK(normalize_identifier("\xe2\x84\x8c") == "H");         // U+210C BLACK-LETTER CAPITAL H
    CHECK(normalize_identifier("x\xc2\xb2") == "x2");           // U+00B2 SUPERSCRIPT TWO
    CHECK(normalize_identifier("\xe2\x84\xab") == "\xc3\x85");  // U+212B ANGSTROM SIGN -> U+00C5
}

TEST_CASE("look-alikes NFKC does not fold stay other names", "[identifier]") {
    CHECK(normalize_identifier("\xd0\xb5val") == "\xd0\xb5val");            // Cyrillic U+0435, then "val"
    CHECK(normalize_identifier("\xce\xbf\xcf\x82") == "\xce\xbf\xcf\x82");  // Greek ος
    CHECK(normalize_identifier("caf\xc3\xa9") == "caf\xc3\xa9");            // already composed
}

TEST_CASE("combining sequences are composed", "[identifier]") {
    CHECK(normalize_identifier("cafe\xcc\x81") == "caf\xc3\xa9");  // e + U+0301 -> U+00E9
    CHECK(normalize_identifier("A\xcc\x8a") == "\xc3\x85");        // A + U+030A -> U+00C5
}
