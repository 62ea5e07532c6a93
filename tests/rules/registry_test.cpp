#include "rules/registry.hpp"

#include <catch2/catch.hpp>
#include <set>

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
