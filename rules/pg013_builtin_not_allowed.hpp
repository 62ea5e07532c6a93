#pragma once
#include "rules/rule.hpp"

namespace pygate::rules {
extern const RuleMetadata k_pg013_builtin_not_allowed;
}
