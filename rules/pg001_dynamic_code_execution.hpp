#pragma once
#include "rules/rule.hpp"

namespace pygate::rules {
extern const RuleMetadata k_pg001_dynamic_code_execution;
}
