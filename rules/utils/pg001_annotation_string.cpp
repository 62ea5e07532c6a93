#include "rules/utils/pg001_annotation_string.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <vector>

#include "analyzer/model/python_builtins.hpp"
#include "analyzer/text/identifier.hpp"

namespace pygate::rules {
namespace {

constexpr int k_max_nesting = 8;  // strings within strings: `"List['Node']"`

// The builtins that are types: naming one in a type reads a class.
constexpr std::array<std::string_view, 17> k_builtin_types = {
    "bool",       "bytearray", "bytes", "complex", "dict",  "float", "frozenset", "int",  "list",
    "memoryview", "object",    "range", "set",     "slice", "str",   "tuple",     "type",
};

bool identifier_byte(unsigned char c, bool first) {
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80 ||
           (!first && c >= '0' && c <= '9');
}

template <std::size_t N>
bool contains(const std::array<std::string_view, N>& list, std::string_view name) {
    return std::find(list.begin(), list.end(), name) != list.end();
}

std::optional<std::string> judge_name(std::string_view spelled, bool attribute) {
    std::string name = analyzer::normalize_identifier(spelled);
    if (name.starts_with("__")) return fmt::format("the name `{}`", name);
    // An attribute's name is no builtin: `numpy.sum` is numpy's.
    bool builtin_type = contains(k_builtin_types, name) || (name[0] >= 'A' && name[0] <= 'Z');
    if (!attribute && analyzer::is_builtin_name(name) && !builtin_type) return fmt::format("the builtin `{}`", name);
    return std::nullopt;
}

std::optional<std::string> judge(std::string_view text, int nesting) {
    if (nesting > k_max_nesting) return "strings nested too deep";
    bool after_dot = false;
    std::string_view last_name;  // the last name read: `Literal` before its `[`
    // Per open bracket: whether its strings are values: all of Literal's, and
    // Annotated's after its first element (the metadata typing never evaluates).
    enum class Values : std::uint8_t { none, all, after_first };
    std::vector<Values> values{Values::none};
    for (std::size_t i = 0; i < text.size();) {
        auto c = static_cast<unsigned char>(text[i]);
        if (c == '[') {
            values.push_back(last_name == "Literal"     ? Values::all
                             : last_name == "Annotated" ? Values::after_first
                                                        : Values::none);
        } else if (c == ']') {
            if (values.size() > 1) values.pop_back();
        } else if (c == ',' && values.back() == Values::after_first) {
            values.back() = Values::all;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '[' || c == ']' || c == ',' || c == '|' ||
            c == '-') {
            after_dot = false;
            last_name = {};
            ++i;
        } else if (c == '.') {
            after_dot = true;
            ++i;
        } else if (c >= '0' && c <= '9') {  // Literal[1], 1.5, 0x1f
            while (i < text.size() && (identifier_byte(static_cast<unsigned char>(text[i]), false) || text[i] == '.'))
                ++i;
            after_dot = false;
        } else if (c == '\'' || c == '"') {  // a nested string: a value in Literal[...], else a type evaluated in turn
            std::size_t end = text.find(static_cast<char>(c), i + 1);
            if (end == std::string_view::npos) return "an unterminated string";
            std::string_view inner = text.substr(i + 1, end - i - 1);
            if (values.back() != Values::all) {
                if (inner.find('\\') != std::string_view::npos) return "an escape in a nested string";
                if (auto code = judge(inner, nesting + 1)) return code;
            }
            i = end + 1;
            after_dot = false;
        } else if (identifier_byte(c, true)) {
            std::size_t start = i;
            while (i < text.size() && identifier_byte(static_cast<unsigned char>(text[i]), false))
                ++i;
            last_name = text.substr(start, i - start);
            if (auto code = judge_name(last_name, after_dot)) return code;
            after_dot = false;
        } else {
            return fmt::format("`{}`", text[i]);
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> annotation_string_is_code(std::string_view text) {
    return judge(text, 0);
}

}  // namespace pygate::rules
