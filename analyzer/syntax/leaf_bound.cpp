#include "analyzer/syntax/leaf_bound.hpp"

#include <algorithm>

namespace pygate::analyzer {
namespace {

bool word_character(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

bool white_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\n' || c == '\r';
}

bool line_break(unsigned char c) { return c == '\n' || c == '\r'; }

// Where the string opening at `quote` ends (past its closing quotes, or
// where an unterminated one-line string meets its line break), read as the
// grammar's scanner reads strings: a backslash escapes the next character,
// and in an f-string a replacement field (where strings may nest) runs to
// its matching brace.
std::size_t string_end(std::string_view text, std::size_t word_start, std::size_t quote) {
    bool format = false;
    if (word_start != std::string_view::npos && quote - word_start <= 2)
        format = std::any_of(text.begin() + static_cast<std::ptrdiff_t>(word_start),
                             text.begin() + static_cast<std::ptrdiff_t>(quote),
                             [](char c) { return c == 'f' || c == 'F'; });
    const std::size_t n = text.size();
    const char delimiter = text[quote];
    const bool triple = quote + 2 < n && text[quote + 1] == delimiter && text[quote + 2] == delimiter;
    std::size_t i = quote + (triple ? 3 : 1);
    int depth = 0;
    while (i < n) {
        const char d = text[i];
        if (format && depth > 0) {
            depth += d == '{' ? 1 : d == '}' ? -1 : 0;
            ++i;
            continue;
        }
        if (d == '\\') {
            i += 2;
            continue;
        }
        if ((d == '\n' || d == '\r') && !triple) return i;
        if (d == delimiter && (!triple || (i + 2 < n && text[i + 1] == delimiter && text[i + 2] == delimiter)))
            return i + (triple ? 3 : 1);
        if (format && d == '{') {
            if (i + 1 < n && text[i + 1] == '{') {
                i += 2;
                continue;
            }
            depth = 1;
        }
        ++i;
    }
    return n;
}

}  // namespace

LeafBounds leaf_bounds(std::string_view text) {
    LeafBounds bounds;
    std::size_t run = 0;  // extras since the last other token
    bool in_word = false;
    std::size_t word_start = std::string_view::npos;  // where the word just before `i` began, if it ends at `i`
    std::size_t string_until = 0;                     // inside a string up to here: its content, read as code
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const bool in_string = i < string_until;
        if (!in_string && c == '#') {  // a comment: one leaf, one extra
            ++bounds.recovering;
            bounds.extras_run = std::max(bounds.extras_run, ++run);
            while (i + 1 < n && !line_break(static_cast<unsigned char>(text[i + 1])))
                ++i;
            in_word = false;
            word_start = std::string_view::npos;
            continue;
        }
        if (!in_string && c == '\\' && i + 1 < n && line_break(static_cast<unsigned char>(text[i + 1]))) {
            ++bounds.recovering;  // a line continuation: one leaf, one extra
            bounds.extras_run = std::max(bounds.extras_run, ++run);
            in_word = false;
            word_start = std::string_view::npos;
            continue;
        }
        if (white_space(c)) {
            if (line_break(c)) bounds.recovering += 3;
            in_word = false;
            word_start = std::string_view::npos;
            continue;
        }
        if (!in_string) run = 0;  // a token of code (or a string's opening) ends a run of extras
        if (!in_string && (c == '\'' || c == '"')) string_until = string_end(text, word_start, i);
        if (word_character(c)) {
            if (!in_word) ++bounds.recovering;
            if (!in_word && !in_string) word_start = i;
            in_word = true;
        } else {
            ++bounds.recovering;
            in_word = false;
            word_start = std::string_view::npos;
        }
    }
    bounds.recovering = std::min(bounds.recovering, k_safe_leaves);
    return bounds;
}

}  // namespace pygate::analyzer
