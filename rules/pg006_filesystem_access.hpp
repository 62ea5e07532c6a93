#pragma once
#include "rules/rule.hpp"

namespace pygate::rules {
extern const RuleMetadata k_pg006_filesystem_access;
}  // namespace pygate::rules
