#include "reporters/safe_text.hpp"

#include <catch2/catch.hpp>

using pygate::reporters::safe_text;

TEST_CASE("safe_text replaces what could drive a terminal or start a line", "[reporters]") {
    CHECK(safe_text("plain ünïcode") == "plain ünïcode");
    CHECK(safe_text("a\tb") == "a b");
    CHECK(safe_text("a\nb\rc\x1b[31m") ==
          "a\xEF\xBF\xBD"
          "b\xEF\xBF\xBD"
          "c\xEF\xBF\xBD[31m");
    CHECK(safe_text("x\xE2\x80\xA8y") == "x\xEF\xBF\xBDy");          // U+2028 LINE SEPARATOR
    CHECK(safe_text("x\xE2\x80\xAEy") == "x\xEF\xBF\xBDy");          // U+202E RIGHT-TO-LEFT OVERRIDE
    CHECK(safe_text("\xC2\x85") == "\xEF\xBF\xBD");                  // U+0085, a C1 control
    CHECK(safe_text("\xFF\xFEok") == "\xEF\xBF\xBD\xEF\xBF\xBDok");  // one replacement per invalid byte
}

TEST_CASE("a format's own escapes come before the defaults", "[reporters]") {
    auto escape = [](std::uint32_t cp) -> std::optional<std::string_view> {
        if (cp == '\n') return "%0A";
        if (cp == '%') return "%25";
        return std::nullopt;
    };
    CHECK(safe_text("50%\nnext\r", escape) == "50%25%0Anext\xEF\xBF\xBD");
}
