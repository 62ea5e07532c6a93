#pragma once
// The gate: findings with their effective severities become a decision.

#include <array>
#include <string_view>
#include <vector>

#include "analyzer/finding.hpp"

namespace pygate::analyzer {

enum class Decision { allow, review, deny };
const char* decision_name(Decision decision);
Decision worse(Decision a, Decision b);

// Which severities deny and which send to review (a profile's [gate] table).
struct GatePolicy {
    std::vector<Severity> deny{Severity::error};
    std::vector<Severity> review{Severity::warning};
    bool operator==(const GatePolicy&) const = default;
};

// Deny if any finding's severity denies, else review if any sends to review, else allow.
Decision decide(const std::vector<Finding>& findings, const GatePolicy& policy);

}  // namespace pygate::analyzer

namespace pygate::analyzer {

// The effective severity of each finding (rule default, then the profile's
// override); findings whose severity is `off` are removed.
// In place: a second vector of findings cost more than judging them.
template <class SeverityOf>
void apply_severities(std::vector<Finding>& findings, SeverityOf&& severity_of) {
    std::erase_if(findings, [&](Finding& finding) {
        finding.severity = severity_of(finding);
        return finding.severity == Severity::off;
    });
}

}  // namespace pygate::analyzer
