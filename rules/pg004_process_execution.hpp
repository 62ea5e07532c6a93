#pragma once
#include "rules/rule.hpp"

namespace pygate::rules {
extern const RuleMetadata k_pg004_process_execution;

class NameTable;
// What PG004 counts as running a process or native code, for rules that look
// at what such a call runs (PG010: pip).
const NameTable& process_execution_table();
}  // namespace pygate::rules
