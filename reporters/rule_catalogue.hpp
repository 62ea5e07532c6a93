#pragma once
// The rule catalogue as people and tools read it, generated from each rule's
// one metadata declaration: `pygate rules` (text, json, markdown),
// `pygate explain`, and docs/rules.md (the markdown, checked by a test).

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "rules/rule.hpp"

namespace pygate::reporters {

void write_rules_text(std::ostream& out);
nlohmann::ordered_json rule_json(const rules::RuleMetadata& rule);
void write_rules_json(std::ostream& out);
void write_rules_markdown(std::ostream& out);

// One rule's long help: what it catches, why, examples, its tables.
void write_rule_explanation(std::ostream& out, const rules::RuleMetadata& rule);
std::string rule_help_markdown(const rules::RuleMetadata& rule);

}  // namespace pygate::reporters
