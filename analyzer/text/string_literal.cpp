#include "analyzer/text/string_literal.hpp"

#include <cstdint>

namespace pygate::analyzer {
namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

std::optional<std::uint32_t> hex_digits(std::string_view text, std::size_t at, std::size_t count) {
    if (at + count > text.size()) return std::nullopt;
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < count; ++i) {
        int digit = hex_value(text[at + i]);
        if (digit < 0) return std::nullopt;
        value = value * 16 + static_cast<std::uint32_t>(digit);
    }
    return value;
}

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

StringPrefix parse_string_prefix(std::string_view opening) {
    StringPrefix prefix;
    for (char c : opening) {
        if (c == '\'' || c == '"') break;
        if (c == 'r' || c == 'R') prefix.raw = true;
        if (c == 'b' || c == 'B') prefix.bytes = true;
        if (c == 'f' || c == 'F') prefix.format = true;
        if (c == 't' || c == 'T') prefix.format = prefix.template_string = true;
    }
    return prefix;
}

std::optional<LiteralParts> split_string_literal(std::string_view literal) {
    std::size_t open = literal.find_first_of("'\"");
    if (open == std::string_view::npos) return std::nullopt;
    bool triple = open + 2 < literal.size() && literal[open + 1] == literal[open] && literal[open + 2] == literal[open];
    std::size_t quotes = triple ? 3 : 1;
    if (literal.size() < open + 2 * quotes) return std::nullopt;  // unterminated
    return LiteralParts{parse_string_prefix(literal.substr(0, open)),
                        literal.substr(open + quotes, literal.size() - open - 2 * quotes), triple};
}

std::optional<std::string> decode_string_body(std::string_view body, StringPrefix prefix) {
    std::string out;
    out.reserve(body.size());
    for (std::size_t i = 0; i < body.size(); ++i) {
        char c = body[i];
        if (prefix.format && (c == '{' || c == '}') && i + 1 < body.size() && body[i + 1] == c) {
            out += c;
            ++i;
            continue;
        }
        if (c != '\\' || i + 1 >= body.size()) {
            out += c;
            continue;
        }
        char next = body[i + 1];
        if (prefix.raw) {  // a backslash stays, and keeps the next character from ending the string
            out += c;
            continue;
        }
        ++i;
        switch (next) {
            case '\n':
                break;  // a line continuation inside the literal
            case '\\':
                out += '\\';
                break;
            case '\'':
                out += '\'';
                break;
            case '"':
                out += '"';
                break;
            case 'a':
                out += '\a';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'v':
                out += '\v';
                break;
            case 'x': {
                auto value = hex_digits(body, i + 1, 2);
                if (!value) return std::nullopt;  // CPython refuses it
                if (prefix.bytes)
                    out += static_cast<char>(*value);
                else
                    append_utf8(out, *value);
                i += 2;
                break;
            }
            case 'u':
            case 'U': {
                if (prefix.bytes) {
                    out += '\\';
                    out += next;
                    break;
                }
                std::size_t count = next == 'u' ? 4 : 8;
                auto value = hex_digits(body, i + 1, count);
                if (!value || *value > 0x10FFFF) return std::nullopt;
                append_utf8(out, *value);
                i += count;
                break;
            }
            case 'N':
                if (prefix.bytes) {
                    out += "\\N";
                    break;
                }
                return std::nullopt;  // a character by name: not decoded
            default:
                if (next >= '0' && next <= '7') {
                    std::uint32_t value = 0;
                    std::size_t digits = 0;
                    while (digits < 3 && i < body.size() && body[i] >= '0' && body[i] <= '7') {
                        value = value * 8 + static_cast<std::uint32_t>(body[i] - '0');
                        ++i, ++digits;
                    }
                    --i;
                    if (prefix.bytes)
                        out += static_cast<char>(value & 0xFF);
                    else
                        append_utf8(out, value);
                } else {  // an unknown escape keeps its backslash
                    out += '\\';
                    out += next;
                }
        }
    }
    return out;
}

std::optional<std::string_view> refused_escape(std::string_view body, StringPrefix prefix) {
    if (prefix.raw) return std::nullopt;
    for (std::size_t i = body.find('\\'); i != std::string_view::npos && i + 1 < body.size();
         i = body.find('\\', i + 2)) {
        switch (body[i + 1]) {
            case 'x':
                if (!hex_digits(body, i + 2, 2)) return "truncated \\xXX escape";
                break;
            case 'u':
            case 'U': {
                if (prefix.bytes) break;
                std::size_t count = body[i + 1] == 'u' ? 4 : 8;
                auto value = hex_digits(body, i + 2, count);
                if (!value) return count == 4 ? "truncated \\uXXXX escape" : "truncated \\UXXXXXXXX escape";
                if (*value > 0x10FFFF) return "illegal Unicode character";
                break;
            }
            case 'N': {
                if (prefix.bytes) break;
                std::size_t close = body.find('}', i + 2);
                if (i + 2 >= body.size() || body[i + 2] != '{' || close == std::string_view::npos || close == i + 3)
                    return "malformed \\N character escape";
                break;
            }
            default:
                break;
        }
    }
    return std::nullopt;
}

}  // namespace pygate::analyzer
