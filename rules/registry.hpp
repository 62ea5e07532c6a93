#pragma once
// The catalogue: one explicit table of every implemented rule, sorted by id.

#include <span>
#include <string_view>

#include "rules/rule.hpp"

namespace pygate::rules {

std::span<const RuleMetadata* const> all_rules();
// The hooks of every rule that has checks, for the engine.
std::span<const analyzer::RuleHooks* const> all_hooks();
// By code ("PG004", case-insensitive) or number; nullptr when there is no such rule.
const RuleMetadata* find_rule(std::string_view code);
const RuleMetadata* find_rule(analyzer::RuleNumber number);

}  // namespace pygate::rules
