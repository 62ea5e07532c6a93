#pragma once
// What every reporter prints: each file's decision and findings, in sorted
// path order, and the overall decision.

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
};

}  // namespace pygate::reporters
