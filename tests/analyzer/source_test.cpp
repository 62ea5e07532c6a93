#include "analyzer/text/source.hpp"

#include <catch2/catch.hpp>

using namespace pygate::analyzer;

namespace {
bool mentions(const Finding& finding, std::string_view word) { return finding.message.find(word) != std::string::npos; }
}  // namespace

TEST_CASE("line endings become what CPython's tokenizer reads", "[source]") {
    LoadedSource loaded = load_source("a = 1\r\n# c\rimport os\r");
    CHECK(loaded.findings.empty());
    CHECK(loaded.source.text == "a = 1\n# c\nimport os\n");
    CHECK(loaded.source.lines.line_count() == 4);
    CHECK(loaded.source.line_text(3) == "import os");
}

TEST_CASE("a UTF-8 byte order mark is dropped", "[source]") {
    LoadedSource loaded = load_source("\xEF\xBB\xBFx = 1\n");
    CHECK(loaded.findings.empty());
    CHECK(loaded.source.text == "x = 1\n");
}

TEST_CASE("a BOM with a non-UTF-8 declaration is refused", "[source]") {
    LoadedSource loaded = load_source("\xEF\xBB\xBF# coding: ascii\nx = 1\n");
    REQUIRE(loaded.findings.size() == 1);
    CHECK_FALSE(loaded.decodable);
    CHECK(mentions(loaded.findings[0], "byte order mark"));
    CHECK(loaded.findings[0].range.line == 1);
    CHECK(loaded.findings[0].range.column == 11);
}

TEST_CASE("after a BOM only the tokenizer's own UTF-8 spellings are accepted", "[source]") {
    CHECK(load_source("\xEF\xBB\xBF# coding: UTF_8\nx = 1\n").findings.empty());
    CHECK(load_source("\xEF\xBB\xBF# coding: utf-8-sig\nx = 1\n").findings.empty());
    LoadedSource alias = load_source("\xEF\xBB\xBF# coding: utf8\nx = 1\n");  // CPython: "utf8 with BOM"
    REQUIRE(alias.findings.size() == 1);
    CHECK_FALSE(alias.decodable);
}

TEST_CASE("a foreign codec declaration is refused at the codec name", "[source]") {
    LoadedSource loaded = load_source("#!/usr/bin/env python3\n# -*- coding: utf-7 -*-\nx = 1\n");
    REQUIRE(loaded.findings.size() == 1);
    CHECK_FALSE(loaded.decodable);
    CHECK(loaded.findings[0].rule == k_unsafe_source_rule);
    CHECK(loaded.findings[0].range.line == 2);
    CHECK(loaded.findings[0].range.column == 15);
    CHECK(loaded.findings[0].range.end_column == 20);
    CHECK(mentions(loaded.findings[0], "utf-7"));
}

TEST_CASE("invalid UTF-8 is refused at the first bad byte", "[source]") {
    SECTION("stray continuation byte") {
        LoadedSource loaded = load_source("x = 1\ny = '\xC3\xA9\x80'\n");
        REQUIRE(loaded.findings.size() == 1);
        CHECK(loaded.findings[0].range.line == 2);
        CHECK(loaded.findings[0].range.column == 7);
        CHECK_FALSE(loaded.decodable);
    }
    SECTION("overlong encoding of '/'") {
        CHECK_FALSE(load_source("x = '\xC0\xAF'\n").decodable);
    }
    SECTION("encoded surrogate") {
        CHECK_FALSE(load_source("x = '\xED\xA0\x80'\n").decodable);
    }
    SECTION("above U+10FFFF") {
        CHECK_FALSE(load_source("x = '\xF4\x90\x80\x80'\n").decodable);
    }
    SECTION("truncated at the end of the file") {
        CHECK_FALSE(load_source("x = '\xE2\x82").decodable);
    }
}

TEST_CASE("non-ASCII bytes under an ASCII declaration are refused", "[source]") {
    LoadedSource loaded = load_source("# coding: ascii\nx = '\xC3\xA9'\n");
    REQUIRE(loaded.findings.size() == 1);
    CHECK(loaded.findings[0].range.line == 2);
    CHECK(loaded.findings[0].range.column == 6);
}

TEST_CASE("NUL bytes are refused at their place", "[source]") {
    LoadedSource loaded = load_source(std::string("x = 1\n\xC3\xA9y\0\n", 10));
    REQUIRE(loaded.findings.size() == 1);
    CHECK(loaded.findings[0].range.line == 2);
    CHECK(loaded.findings[0].range.column == 3);
    CHECK(mentions(loaded.findings[0], "NUL"));
}

TEST_CASE("every bidirectional control is refused, in strings and comments too", "[source]") {
    const char* controls[] = {"\xE2\x80\xAA", "\xE2\x80\xAB", "\xE2\x80\xAC", "\xE2\x80\xAD", "\xE2\x80\xAE",
                              "\xE2\x81\xA6", "\xE2\x81\xA7", "\xE2\x81\xA8", "\xE2\x81\xA9", "\xE2\x80\x8E",
                              "\xE2\x80\x8F", "\xD8\x9C"};
    for (const char* control : controls) {
        LoadedSource loaded = load_source(std::string("s = 'ab") + control + "'  # x\n");
        REQUIRE(loaded.findings.size() == 1);
        CHECK(loaded.findings[0].range.column == 8);
        CHECK(loaded.decodable);
    }
}

TEST_CASE("a binary file yields a bounded number of findings", "[source]") {
    std::string bytes(100000, '\0');
    LoadedSource loaded = load_source(bytes);
    CHECK(loaded.findings.size() == 21);  // 20 listed, one summary
    CHECK(mentions(loaded.findings.back(), "99980 more"));
}

TEST_CASE("non-ASCII identifiers, strings and comments are fine", "[source]") {
    LoadedSource loaded = load_source("# café\nnaïve = 'π ≈ 3.14'\n");
    CHECK(loaded.findings.empty());
    CHECK(loaded.decodable);
    CHECK(loaded.invisible_offsets.empty());
}

TEST_CASE("characters the grammar skips are recorded for the syntax check", "[source]") {
    LoadedSource loaded = load_source("x = 1\v\nu\xE2\x80\x8B = 2\n");
    CHECK(loaded.findings.empty());
    CHECK(loaded.invisible_offsets == std::vector<std::size_t>{5, 8});
}
