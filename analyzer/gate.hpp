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
template <class SeverityOf>
void apply_severities(std::vector<Finding>& findings, SeverityOf&& severity_of) {
    std::vector<Finding> kept;
    kept.reserve(findings.size());
    for (Finding& finding : findings) {
        finding.severity = severity_of(finding);
        if (finding.severity != Severity::off) kept.push_back(std::move(finding));
    }
    findings = std::move(kept);
}

}  // namespace pygate::analyzer
