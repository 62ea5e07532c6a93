#pragma once
// The rules of the catalogue: each one's metadata is defined, once, in its
// own file rules/pgNNN_name.cpp; the registry (rules/registry.cpp) orders
// them. What a rule offers other rules is declared here beside it.

#include <span>
#include <string_view>

#include "rules/rule.hpp"

namespace pygate::rules {

// PG000's checks live in the analyzer (source loading and syntax), which
// produces its findings; its metadata is here like every rule's.
extern const RuleMetadata k_pg000_unsafe_source;
extern const RuleMetadata k_pg001_dynamic_code_execution;
extern const RuleMetadata k_pg002_dynamic_import;
extern const RuleMetadata k_pg003_import_not_allowed;
extern const RuleMetadata k_pg004_process_execution;
extern const RuleMetadata k_pg005_network_access;
extern const RuleMetadata k_pg006_filesystem_access;
extern const RuleMetadata k_pg007_output_flood;
extern const RuleMetadata k_pg008_unbounded_execution;
extern const RuleMetadata k_pg009_introspection_escape;
extern const RuleMetadata k_pg010_environment_mutation;
extern const RuleMetadata k_pg011_forbidden_syntax;
extern const RuleMetadata k_pg012_source_limits;
extern const RuleMetadata k_pg013_builtin_not_allowed;
extern const RuleMetadata k_pg014_unknown_library_name;

class NameTable;
// What PG004 counts as running a process or native code, for rules that look
// at what such a call runs (PG010: pip).
const NameTable& process_execution_table();

// The keywords PG011 maps to grammar node kinds, in its table's order; a
// test checks they are exactly the keywords syntax.forbid accepts.
std::span<const std::string_view> pg011_keywords();

}  // namespace pygate::rules
