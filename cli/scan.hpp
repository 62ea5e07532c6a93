#pragma once
// Scans a list of files on a pool of threads into a Report whose order does
// not depend on the thread count.

#include <string>
#include <vector>

#include "cli/file_discovery.hpp"
#include "analyzer/profile.hpp"
#include "reporters/report.hpp"

namespace pygate::cli {

struct ScanRequest {
    analyzer::Profile profile;                         // severities and the gate for every file
    std::vector<std::string> files;                    // sorted; "-" is standard input
    std::vector<UnreadableFolder> unreadable_folders;  // each becomes an entry with a PG000 finding
    std::string stdin_name = "<stdin>";
    unsigned jobs = 1;
};

struct ScanResult {
    std::vector<reporters::FileReport> files;  // sorted by path, folders that could not be listed included
    std::vector<std::string> internal_errors;  // bugs: the file is denied, the exit code is 4
};

ScanResult scan(const ScanRequest& request);

}  // namespace pygate::cli
