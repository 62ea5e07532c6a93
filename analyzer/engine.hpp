#pragma once
// Runs the rules over one file's model: each site once, each rule's hooks,
// one finding per location (the most specific rule's).

#include <span>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/model/model.hpp"
#include "analyzer/profile.hpp"
#include "analyzer/rule_hooks.hpp"

namespace pygate::analyzer {

void run_rules(const Model& model, const Profile& profile, const LibraryKnowledge& libraries,
               std::span<const RuleHooks* const> rules, std::vector<Finding>& findings);

}  // namespace pygate::analyzer
