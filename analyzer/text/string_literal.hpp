#pragma once
// Python string and bytes literals decoded as CPython decodes them, for
// constant folding: a rule must see the string `eval` in '\x65val'.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pygate::analyzer {

struct StringPrefix {
    bool raw = false;
    bool bytes = false;
    bool format = false;  // an f-string, or a t-string: replacement fields, `{{` a brace
    // A t-string (PEP 750, 3.14): f-string syntax, but its value is a
    // string.templatelib.Template, never a str (template_strings.hpp).
    bool template_string = false;
};

// The prefix letters of a string's opening token (`rb"""`, `f'`, `'`).
StringPrefix parse_string_prefix(std::string_view opening);

// A whole literal's prefix and the text between its quotes (`rb"""x"""`:
// rb and x); nothing when `literal` does not open and close with quotes.
struct LiteralParts {
    StringPrefix prefix;
    std::string_view body;
    bool triple_quoted = false;
};
std::optional<LiteralParts> split_string_literal(std::string_view literal);

// The value of literal text between the quotes (for an f-string: a piece
// between replacement fields, where `{{` and `}}` are braces). Bytes are
// returned as they are; a str is returned as UTF-8. Nothing for what pygate
// does not decode (`\N{...}`).
std::optional<std::string> decode_string_body(std::string_view body, StringPrefix prefix);

// CPython's complaint about the first escape in `body` it refuses to
// compile (`'\u'` is a "truncated \uXXXX escape"), or nothing. Unknown
// names in `\N{...}` are not looked up.
std::optional<std::string_view> refused_escape(std::string_view body, StringPrefix prefix);

// The value of `count` hex digits at `at` in `text` (`\x41`, `%2e`), or nothing.
std::optional<std::uint32_t> hex_digits(std::string_view text, std::size_t at, std::size_t count);

// Appends code point `cp` to `out` as UTF-8.
void append_utf8(std::string& out, std::uint32_t cp);

}  // namespace pygate::analyzer
