#include "reporters/json_writer.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

using pygate::reporters::JsonWriter;

namespace {

std::string escaped(std::string_view text) {
    std::string out;
    JsonWriter(out).value(text);
    return out;
}

// nlohmann::json, the library the JSON report was first written with, as the
// oracle for the layout and the escaping the report's readers already parse.
std::string nlohmann_escaped(const std::string& text) {
    return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Nested and empty containers, strings and numbers: every layout decision.
void write_sample(JsonWriter& json) {
    json.begin_object();
    json.member("name", "pygate");
    json.key("empty_array");
    json.begin_array();
    json.end_array();
    json.key("empty_object");
    json.begin_object();
    json.end_object();
    json.key("list");
    json.begin_array();
    json.value(std::uint64_t{1});
    json.begin_object();
    json.member("line", std::uint64_t{2});
    json.end_object();
    json.end_array();
    json.end_object();
}

const nlohmann::ordered_json k_sample = {{"name", "pygate"},
                                         {"empty_array", nlohmann::ordered_json::array()},
                                         {"empty_object", nlohmann::ordered_json::object()},
                                         {"list", {1, {{"line", 2}}}}};

}  // namespace

TEST_CASE("JsonWriter lays values out as dump(2) does") {
    std::string out;
    JsonWriter json(out);
    write_sample(json);
    CHECK(out == k_sample.dump(2));
}

TEST_CASE("JsonWriter's one-line layout is dump()'s, for JSON Lines") {
    std::string out;
    JsonWriter json(out, pygate::reporters::JsonLayout::compact);
    write_sample(json);
    CHECK(out == k_sample.dump());
    CHECK(out.find('\n') == std::string::npos);
}

TEST_CASE("JsonWriter escapes what JSON requires and keeps other text as it is") {
    CHECK(escaped("plain") == R"("plain")");
    CHECK(escaped("a\"b\\c") == R"("a\"b\\c")");
    CHECK(escaped("\b\f\n\r\t") == R"("\b\f\n\r\t")");
    CHECK(escaped(std::string_view("\x00\x01\x1f", 3)) == R"("\u0000\u0001\u001f")");
    CHECK(escaped("\x7f") == "\"\x7f\"");
    CHECK(escaped("é → 😀") == "\"é → 😀\"");
}

TEST_CASE("JsonWriter replaces each invalid UTF-8 subpart with one U+FFFD") {
    const std::string fffd = "\xEF\xBF\xBD";
    CHECK(escaped("\xff") == "\"" + fffd + "\"");
    CHECK(escaped("\xc3(") == "\"" + fffd + "(\"");                      // a lead byte without its continuation
    CHECK(escaped("\xe0\x80\xaf") == "\"" + fffd + fffd + fffd + "\"");  // overlong: each byte alone
    CHECK(escaped("\xf0\x9f\x98") == "\"" + fffd + "\"");                // a truncated 4-byte sequence
    CHECK(escaped("\xed\xa0\x80") == "\"" + fffd + fffd + fffd + "\"");  // a surrogate
}

TEST_CASE("JsonWriter escapes random bytes exactly as nlohmann::json does") {
    std::mt19937 random(20261122);
    // Bytes biased towards the interesting ones: controls, quotes, UTF-8 leads and continuations.
    const std::string alphabet =
        std::string("\x00\x01\x1f \"\\azé", 10) + "\x7f\x80\xbf\xc0\xc2\xdf\xe0\xed\xef\xf0\xf4\xf5\xff\xa0\x90\x8f";
    for (int sample = 0; sample < 2000; ++sample) {
        std::string text;
        std::size_t length = random() % 12;
        for (std::size_t i = 0; i < length; ++i)
            text += alphabet[random() % alphabet.size()];
        INFO("sample " << sample);
        REQUIRE(escaped(text) == nlohmann_escaped(text));
    }
}
