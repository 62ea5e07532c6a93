#include "reporters/json_report.hpp"

#include <sstream>

#include "reporters/json_writer.hpp"
#include "rules/registry.hpp"

namespace pygate::reporters {
namespace {

void write_range(JsonWriter& json, const analyzer::SourceRange& range) {
    json.member("line", range.line);
    json.member("column", range.column);
    json.member("end_line", range.end_line);
    json.member("end_column", range.end_column);
}

void write_finding(JsonWriter& json, const analyzer::Finding& finding, const FileReport& file, std::size_t index) {
    const rules::RuleMetadata* rule = rules::find_rule(finding.rule);
    json.begin_object();
    json.member("rule", analyzer::rule_code(finding.rule));
    json.member("name", rule != nullptr ? rule->name : std::string_view());
    json.member("severity", analyzer::severity_name(finding.severity));
    json.member("message", finding.message);
    if (!finding.qualified_name.empty()) json.member("qualified_name", finding.qualified_name);
    write_range(json, finding.range);
    json.member("source_line", finding.source_line);
    if (!finding.chain.empty()) {
        json.key("chain");
        json.begin_array();
        for (const analyzer::ChainStep& step : finding.chain) {
            json.begin_object();
            write_range(json, step.range);
            json.member("text", step.text);
            json.end_object();
        }
        json.end_array();
    }
    if (!file.baselined.empty()) {
        json.member("baselined", file.is_baselined(index));
        if (file.is_baselined(index)) json.member("baseline_reason", *file.baselined[index]);
    }
    json.end_object();
}

}  // namespace

void ReportTally::add(const FileReport& file) {
    ++files;
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
    decision = analyzer::worse(decision, file.decision);
    for (std::size_t i = 0; i < file.findings.size(); ++i) {
        if (file.is_baselined(i))
            ++baselined;
        else
            ++findings_per_rule[std::string(analyzer::rule_code(file.findings[i].rule))];
    }
}

void write_json_file_entry(JsonWriter& json, const FileReport& file) {
    json.begin_object();
    json.member("path", file.path);
    json.member("decision", analyzer::decision_name(file.decision));
    json.key("findings");
    json.begin_array();
    for (std::size_t i = 0; i < file.findings.size(); ++i)
        write_finding(json, file.findings[i], file, i);
    json.end_array();
    json.end_object();
}

void write_json_tally(JsonWriter& json, const ReportTally& tally) {
    json.member("files", tally.files);
    json.member("allowed", tally.allowed);
    json.member("review", tally.review);
    json.member("denied", tally.denied);
    json.key("findings");
    json.begin_object();
    for (const auto& [rule, count] : tally.findings_per_rule)
        json.member(rule, count);
    json.end_object();
    if (tally.baseline) json.member("baselined", tally.baselined);
}

void write_json_tool(JsonWriter& json, std::string_view tool_version) {
    json.key("tool");
    json.begin_object();
    json.member("name", "pygate");
    json.member("version", tool_version);
    json.end_object();
}

std::string json_file_entry(const FileReport& file) {
    std::string out;
    JsonWriter json(out, JsonLayout::compact);
    write_json_file_entry(json, file);
    return out;
}

void write_json_report(std::ostream& stream, const Report& report) {
    // Rendered in pieces and handed on as it goes: a corpus's report can be
    // tens of megabytes, which need never sit in memory whole.
    constexpr std::size_t k_piece_bytes = 1 << 16;
    std::string out;
    auto hand_on = [&] {
        stream.write(out.data(), static_cast<std::streamsize>(out.size()));
        out.clear();
    };
    JsonWriter json(out);
    json.begin_object();
    write_json_tool(json, report.tool_version);
    json.member("profile", report.profile);
    if (!report.target_version.empty()) {
        json.member("target_version", report.target_version);
        if (!report.target_version_source.empty()) json.member("target_version_source", report.target_version_source);
    }
    json.member("decision", analyzer::decision_name(report.decision));
    json.key("files");
    json.begin_array();
    ReportTally tally;
    tally.baseline = report.baseline;
    for (const FileReport& file : report.files) {
        write_json_file_entry(json, file);
        tally.add(file);
        if (out.size() >= k_piece_bytes) hand_on();
    }
    json.end_array();
    json.key("summary");
    json.begin_object();
    write_json_tally(json, tally);
    json.end_object();
    json.end_object();
    out += '\n';
    hand_on();
}

std::string json_report(const Report& report) {
    std::ostringstream out;
    write_json_report(out, report);
    return std::move(out).str();
}

}  // namespace pygate::reporters
