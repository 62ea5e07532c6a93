// String and bytes literal bodies decoded as CPython 3.11 decodes them
// (analyzer/text/string_literal.hpp); each expectation is what CPython evaluates.
#include "analyzer/text/string_literal.hpp"

#include <catch2/catch.hpp>
#include <optional>
#include <string>

using namespace pygate::analyzer;

namespace {

const std::optional<std::string> k_refused;

StringPrefix plain() {
    return {};
}
StringPrefix bytes_prefix() {
    StringPrefix prefix;
    prefix.bytes = true;
    return prefix;
}
StringPrefix raw_prefix() {
    StringPrefix prefix;
    prefix.raw = true;
    return prefix;
}
StringPrefix format_prefix() {
    StringPrefix prefix;
    prefix.format = true;
    return prefix;
}

bool same(StringPrefix a, StringPrefix b) {
    return a.raw == b.raw && a.bytes == b.bytes && a.format == b.format;
}

StringPrefix prefix_of(bool raw, bool bytes, bool format) {
    StringPrefix prefix;
    prefix.raw = raw;
    prefix.bytes = bytes;
    prefix.format = format;
    return prefix;
}

}  // namespace

TEST_CASE("string prefixes in any case and order", "[string-literal]") {
    CHECK(same(parse_string_prefix("'"), prefix_of(false, false, false)));
    CHECK(same(parse_string_prefix("\"\"\""), prefix_of(false, false, false)));
    CHECK(same(parse_string_prefix("u'"), prefix_of(false, false, false)));
    CHECK(same(parse_string_prefix("U\""), prefix_of(false, false, false)));
    CHECK(same(parse_string_prefix("r'"), prefix_of(true, false, false)));
    CHECK(same(parse_string_prefix("R'''"), prefix_of(true, false, false)));
    CHECK(same(parse_string_prefix("b'"), prefix_of(false, true, false)));
    CHECK(same(parse_string_prefix("B\""), prefix_of(false, true, false)));
    CHECK(same(parse_string_prefix("rb'"), prefix_of(true, true, false)));
    CHECK(same(parse_string_prefix("bR'"), prefix_of(true, true, false)));
    CHECK(same(parse_string_prefix("Br\"\"\""), prefix_of(true, true, false)));
    CHECK(same(parse_string_prefix("f'"), prefix_of(false, false, true)));
    CHECK(same(parse_string_prefix("F\""), prefix_of(false, false, true)));
    CHECK(same(parse_string_prefix("rf'"), prefix_of(true, false, true)));
    CHECK(same(parse_string_prefix("fR'''"), prefix_of(true, false, true)));
}

TEST_CASE("text without escapes is returned as it is", "[string-literal]") {
    CHECK(decode_string_body("", plain()) == "");
    CHECK(decode_string_body("eval", plain()) == "eval");
    CHECK(decode_string_body("caf\xc3\xa9 {x}", plain()) == "caf\xc3\xa9 {x}");
    CHECK(decode_string_body("{{not a field}}", plain()) == "{{not a field}}");
}

TEST_CASE("every single-character escape CPython knows", "[string-literal]") {
    CHECK(decode_string_body(R"(\\)", plain()) == "\\");
    CHECK(decode_string_body(R"(\')", plain()) == "'");
    CHECK(decode_string_body(R"(\")", plain()) == "\"");
    CHECK(decode_string_body(R"(\a)", plain()) == "\a");
    CHECK(decode_string_body(R"(\b)", plain()) == "\b");
    CHECK(decode_string_body(R"(\f)", plain()) == "\f");
    CHECK(decode_string_body(R"(\n)", plain()) == "\n");
    CHECK(decode_string_body(R"(\r)", plain()) == "\r");
    CHECK(decode_string_body(R"(\t)", plain()) == "\t");
    CHECK(decode_string_body(R"(\v)", plain()) == "\v");
    CHECK(decode_string_body("ev\\\nal", plain()) == "eval");  // a backslash-newline continues the literal
    CHECK(decode_string_body(R"(a\tb\nc)", bytes_prefix()) == "a\tb\nc");
}

TEST_CASE("an unknown escape keeps its backslash", "[string-literal]") {
    CHECK(decode_string_body(R"(\d)", plain()) == "\\d");
    CHECK(decode_string_body(R"(\q\w)", plain()) == "\\q\\w");
    CHECK(decode_string_body(R"(\d)", bytes_prefix()) == "\\d");
    CHECK(decode_string_body("trailing\\", plain()) == "trailing\\");
}

TEST_CASE("octal escapes take up to three digits", "[string-literal]") {
    CHECK(decode_string_body(R"(\145val)", plain()) == "eval");
    CHECK(decode_string_body(R"(\0)", plain()) == std::string(1, '\0'));
    CHECK(decode_string_body(R"(\18)", plain()) ==
          "\x01"
          "8");
    CHECK(decode_string_body(R"(\1234)", plain()) == "S4");
    CHECK(decode_string_body(R"(\777)", plain()) == "\xc7\xbf");  // U+01FF, as CPython 3.11
    CHECK(decode_string_body(R"(\177\377)", bytes_prefix()) == "\x7f\xff");
    CHECK(decode_string_body(R"(\777)", bytes_prefix()) == "\xff");  // CPython 3.11 keeps the low byte
}

TEST_CASE("hex escapes: two digits, bytes raw, str as UTF-8", "[string-literal]") {
    CHECK(decode_string_body(R"(\x65val)", plain()) == "eval");
    CHECK(decode_string_body(R"(\x45\x56)", plain()) == "EV");
    CHECK(decode_string_body(R"(\xe9)", plain()) == "\xc3\xa9");  // U+00E9 in UTF-8
    CHECK(decode_string_body(R"(\xe9)", bytes_prefix()) == "\xe9");
    CHECK(decode_string_body(R"(\xff\x00)", bytes_prefix()) == std::string("\xff\0", 2));
}

TEST_CASE("an invalid or truncated hex escape is refused", "[string-literal]") {
    CHECK(decode_string_body(R"(\x6)", plain()) == k_refused);
    CHECK(decode_string_body(R"(\xZZ)", plain()) == k_refused);
    CHECK(decode_string_body(R"(\x)", plain()) == k_refused);
    CHECK(decode_string_body(R"(\x6g)", bytes_prefix()) == k_refused);
}

TEST_CASE("four- and eight-digit unicode escapes in str, kept as text in bytes", "[string-literal]") {
    CHECK(decode_string_body(R"(\u0065val)", plain()) == "eval");
    CHECK(decode_string_body(R"(\u00e9)", plain()) == "\xc3\xa9");
    CHECK(decode_string_body(R"(\u20AC)", plain()) == "\xe2\x82\xac");
    CHECK(decode_string_body(R"(\U00000065val)", plain()) == "eval");
    CHECK(decode_string_body(R"(\U0001F600)", plain()) == "\xf0\x9f\x98\x80");
    CHECK(decode_string_body(R"(\u006)", plain()) == k_refused);
    CHECK(decode_string_body(R"(\U0000006)", plain()) == k_refused);
    CHECK(decode_string_body(R"(\U00110000)", plain()) == k_refused);  // above U+10FFFF
    CHECK(decode_string_body(R"(\u0041)", bytes_prefix()) == R"(\u0041)");
    CHECK(decode_string_body(R"(\U00000041)", bytes_prefix()) == R"(\U00000041)");
}

TEST_CASE("a named escape is not decoded in str and is text in bytes", "[string-literal]") {
    CHECK(decode_string_body(R"(\N{LATIN SMALL LETTER E}val)", plain()) == k_refused);
    CHECK(decode_string_body(R"(\N{DASH})", bytes_prefix()) == R"(\N{DASH})");
}

TEST_CASE("raw literals keep every backslash", "[string-literal]") {
    CHECK(decode_string_body(R"(\x65val)", raw_prefix()) == R"(\x65val)");
    CHECK(decode_string_body(R"(\n\t\\)", raw_prefix()) == R"(\n\t\\)");
    CHECK(decode_string_body(R"(\')", raw_prefix()) == R"(\')");
    CHECK(decode_string_body(R"(\N{DASH})", raw_prefix()) == R"(\N{DASH})");
    CHECK(decode_string_body(R"(\x)", raw_prefix()) == R"(\x)");
    CHECK(decode_string_body(R"(\u0041)", prefix_of(true, true, false)) == R"(\u0041)");
}

TEST_CASE("f-string pieces turn doubled braces into one", "[string-literal]") {
    CHECK(decode_string_body("{{x}}", format_prefix()) == "{x}");
    CHECK(decode_string_body("a{{{{b", format_prefix()) == "a{{b");
    CHECK(decode_string_body(R"({{\x65}})", format_prefix()) == "{e}");
    CHECK(decode_string_body(R"({{\x65}})", prefix_of(true, false, true)) == R"({\x65})");
}

TEST_CASE("append_utf8 encodes every length", "[string-literal]") {
    std::string out;
    append_utf8(out, 0x41);
    append_utf8(out, 0xE9);
    append_utf8(out, 0x20AC);
    append_utf8(out, 0x1F600);
    CHECK(out == "A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
}

TEST_CASE("escapes CPython refuses to compile are named as CPython names them", "[string-literal]") {
    CHECK(refused_escape(R"(\u12)", plain()) == "truncated \\uXXXX escape");
    CHECK(refused_escape(R"(ok \x4)", plain()) == "truncated \\xXX escape");
    CHECK(refused_escape(R"(\x4)", bytes_prefix()) == "truncated \\xXX escape");
    CHECK(refused_escape(R"(\U0011)", plain()) == "truncated \\UXXXXXXXX escape");
    CHECK(refused_escape(R"(\U00110000)", plain()) == "illegal Unicode character");
    CHECK(refused_escape(R"(\N)", plain()) == "malformed \\N character escape");
    CHECK(refused_escape(R"(\N{})", plain()) == "malformed \\N character escape");
    CHECK(refused_escape(R"(\N{DASH)", plain()) == "malformed \\N character escape");
    CHECK(refused_escape(R"(\)", plain()) == std::nullopt);  // a lone backslash escapes the quote
    // Accepted: escaped backslashes, raw literals, \u and \N in bytes, valid escapes, unknown ones.
    CHECK(refused_escape(R"(\\u12)", plain()) == std::nullopt);
    CHECK(refused_escape(R"(\u12)", raw_prefix()) == std::nullopt);
    CHECK(refused_escape(R"(\u12\N)", bytes_prefix()) == std::nullopt);
    CHECK(refused_escape(R"(\u00e9\x41\U0001F600\N{EM DASH}\q\0)", plain()) == std::nullopt);
    CHECK(refused_escape(R"({{\u00e9}})", format_prefix()) == std::nullopt);
}
