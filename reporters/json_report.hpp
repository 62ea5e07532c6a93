#pragma once
#include <cstddef>
#include <map>
#include <ostream>
#include <string>
#include <string_view>

#include "reporters/json_writer.hpp"
#include "reporters/report.hpp"

namespace pygate::reporters {

// The JSON report of CLI.md, exactly.
std::string json_report(const Report& report);
void write_json_report(std::ostream& out, const Report& report);

// One file's entry of that report (path, decision, findings) as a single
// compact line without a newline: what the server answers for a check.
std::string json_file_entry(const FileReport& file);

// The pieces of the JSON report that the JSON Lines report shares with it, so
// one schema serves both.

// The summary's counts, kept as entries go by.
struct ReportTally {
    std::size_t files = 0;
    std::size_t allowed = 0;
    std::size_t review = 0;
    std::size_t denied = 0;
    analyzer::Decision decision = analyzer::Decision::allow;            // the worst so far
    std::map<std::string, std::size_t, std::less<>> findings_per_rule;  // not counting baselined findings
    bool baseline = false;  // a baseline applied: the summary says how many findings it absorbed
    std::size_t baselined = 0;

    void add(const FileReport& file);
};

// One element of the report's "files": path, decision, findings.
void write_json_file_entry(JsonWriter& json, const FileReport& file);
// The summary's members: files, allowed, review, denied, findings per rule.
void write_json_tally(JsonWriter& json, const ReportTally& tally);
// "tool": {"name": "pygate", "version": ...}
void write_json_tool(JsonWriter& json, std::string_view tool_version);

}  // namespace pygate::reporters
