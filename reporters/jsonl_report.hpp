#pragma once
// The JSON Lines report: each file's entry of the JSON report, on one line,
// written as soon as the file is judged; then one summary line. A consumer
// reads the entries with the JSON report's schema and tells the summary by
// its one key, "summary".

#include <cstdint>
#include <ostream>
#include <string>

#include "reporters/json_report.hpp"
#include "reporters/report.hpp"

namespace pygate::reporters {

// What the summary line adds to the counts of the entries.
struct StreamSummary {
    std::string tool_version;
    std::string profile;
    std::string target_version;  // as Report's; empty: not said
    std::string target_version_source;
    std::size_t errors = 0;  // inputs that could not be read or analysed (each also has a PG000 entry)
    std::uint64_t duration_ms = 0;
};

class JsonLinesReport {
public:
    explicit JsonLinesReport(std::ostream& out) : m_out(out) {}

    void write_entry(const FileReport& file);
    // `tally`: of the entries written.
    void write_summary(const ReportTally& tally, const StreamSummary& summary);
    // Hands what is written on to the stream's destination.
    void flush() { m_out.flush(); }

private:
    void write_line();

    std::ostream& m_out;
    std::string m_line;
};

}  // namespace pygate::reporters
