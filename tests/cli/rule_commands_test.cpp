// End-to-end tests of `pygate rules`, `pygate explain` and the generated docs/rules.md.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "rules/registry.hpp"
#include "support/run_process.hpp"

using namespace pygate::testing;
using nlohmann::json;

TEST_CASE("rules --format json lists every implemented rule with every field filled", "[cli][rules]") {
    auto result = run_pygate({"rules", "--format", "json"});
    REQUIRE(result.exit_code == 0);
    json listed = json::parse(result.out)["rules"];
    auto registry = pygate::rules::all_rules();
    REQUIRE(listed.size() == registry.size());
    for (std::size_t i = 0; i < registry.size(); ++i) {
        const json& rule = listed[i];
        INFO(rule.dump());
        CHECK(rule["id"] == registry[i]->code());
        CHECK(rule["name"] == std::string(registry[i]->name));
        for (const char* field :
             {"name", "default_severity", "summary", "catches", "why", "bad_example", "good_example", "instead"}) {
            REQUIRE(rule[field].is_string());
            CHECK_FALSE(rule[field].get<std::string>().empty());
        }
        CHECK(rule["default_severity"] != "off");
        REQUIRE(rule["cwe"].is_array());
        CHECK_FALSE(rule["cwe"].empty());
        for (const auto& table : rule["tables"]) {
            CHECK_FALSE(table["title"].get<std::string>().empty());
            CHECK_FALSE(table["entries"].empty());
        }
    }
}

TEST_CASE("rules as text has one line per rule", "[cli][rules]") {
    auto result = run_pygate({"rules"});
    REQUIRE(result.exit_code == 0);
    for (const auto* rule : pygate::rules::all_rules())
        CHECK(result.out.find(rule->code() + "  " + std::string(rule->name)) != std::string::npos);
    CHECK(run_pygate({"rules", "--format", "yaml"}).exit_code == 2);
}

TEST_CASE("explain prints one rule's long help with its examples", "[cli][rules]") {
    for (const auto* rule : pygate::rules::all_rules()) {
        auto result = run_pygate({"explain", rule->code()});
        REQUIRE(result.exit_code == 0);
        CHECK(result.out.starts_with(rule->code() + " " + std::string(rule->name)));
        std::string first_bad_line(rule->bad_example.substr(0, rule->bad_example.find('\n')));
        CHECK(result.out.find(first_bad_line) != std::string::npos);
        CHECK(result.out.find(std::string(rule->instead)) != std::string::npos);
    }
    CHECK(run_pygate({"explain", "pg000"}).exit_code == 0);
    auto unknown = run_pygate({"explain", "PG999"});
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.err.find("no rule `PG999`") != std::string::npos);
}

TEST_CASE("docs/rules.md is what pygate rules --format markdown generates", "[cli][rules][docs]") {
    std::ifstream committed(std::string(PYGATE_SOURCE_DIR) + "/docs/rules.md", std::ios::binary);
    REQUIRE(committed.good());
    std::stringstream text;
    text << committed.rdbuf();
    auto generated = run_pygate({"rules", "--format", "markdown"});
    REQUIRE(generated.exit_code == 0);
    INFO("regenerate with: build/release/pygate rules --format markdown > docs/rules.md");
    CHECK(text.str() == generated.out);
}
