#pragma once
#include "rules/rule.hpp"

namespace pygate::rules {
// Its checks live in the analyzer (source loading and syntax), which produce its findings.
extern const RuleMetadata k_pg000_unsafe_source;
}  // namespace pygate::rules
