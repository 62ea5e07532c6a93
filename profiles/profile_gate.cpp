#include "profiles/profile_gate.hpp"

#include <algorithm>

#include "analyzer/qualified_name_pattern.hpp"

namespace pygate::profiles {

analyzer::Severity effective_severity(const Profile& profile, const analyzer::Finding& finding) {
    auto settings = profile.rules.find(finding.rule);
    if (settings == profile.rules.end()) return finding.severity;
    if (!finding.qualified_name.empty() &&
        std::any_of(settings->second.allow.begin(), settings->second.allow.end(), [&](const std::string& pattern) {
            return analyzer::matches_qualified_name(pattern, finding.qualified_name);
        }))
        return analyzer::Severity::off;
    return settings->second.severity.value_or(finding.severity);
}

analyzer::Decision judge_findings(std::vector<analyzer::Finding>& findings, const Profile& profile) {
    analyzer::apply_severities(findings,
                               [&](const analyzer::Finding& finding) { return effective_severity(profile, finding); });
    return analyzer::decide(findings, profile.gate);
}

}  // namespace pygate::profiles
