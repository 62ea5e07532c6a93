#pragma once
// What every reporter prints: each file's decision and findings, in sorted
// path order, and the overall decision.

#include <string>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/gate.hpp"

namespace pygate::reporters {

struct FileReport {
    std::string path;  // as given on the command line or found under a folder
    analyzer::Decision decision = analyzer::Decision::allow;
    std::vector<analyzer::Finding> findings;
};

struct Report {
    std::string tool_version;
    std::string profile;
    analyzer::Decision decision = analyzer::Decision::allow;
    std::vector<FileReport> files;
};

}  // namespace pygate::reporters
