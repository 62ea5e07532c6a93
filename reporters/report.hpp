#pragma once
// What every reporter prints: each file's decision and findings, in sorted
// path order, and the overall decision.

#include <optional>
#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/gate.hpp"

namespace pygate::reporters {

struct SourceLine {
    std::uint32_t number = 1;  // 1-based
    std::string text;          // decoded as the analyzer read it, without its newline
};

struct FileReport {
    std::string path;  // as given on the command line or found under a folder
    analyzer::Decision decision = analyzer::Decision::allow;
    std::vector<analyzer::Finding> findings;
    // With a baseline: for each finding, in order, the reason of the baseline
    // entry that absorbed it (it no longer counts for the decision), or
    // nothing for a new finding. Empty when no baseline applies.
    std::vector<std::optional<std::string>> baselined;

    bool is_baselined(std::size_t finding) const { return finding < baselined.size() && baselined[finding]; }
    // Source lines around the findings, sorted by line: kept only for a
    // report that shows them (html), and only for a file's first findings
    // (cli::StreamOptions::context_lines). Empty otherwise.
    std::vector<SourceLine> context;
};

struct Report {
    std::string tool_version;
    std::string profile;
    analyzer::Decision decision = analyzer::Decision::allow;
    std::vector<FileReport> files;
    bool baseline = false;  // a baseline applied: SARIF gives each result a baselineState
    std::string scope;      // what chose the files, e.g. "changed since main"; empty: the paths named
    // The CPython version the files were read as ("3.12"), and what chose it
    // ("command line", "pygate.toml:3"); empty: not said.
    std::string target_version;
    std::string target_version_source;
};

}  // namespace pygate::reporters
