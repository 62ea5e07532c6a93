#include "analyzer/gate.hpp"

#include <catch2/catch.hpp>

using namespace pygate::analyzer;

namespace {
Finding with_severity(Severity severity) {
    Finding finding;
    finding.severity = severity;
    return finding;
}
}  // namespace

TEST_CASE("the worst severity decides", "[gate]") {
    GatePolicy policy;
    CHECK(decide({}, policy) == Decision::allow);
    CHECK(decide({with_severity(Severity::note)}, policy) == Decision::allow);
    CHECK(decide({with_severity(Severity::note), with_severity(Severity::warning)}, policy) == Decision::review);
    CHECK(decide({with_severity(Severity::warning), with_severity(Severity::error)}, policy) == Decision::deny);
}

TEST_CASE("a policy can make warnings deny", "[gate]") {
    GatePolicy strict{{Severity::error, Severity::warning}, {Severity::note}};
    CHECK(decide({with_severity(Severity::warning)}, strict) == Decision::deny);
    CHECK(decide({with_severity(Severity::note)}, strict) == Decision::review);
}

TEST_CASE("severity off removes a finding", "[gate]") {
    std::vector<Finding> findings{with_severity(Severity::error), with_severity(Severity::error)};
    findings[1].rule = 7;
    apply_severities(findings, [](const Finding& f) { return f.rule == 7 ? Severity::off : Severity::warning; });
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].severity == Severity::warning);
    CHECK(worse(Decision::review, Decision::allow) == Decision::review);
    CHECK(worse(Decision::review, Decision::deny) == Decision::deny);
}
