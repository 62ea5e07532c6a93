#include "analyzer/text/coding_declaration.hpp"

#include <catch2/catch.hpp>

using namespace pygate::analyzer;

TEST_CASE("codec names are classified as CPython 3.11 normalises them", "[coding]") {
    for (const char* name : {"utf-8", "utf8", "UTF-8", "UTF_8", "utf-8-sig", "utf_8_sig", "U8", "utf", "cp65001",
                             "utf-8-anything"})
        CHECK(classify_codec_name(name) == SourceEncoding::utf8);
    for (const char* name : {"ascii", "ASCII", "us-ascii", "US_ASCII", "646", "ANSI_X3.4-1968", "iso646-us"})
        CHECK(classify_codec_name(name) == SourceEncoding::ascii);
    for (const char* name : {"latin-1", "iso-8859-1", "utf-7", "unicode_escape", "rot13", "cp1252", "utf-16",
                             "utf8-sig", "utf-8abcdefgh", "utf.8", "bogus"})
        CHECK(classify_codec_name(name) == SourceEncoding::other);
}

TEST_CASE("only the tokenizer's own spellings count as UTF-8 after a BOM", "[coding]") {
    CHECK(is_tokenizer_utf8_name("UTF_8"));
    CHECK(is_tokenizer_utf8_name("utf-8-sig"));
    CHECK_FALSE(is_tokenizer_utf8_name("utf8"));
    CHECK_FALSE(is_tokenizer_utf8_name("cp65001"));
}

TEST_CASE("a declaration on line 1 is found with its exact position", "[coding]") {
    auto found = find_coding_declaration("# -*- coding: latin-1 -*-\nx = 1\n");
    REQUIRE(found);
    CHECK(found->name == "latin-1");
    CHECK(found->line == 1);
    CHECK(found->name_offset == 14);
    CHECK(found->encoding == SourceEncoding::other);
}

TEST_CASE("line 2 counts only after a blank or comment-only line 1", "[coding]") {
    auto after_shebang = find_coding_declaration("#!/usr/bin/python3\n# vim: set fileencoding=utf-7 :\n");
    REQUIRE(after_shebang);
    CHECK(after_shebang->line == 2);
    CHECK(after_shebang->name == "utf-7");
    CHECK_FALSE(find_coding_declaration("x = 1\n# coding: utf-7\n"));
    CHECK_FALSE(find_coding_declaration("\n\n# coding: utf-7\n"));  // line 3 never counts
}

TEST_CASE("a declaration must be the only thing on its line", "[coding]") {
    CHECK_FALSE(find_coding_declaration("x = 1  # coding: utf-7\n"));
    CHECK(find_coding_declaration("  \t# coding=utf-7\n"));
    CHECK_FALSE(find_coding_declaration("# Coding: utf-7\n"));  // CPython matches `coding` case-sensitively
}
