#pragma once
// The gate under a profile: each finding's effective severity (the profile's
// override for its rule, else the severity the rule gave it: the rule's
// default, or a table entry's own such as threading.Thread's warning; `off`
// and findings whose qualified name the rule's `allow` list exempts are
// dropped), then the decision by the profile's [gate] table.

#include <string_view>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/gate.hpp"
#include "analyzer/profile.hpp"

namespace pygate::profiles {

using analyzer::Profile;

analyzer::Severity effective_severity(const Profile& profile, const analyzer::Finding& finding);

// Sets each finding's effective severity, removes those that end up `off`,
// and returns the file's decision.
analyzer::Decision judge_findings(std::vector<analyzer::Finding>& findings, const Profile& profile);

}  // namespace pygate::profiles
