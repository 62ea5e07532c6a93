#include "analyzer/gate.hpp"

#include <algorithm>

namespace pygate::analyzer {

const char* decision_name(Decision decision) {
    switch (decision) {
        case Decision::allow: return "allow";
        case Decision::review: return "review";
        case Decision::deny: return "deny";
    }
    return "deny";
}

Decision worse(Decision a, Decision b) { return static_cast<int>(a) > static_cast<int>(b) ? a : b; }

Decision decide(const std::vector<Finding>& findings, const GatePolicy& policy) {
    auto in = [](const std::vector<Severity>& set, Severity s) { return std::find(set.begin(), set.end(), s) != set.end(); };
    Decision decision = Decision::allow;
    for (const Finding& finding : findings) {
        if (in(policy.deny, finding.severity)) return Decision::deny;
        if (in(policy.review, finding.severity)) decision = Decision::review;
    }
    return decision;
}

}  // namespace pygate::analyzer
