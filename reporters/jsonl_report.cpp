#include "reporters/jsonl_report.hpp"

namespace pygate::reporters {

void JsonLinesReport::write_line() {
    m_line += '\n';
    m_out.write(m_line.data(), static_cast<std::streamsize>(m_line.size()));
    m_line.clear();
}

void JsonLinesReport::write_entry(const FileReport& file) {
    JsonWriter json(m_line, JsonLayout::compact);
    write_json_file_entry(json, file);
    write_line();
}

void JsonLinesReport::write_summary(const ReportTally& tally, const StreamSummary& summary) {
    JsonWriter json(m_line, JsonLayout::compact);
    json.begin_object();
    json.key("summary");
    json.begin_object();
    write_json_tool(json, summary.tool_version);
    json.member("profile", summary.profile);
    if (!summary.target_version.empty()) {
        json.member("target_version", summary.target_version);
        if (!summary.target_version_source.empty()) json.member("target_version_source", summary.target_version_source);
    }
    json.member("decision", analyzer::decision_name(tally.decision));
    write_json_tally(json, tally);
    json.member("errors", summary.errors);
    json.member("duration_ms", summary.duration_ms);
    json.end_object();
    json.end_object();
    write_line();
}

}  // namespace pygate::reporters
