#pragma once
// Scans a list of files on a pool of threads into a Report whose order does
// not depend on the thread count.

#include <string>
#include <vector>

#include "analyzer/profile.hpp"
#include "analyzer/text/source_file.hpp"
#include "reporters/report.hpp"
#include "scanning/file_discovery.hpp"
#include "scanning/stream_scan.hpp"

namespace pygate::scanning {

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

// The inputs scan() judges, in its report's order: the files ("-" is standard
// input, reported as `stdin_name`) and the folders that could not be listed,
// sorted by path.
std::vector<ScanInput> sorted_inputs(const std::vector<std::string>& files,
                                     const std::vector<UnreadableFolder>& unreadable_folders,
                                     const std::string& stdin_name);

}  // namespace pygate::scanning
