#include "analyzer/syntax/template_strings.hpp"

namespace pygate::analyzer {
namespace {

// A byte of a name: ASCII letters, digits, `_`, and every byte of a
// non-ASCII character (so `ñt"x"` is the name `ñt`, not a prefix).
bool is_name_byte(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte >= 0x80 || (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') ||
           (byte >= '0' && byte <= '9') || byte == '_';
}

bool is_t(char c) { return c == 't' || c == 'T'; }
bool is_r(char c) { return c == 'r' || c == 'R'; }

// Where the `t` of a t-string prefix that ends at `quote` is, if one does.
std::optional<std::size_t> template_letter_before(std::string_view text, std::size_t quote) {
    std::size_t start = quote;
    while (start > 0 && is_name_byte(text[start - 1]))
        --start;
    const std::string_view name = text.substr(start, quote - start);
    if (name.size() == 1 && is_t(name[0])) return start;
    if (name.size() == 2 && is_t(name[0]) && is_r(name[1])) return start;
    if (name.size() == 2 && is_r(name[0]) && is_t(name[1])) return start + 1;
    return std::nullopt;
}

}  // namespace

std::optional<std::string> template_strings_read_as_fstrings(std::string_view text) {
    std::optional<std::string> read;
    for (std::size_t at = text.find_first_of("'\""); at != std::string_view::npos;
         at = text.find_first_of("'\"", at + 1)) {
        if (std::optional<std::size_t> letter = template_letter_before(text, at)) {
            if (!read) read.emplace(text);
            (*read)[*letter] = text[*letter] == 't' ? 'f' : 'F';
        }
    }
    return read;
}

}  // namespace pygate::analyzer
