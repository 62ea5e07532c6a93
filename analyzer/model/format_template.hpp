#pragma once
// A format template as str.format and %-formatting read it: literal text and
// the fields values fill. Shared by constant folding (one value per field,
// resolve.cpp) and possible_strings (every value a field may hold).

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "analyzer/model/model.hpp"

namespace pygate::analyzer {

struct TemplatePiece {
    std::string_view text;  // literal text; or a field: what is between its braces (`0.x`), or its conversion (`s`)
    bool field = false;
};

// str.format's pieces: `{{` and `}}` are literal braces; nothing when a field's brace is never
// closed or a `}` stands alone (str.format raises).
std::optional<std::vector<TemplatePiece>> format_pieces(std::string_view format);

// %-formatting's: `%s`, `%d` and `%i` are fields, `%%` a literal percent;
// nothing for any other conversion, or a `%` that ends the template.
std::optional<std::vector<TemplatePiece>> percent_pieces(std::string_view format);

// Whether a str.format field names an argument and nothing more (no
// attribute, index, conversion or spec), so its text is the argument's.
bool plain_format_field(std::string_view field);

// The argument of `call` a plain str.format field fills: `{}` the next
// automatic one (counted in `automatic`), `{1}` by position, `{name}` by keyword.
Node format_argument(const Model& model, Node call, std::string_view field, std::uint32_t& automatic);

}  // namespace pygate::analyzer
