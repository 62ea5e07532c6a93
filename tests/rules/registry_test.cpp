#include "rules/registry.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "analyzer/profile.hpp"
#include "rules/utils/listed_names.hpp"

using namespace pygate::rules;

TEST_CASE("the registry is sorted by rule number with unique ids and names", "[registry]") {
    auto rules = all_rules();
    REQUIRE_FALSE(rules.empty());
    std::set<std::string_view> names;
    for (std::size_t i = 0; i < rules.size(); ++i) {
        if (i > 0) CHECK(rules[i - 1]->number < rules[i]->number);
        CHECK(names.insert(rules[i]->name).second);
    }
}

TEST_CASE("every rule's metadata is filled in", "[registry]") {
    for (const RuleMetadata* rule : all_rules()) {
        INFO(rule->code());
        CHECK_FALSE(rule->name.empty());
        CHECK(rule->name.find_first_not_of("abcdefghijklmnopqrstuvwxyz-") == std::string_view::npos);
        CHECK_FALSE(rule->summary.empty());
        CHECK_FALSE(rule->catches.empty());
        CHECK_FALSE(rule->why.empty());
        CHECK_FALSE(rule->bad_example.empty());
        CHECK_FALSE(rule->good_example.empty());
        CHECK_FALSE(rule->instead.empty());
        CHECK_FALSE(rule->cwe.empty());
        CHECK(rule->default_severity != pygate::analyzer::Severity::off);
    }
}

TEST_CASE("rules are found by code, in any case, and by number", "[registry]") {
    REQUIRE(find_rule("PG000") != nullptr);
    CHECK(find_rule("pg000") == find_rule(0));
    CHECK(find_rule("PG999") == nullptr);
    CHECK(find_rule("PG00") == nullptr);
    CHECK(find_rule("XX000") == nullptr);
}

TEST_CASE("a rule's advice quotes what the profile at hand allows, from its own metadata", "[registry]") {
    pygate::analyzer::Profile profile;
    profile.imports_allow = {"math", "json"};
    profile.filesystem.read = {"input/"};
    profile.filesystem.write = {};
    for (const char* code : {"PG002", "PG003"}) {
        INFO(code);
        REQUIRE(find_rule(code)->allowed_under != nullptr);
        CHECK(find_rule(code)->allowed_under(profile) == "This profile allows importing: math, json.");
    }
    CHECK(find_rule("PG006")->allowed_under(profile) ==
          "This profile allows reading under: input/; writing under: nothing.");
    // Without a builtins list every builtin the rules allow is allowed: nothing to quote.
    CHECK(find_rule("PG013")->allowed_under(profile).empty());
    profile.builtins_allow = std::vector<std::string>{"len", "print"};
    CHECK(find_rule("PG013")->allowed_under(profile) == "This profile allows the builtins: len, print.");
    // The rest give advice that does not depend on the profile.
    CHECK(find_rule("PG001")->allowed_under == nullptr);
}

TEST_CASE("a long list is cut with a count of the rest", "[registry]") {
    std::vector<std::string> names;
    for (const char* name : {"m0", "m1", "m2", "m3", "m4"}) names.emplace_back(name);
    CHECK(listed_names(names, 3) == "m0, m1, m2, and 2 more");
    CHECK(listed_names({}, 3) == "nothing");
}
