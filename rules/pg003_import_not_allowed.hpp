#pragma once
#include "rules/rule.hpp"

namespace pygate::rules {
extern const RuleMetadata k_pg003_import_not_allowed;
}
