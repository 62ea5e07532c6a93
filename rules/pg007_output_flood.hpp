#pragma once
#include "rules/rule.hpp"

namespace pygate::rules {
extern const RuleMetadata k_pg007_output_flood;
}
