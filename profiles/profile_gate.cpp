#include "profiles/profile_gate.hpp"

namespace pygate::profiles {

analyzer::Severity effective_severity(const Profile& profile, const analyzer::Finding& finding) {
    if (analyzer::exempted_by_allow_list(profile, finding)) return analyzer::Severity::off;
    auto settings = profile.rules.find(finding.rule);
    if (settings == profile.rules.end()) return finding.severity;
    return settings->second.severity.value_or(finding.severity);
}

analyzer::Decision judge_findings(std::vector<analyzer::Finding>& findings, const Profile& profile) {
    analyzer::apply_severities(findings,
                               [&](const analyzer::Finding& finding) { return effective_severity(profile, finding); });
    return analyzer::decide(findings, profile.gate);
}

}  // namespace pygate::profiles
