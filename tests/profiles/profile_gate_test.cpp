#include "profiles/profile_gate.hpp"

#include <catch2/catch.hpp>

#include "profiles/builtin_profiles.hpp"
#include "profiles/profile_loader.hpp"

using namespace pygate::profiles;
using pygate::analyzer::Decision;
using pygate::analyzer::Finding;
using pygate::analyzer::RuleNumber;
using pygate::analyzer::Severity;

namespace {

// Rule numbers for these tests only, with the defaults a real rule could have.
constexpr RuleNumber k_error_rule = 90, k_warning_rule = 91, k_note_rule = 92;

Severity test_default(RuleNumber rule) {
    if (rule == k_warning_rule) return Severity::warning;
    if (rule == k_note_rule) return Severity::note;
    return Severity::error;
}

// As a rule emits it: with the rule's default severity.
Finding finding(RuleNumber rule, std::string qualified_name = "") {
    Finding f;
    f.rule = rule;
    f.severity = test_default(rule);
    f.qualified_name = std::move(qualified_name);
    return f;
}

Decision judge_one(const Profile& profile, Finding f) {
    std::vector<Finding> findings{std::move(f)};
    return judge_findings(findings, profile);
}

const char* name_of(Severity s) {
    return pygate::analyzer::severity_name(s);
}

}  // namespace

TEST_CASE("every built-in profile maps every severity to the decision PROFILES.md gives", "[gate][profiles]") {
    // Under the built-in gate: error denies, warning reviews, note is reported and allowed, off is dropped.
    const std::pair<Severity, Decision> expected[] = {{Severity::error, Decision::deny},
                                                      {Severity::warning, Decision::review},
                                                      {Severity::note, Decision::allow},
                                                      {Severity::off, Decision::allow}};
    for (const BuiltinProfile& builtin : builtin_profiles()) {
        Profile profile = std::get<Profile>(load_profile(builtin.name));
        for (RuleNumber rule : {k_error_rule, k_warning_rule, k_note_rule}) {
            INFO(builtin.name << ", rule default " << name_of(test_default(rule)));
            // With no override the rule's default decides.
            Decision by_default = judge_one(profile, finding(rule));
            for (const auto& [severity, decision] : expected)
                if (severity == test_default(rule)) CHECK(by_default == decision);
            for (const auto& [severity, decision] : expected) {
                INFO("override " << name_of(severity));
                Profile tuned = profile;
                tuned.rules[rule].severity = severity;
                std::vector<Finding> findings{finding(rule)};
                CHECK(judge_findings(findings, tuned) == decision);
                // The finding carries its effective severity; `off` removes it.
                if (severity == Severity::off)
                    CHECK(findings.empty());
                else
                    REQUIRE((findings.size() == 1 && findings[0].severity == severity));
            }
        }
    }
}

TEST_CASE("a profile that turns a rule off allows what it used to deny", "[gate][profiles]") {
    Profile profile = std::get<Profile>(load_profile("safe_eval"));
    CHECK(judge_one(profile, finding(k_error_rule)) == Decision::deny);
    profile.rules[k_error_rule].severity = Severity::off;
    CHECK(judge_one(profile, finding(k_error_rule)) == Decision::allow);
    // Other rules are untouched.
    CHECK(judge_one(profile, finding(k_warning_rule)) == Decision::review);
}

TEST_CASE("a profile that raises a warning to error denies what it used to review", "[gate][profiles]") {
    Profile profile = std::get<Profile>(load_profile("safe_eval"));
    CHECK(judge_one(profile, finding(k_warning_rule)) == Decision::review);
    profile.rules[k_warning_rule].severity = Severity::error;
    CHECK(judge_one(profile, finding(k_warning_rule)) == Decision::deny);
}

TEST_CASE("a stricter gate mapping denies warnings and reviews notes", "[gate][profiles]") {
    Profile profile = std::get<Profile>(load_profile("safe_eval"));
    profile.gate.deny = {Severity::error, Severity::warning};
    profile.gate.review = {Severity::note};
    CHECK(judge_one(profile, finding(k_warning_rule)) == Decision::deny);
    CHECK(judge_one(profile, finding(k_note_rule)) == Decision::review);
    CHECK(judge_one(profile, finding(k_error_rule)) == Decision::deny);
}

TEST_CASE("the worst finding decides the file", "[gate][profiles]") {
    Profile profile = std::get<Profile>(load_profile("safe_eval"));
    std::vector<Finding> findings{finding(k_note_rule), finding(k_warning_rule), finding(k_error_rule)};
    CHECK(judge_findings(findings, profile) == Decision::deny);
    CHECK(findings.size() == 3);
    std::vector<Finding> no_error{finding(k_note_rule), finding(k_warning_rule)};
    CHECK(judge_findings(no_error, profile) == Decision::review);
    std::vector<Finding> none;
    CHECK(judge_findings(none, profile) == Decision::allow);
}

TEST_CASE("a rule's allow list exempts matching qualified names", "[gate][profiles]") {
    Profile profile = std::get<Profile>(load_profile("safe_eval"));
    profile.rules[k_error_rule].allow = {"urllib.request.*", "os.getcwd"};
    CHECK(judge_one(profile, finding(k_error_rule, "urllib.request.urlopen")) == Decision::allow);
    CHECK(judge_one(profile, finding(k_error_rule, "os.getcwd")) == Decision::allow);
    CHECK(judge_one(profile, finding(k_error_rule, "os.getcwdb")) == Decision::deny);
    CHECK(judge_one(profile, finding(k_error_rule, "urllib.requestx.urlopen")) == Decision::deny);
    CHECK(judge_one(profile, finding(k_error_rule, "socket.socket")) == Decision::deny);
    CHECK(judge_one(profile, finding(k_error_rule)) == Decision::deny);  // no name, nothing to exempt
}
