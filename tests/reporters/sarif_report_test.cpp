#include "reporters/sarif_report.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <sstream>

#include "rules/registry.hpp"

using namespace pygate;
using namespace pygate::reporters;
using nlohmann::ordered_json;

namespace {

analyzer::Finding finding(analyzer::Severity severity, analyzer::SourceRange range, std::string message,
                          std::string source_line) {
    analyzer::Finding out;
    out.rule = 0;
    out.severity = severity;
    out.range = range;
    out.message = std::move(message);
    out.source_line = std::move(source_line);
    return out;
}

// Two files with findings (one relative with a space, one absolute and
// unreadable) and one clean file.
Report sample_report() {
    Report report;
    report.tool_version = "0.1.0";
    report.profile = "safe_eval";
    report.decision = analyzer::Decision::deny;

    FileReport step;
    step.path = "agent/step 3.py";
    step.decision = analyzer::Decision::deny;
    step.findings = {
        finding(analyzer::Severity::error, {2, 5, 2, 10}, "first", "x = 'abc' + y"),
        finding(analyzer::Severity::warning, {4, 1, 4, 2}, "second", "    x = 'abc'   +  y"),
        finding(analyzer::Severity::note, {6, 3, 6, 4}, "third", "\xC3\xA9\xC3\xA9\xE2\x82\xAC\xC3\xBC = 1"),
        finding(analyzer::Severity::error, {7, 1, 9, 3}, "spans lines", "s = '''"),
    };
    FileReport clean;
    clean.path = "clean.py";
    FileReport unreadable;
    unreadable.path = "/abs/dir/odd%:,#name.py";
    unreadable.decision = analyzer::Decision::deny;
    unreadable.findings = {finding(analyzer::Severity::error, {0, 0, 0, 0}, "cannot read this file", "")};
    report.files = {step, clean, unreadable};
    return report;
}

const ordered_json& run_of(const ordered_json& sarif) {
    return sarif["runs"][0];
}

const ordered_json& physical(const ordered_json& result) {
    return result["locations"][0]["physicalLocation"];
}

}  // namespace

TEST_CASE("a SARIF 2.1.0 log with one run and the tool's identity", "[sarif]") {
    ordered_json sarif = sarif_report(sample_report());
    CHECK(sarif["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json");
    CHECK(sarif["version"] == "2.1.0");
    REQUIRE(sarif["runs"].size() == 1);
    const ordered_json& driver = run_of(sarif)["tool"]["driver"];
    CHECK(driver["name"] == "pygate");
    CHECK(driver["version"] == "0.1.0");
    CHECK(driver["semanticVersion"] == "0.1.0");
    CHECK(driver["informationUri"] == std::string(k_information_uri));
    CHECK(run_of(sarif)["columnKind"] == "unicodeCodePoints");
}

TEST_CASE("SARIF: tool.driver.rules is the catalogue in registry order with GitHub's metadata", "[sarif]") {
    ordered_json sarif = sarif_report(sample_report());
    const ordered_json& rules = run_of(sarif)["tool"]["driver"]["rules"];
    auto catalogue = rules::all_rules();
    REQUIRE(rules.size() == catalogue.size());
    for (std::size_t i = 0; i < catalogue.size(); ++i) {
        const rules::RuleMetadata& rule = *catalogue[i];
        INFO(rule.code());
        CHECK(rules[i]["id"] == rule.code());
        CHECK(rules[i]["name"] == std::string(rule.name));
        CHECK(rules[i]["shortDescription"]["text"] == std::string(rule.summary));
        CHECK(rules[i]["fullDescription"]["text"] == std::string(rule.catches));
        std::string markdown = rules[i]["help"]["markdown"];
        CHECK(markdown.find(std::string(rule.why)) != std::string::npos);
        CHECK(markdown.find("```python\n" + std::string(rule.bad_example)) != std::string::npos);
        CHECK(markdown.find("```python\n" + std::string(rule.good_example)) != std::string::npos);
        CHECK(markdown.find(std::string(rule.instead)) != std::string::npos);
        std::string text = rules[i]["help"]["text"];
        CHECK(text.find(std::string(rule.catches)) != std::string::npos);
        CHECK(text.find("```") == std::string::npos);
        const ordered_json& tags = rules[i]["properties"]["tags"];
        CHECK(tags[0] == "security");
        CHECK(tags.size() == rule.cwe.size() + 1);
    }
    const ordered_json& pg000 = rules[0];
    CHECK(pg000["defaultConfiguration"]["level"] == "error");
    CHECK(pg000["properties"]["security-severity"] == "9.0");
    std::set<std::string> tags(pg000["properties"]["tags"].begin(), pg000["properties"]["tags"].end());
    CHECK(tags ==
          std::set<std::string>{"security", "external/cwe/cwe-20", "external/cwe/cwe-172", "external/cwe/cwe-1007"});
}

TEST_CASE("SARIF: each finding is a result with its rule's index and its effective level", "[sarif]") {
    ordered_json sarif = sarif_report(sample_report());
    const ordered_json& results = run_of(sarif)["results"];
    REQUIRE(results.size() == 5);
    auto catalogue = rules::all_rules();
    for (const auto& result : results) {
        std::size_t index = result["ruleIndex"];
        REQUIRE(index < catalogue.size());
        CHECK(result["ruleId"] == catalogue[index]->code());
    }
    CHECK(results[0]["level"] == "error");
    CHECK(results[1]["level"] == "warning");
    CHECK(results[2]["level"] == "note");
    CHECK(results[0]["message"]["text"] == "first");
    CHECK(results[4]["message"]["text"] == "cannot read this file");
    CHECK(results[0]["properties"]["pygate/decision"] == "deny");
}

TEST_CASE("SARIF: regions carry code-point columns and the region's own text", "[sarif]") {
    ordered_json sarif = sarif_report(sample_report());
    const ordered_json& results = run_of(sarif)["results"];

    const ordered_json& first = physical(results[0]);
    CHECK(first["region"]["startLine"] == 2);
    CHECK(first["region"]["startColumn"] == 5);
    CHECK(first["region"]["endLine"] == 2);
    CHECK(first["region"]["endColumn"] == 10);
    CHECK(first["region"]["snippet"]["text"] == "'abc'");
    CHECK(first["contextRegion"]["snippet"]["text"] == "x = 'abc' + y");
    CHECK(first["contextRegion"]["startColumn"] == 1);
    CHECK(first["contextRegion"]["endColumn"] == 14);

    // Columns 3..4 of "éé€ü = 1" are the euro sign, three bytes of UTF-8.
    const ordered_json& third = physical(results[2]);
    CHECK(third["region"]["snippet"]["text"] == "\xE2\x82\xAC");
    CHECK(third["contextRegion"]["endColumn"] == 9);

    // A region over several lines has no snippet of one line.
    const ordered_json& spanning = physical(results[3]);
    CHECK(spanning["region"]["endLine"] == 9);
    CHECK_FALSE(spanning["region"].contains("snippet"));
    CHECK_FALSE(spanning.contains("contextRegion"));
}

TEST_CASE("SARIF: a range with zero line or column still gives a valid region", "[sarif]") {
    ordered_json sarif = sarif_report(sample_report());
    const ordered_json& region = physical(run_of(sarif)["results"][4])["region"];
    CHECK(region["startLine"] == 1);
    CHECK(region["startColumn"] == 1);
    CHECK(region["endLine"] == 1);
    CHECK(region["endColumn"] == 2);
    CHECK_FALSE(region.contains("snippet"));
    CHECK_FALSE(physical(run_of(sarif)["results"][4]).contains("contextRegion"));
}

TEST_CASE("SARIF: paths become percent-encoded URIs: relative against %SRCROOT%, absolute as file://", "[sarif]") {
    ordered_json sarif = sarif_report(sample_report());
    const ordered_json& results = run_of(sarif)["results"];
    const ordered_json& relative = physical(results[0])["artifactLocation"];
    CHECK(relative["uri"] == "agent/step%203.py");
    CHECK(relative["uriBaseId"] == "%SRCROOT%");
    const ordered_json& absolute = physical(results[4])["artifactLocation"];
    CHECK(absolute["uri"] == "file:///abs/dir/odd%25%3A%2C%23name.py");
    CHECK_FALSE(absolute.contains("uriBaseId"));

    // No machine-specific working directory unless a path is absolute and the caller gives one.
    CHECK_FALSE(run_of(sarif)["invocations"][0].contains("workingDirectory"));
    ordered_json placed = sarif_report(sample_report(), SarifOptions{"/abs/dir with space"});
    CHECK(run_of(placed)["invocations"][0]["workingDirectory"]["uri"] == "file:///abs/dir%20with%20space/");
    Report relative_only = sample_report();
    relative_only.files.pop_back();
    CHECK_FALSE(
        run_of(sarif_report(relative_only, SarifOptions{"/abs"}))["invocations"][0].contains("workingDirectory"));

    const ordered_json& base = run_of(sarif)["originalUriBaseIds"]["%SRCROOT%"];
    CHECK_FALSE(base.contains("uri"));
    CHECK_FALSE(base["description"]["text"].get<std::string>().empty());
}

TEST_CASE("SARIF: fingerprints are stable, path-independent and count identical lines", "[sarif]") {
    Report report = sample_report();
    ordered_json sarif = sarif_report(report);
    const ordered_json& results = run_of(sarif)["results"];
    std::string first = results[0]["partialFingerprints"]["primaryLocationLineHash"];
    std::string second = results[1]["partialFingerprints"]["primaryLocationLineHash"];
    // The same line with other whitespace: the same hash, the second occurrence.
    REQUIRE(first.size() == 18);
    CHECK(first.substr(16) == ":1");
    CHECK(second == first.substr(0, 16) + ":2");
    CHECK(results[2]["partialFingerprints"]["primaryLocationLineHash"] !=
          results[3]["partialFingerprints"]["primaryLocationLineHash"]);

    // Stable across runs, and the same line in a renamed file gives the same value.
    CHECK(sarif_report(report) == sarif);
    report.files[0].path = "renamed/elsewhere.py";
    CHECK(run_of(sarif_report(report))["results"][0]["partialFingerprints"] == results[0]["partialFingerprints"]);

    // Another rule on the same line hashes differently.
    report.files[0].findings[0].rule = 1;
    CHECK(run_of(sarif_report(report))["results"][0]["partialFingerprints"] != results[0]["partialFingerprints"]);
}

TEST_CASE("SARIF: files that could not be judged are tool execution notifications", "[sarif]") {
    Report report = sample_report();
    report.files[1].findings = {};  // clean.py has none
    ordered_json sarif = sarif_report(report);
    const ordered_json& invocation = run_of(sarif)["invocations"][0];
    CHECK(invocation["executionSuccessful"] == true);
    const ordered_json& notifications = invocation["toolExecutionNotifications"];
    // One per file with a PG000 finding, however many it has.
    REQUIRE(notifications.size() == 2);
    CHECK(notifications[0]["level"] == "error");
    CHECK(notifications[0]["descriptor"]["id"] == "PG000");
    CHECK(notifications[0]["associatedRule"]["id"] == "PG000");
    CHECK(notifications[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "agent/step%203.py");
    std::string text = notifications[0]["message"]["text"];
    CHECK(text.find("first") != std::string::npos);
    CHECK(text == "PG000 unsafe-source: first (and 3 more PG000 findings); decision: deny");
    CHECK(notifications[1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] ==
          "file:///abs/dir/odd%25%3A%2C%23name.py");
    std::size_t descriptor = notifications[0]["descriptor"]["index"];
    CHECK(run_of(sarif)["tool"]["driver"]["notifications"][descriptor]["id"] == "PG000");

    report.files = {report.files[1]};
    CHECK_FALSE(run_of(sarif_report(report))["invocations"][0].contains("toolExecutionNotifications"));
}

TEST_CASE("SARIF: the run carries the overall, profile and per-file decisions", "[sarif]") {
    ordered_json sarif = sarif_report(sample_report());
    const ordered_json& properties = run_of(sarif)["properties"];
    CHECK(properties["pygate/decision"] == "deny");
    CHECK(properties["pygate/profile"] == "safe_eval");
    REQUIRE(properties["pygate/files"].size() == 3);
    CHECK(properties["pygate/files"][0]["path"] == "agent/step 3.py");
    CHECK(properties["pygate/files"][0]["decision"] == "deny");
    CHECK(properties["pygate/files"][1]["decision"] == "allow");
}

TEST_CASE("write_sarif_report replaces invalid UTF-8 instead of failing", "[sarif]") {
    Report report = sample_report();
    report.files[0].findings[0].message = "bad \xFF byte";
    std::ostringstream out;
    write_sarif_report(out, report);
    ordered_json parsed = ordered_json::parse(out.str());
    CHECK(run_of(parsed)["results"][0]["message"]["text"] == "bad \xEF\xBF\xBD byte");
}

TEST_CASE("SARIF: a finding reached through aliases carries a code flow from the import to the use", "[sarif]") {
    Report report;
    report.tool_version = "0.1.0";
    report.profile = "safe_eval";
    FileReport file;
    file.path = "agent/step3.py";
    analyzer::Finding use = finding(analyzer::Severity::error, {3, 1, 3, 7}, "runs other programs", "sp.run(['id'])");
    use.rule = 4;
    use.qualified_name = "subprocess.run";
    use.chain = {{{1, 1, 1, 24}, "import subprocess as sp"}, {{2, 1, 2, 14}, "run = sp.run"}};
    file.findings.push_back(use);
    report.files.push_back(file);
    auto log = sarif_report(report);
    const auto& result = log["runs"][0]["results"][0];
    REQUIRE(result.contains("codeFlows"));
    const auto& locations = result["codeFlows"][0]["threadFlows"][0]["locations"];
    REQUIRE(locations.size() == 3);
    CHECK(locations[0]["location"]["physicalLocation"]["region"]["startLine"] == 1);
    CHECK(locations[0]["location"]["message"]["text"] == "`import subprocess as sp`");
    CHECK(locations[1]["location"]["physicalLocation"]["region"]["startLine"] == 2);
    CHECK(locations[2]["location"]["physicalLocation"]["region"]["startLine"] == 3);
    CHECK(locations[2]["location"]["message"]["text"] == "used here as `subprocess.run`");
    // A finding with no chain has no code flow.
    report.files[0].findings[0].chain.clear();
    CHECK_FALSE(sarif_report(report)["runs"][0]["results"][0].contains("codeFlows"));
}
