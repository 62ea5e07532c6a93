#pragma once
#include <span>
#include <string_view>

#include "rules/rule.hpp"

namespace pygate::rules {
extern const RuleMetadata k_pg011_forbidden_syntax;

// The keywords PG011 maps to grammar node kinds, in its table's order; a
// test checks they are exactly the keywords syntax.forbid accepts.
std::span<const std::string_view> pg011_keywords();
}  // namespace pygate::rules
