#pragma once
// The constant an expression evaluates to, exactly as CPython 3.11 computes
// it, or nothing: anything pygate does not compute exactly (an operation, an
// argument form, a codec, a Unicode case mapping, a format spec), and
// anything CPython would raise on, is unknown. Model::fold_string and
// Model::fold_integer are its str and int; docs/analysis.md lists what is
// folded, and tests/tools/value_oracle.py checks it against CPython.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/model/model.hpp"

namespace pygate::analyzer {

struct FoldedValue {
    enum class Kind : std::uint8_t { str, bytes, bytearray, integer };
    Kind kind = Kind::str;
    std::string text;          // str: UTF-8 (never a surrogate); bytes, bytearray: the bytes
    std::int64_t integer = 0;  // integer
    bool operator==(const FoldedValue&) const = default;
};

std::optional<FoldedValue> fold_value(const Model& model, Node expr, ScopeId scope);

// Character classes as CPython's str and bytes methods read them, for the
// folder and the size estimates: str.isspace (what str.split() and strip()
// take as white space), bytes' ASCII white space, str.splitlines' line boundaries.
bool str_whitespace(std::uint32_t code_point);
bool bytes_whitespace(std::uint32_t byte);
bool str_line_boundary(std::uint32_t code_point);

}  // namespace pygate::analyzer
