#include "reporters/json_report.hpp"

#include <map>

#include "rules/registry.hpp"

namespace pygate::reporters {

using nlohmann::ordered_json;

namespace {

ordered_json finding_json(const analyzer::Finding& finding) {
    const rules::RuleMetadata* rule = rules::find_rule(finding.rule);
    ordered_json out;
    out["rule"] = analyzer::rule_code(finding.rule);
    out["name"] = rule != nullptr ? std::string(rule->name) : std::string();
    out["severity"] = analyzer::severity_name(finding.severity);
    out["message"] = finding.message;
    if (!finding.qualified_name.empty()) out["qualified_name"] = finding.qualified_name;
    out["line"] = finding.range.line;
    out["column"] = finding.range.column;
    out["end_line"] = finding.range.end_line;
    out["end_column"] = finding.range.end_column;
    out["source_line"] = finding.source_line;
    if (!finding.chain.empty()) {
        ordered_json chain = ordered_json::array();
        for (const analyzer::ChainStep& step : finding.chain)
            chain.push_back({{"line", step.range.line},
                             {"column", step.range.column},
                             {"end_line", step.range.end_line},
                             {"end_column", step.range.end_column},
                             {"text", step.text}});
        out["chain"] = std::move(chain);
    }
    return out;
}

}  // namespace

ordered_json json_report(const Report& report) {
    ordered_json out;
    out["tool"] = {{"name", "pygate"}, {"version", report.tool_version}};
    out["profile"] = report.profile;
    out["decision"] = analyzer::decision_name(report.decision);
    ordered_json files = ordered_json::array();
    std::size_t allowed = 0, review = 0, denied = 0;
    std::map<std::string, std::size_t> per_rule;
    for (const FileReport& file : report.files) {
        ordered_json findings = ordered_json::array();
        for (const auto& finding : file.findings) {
            findings.push_back(finding_json(finding));
            ++per_rule[analyzer::rule_code(finding.rule)];
        }
        files.push_back({{"path", file.path},
                         {"decision", analyzer::decision_name(file.decision)},
                         {"findings", std::move(findings)}});
        switch (file.decision) {
            case analyzer::Decision::allow:
                ++allowed;
                break;
            case analyzer::Decision::review:
                ++review;
                break;
            case analyzer::Decision::deny:
                ++denied;
                break;
        }
    }
    out["files"] = std::move(files);
    ordered_json counts = ordered_json::object();
    for (const auto& [rule, count] : per_rule)
        counts[rule] = count;
    out["summary"] = {{"files", report.files.size()},
                      {"allowed", allowed},
                      {"review", review},
                      {"denied", denied},
                      {"findings", std::move(counts)}};
    return out;
}

void write_json_report(std::ostream& out, const Report& report) {
    // Paths and source lines come from untrusted files: invalid UTF-8 is replaced, never fatal.
    out << json_report(report).dump(2, ' ', false, ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace pygate::reporters
