#include "scanning/scan.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "analyzer/batch_memory.hpp"
#include "scanning/stream_scan.hpp"

namespace pygate::scanning {

std::vector<ScanInput> sorted_inputs(const std::vector<std::string>& files,
                                     const std::vector<UnreadableFolder>& unreadable_folders,
                                     const std::string& stdin_name) {
    std::vector<ScanInput> inputs;
    inputs.reserve(files.size() + unreadable_folders.size());
    for (const auto& path : files)
        inputs.push_back({path == "-" ? stdin_name : path, FileToRead{path}});
    for (const auto& folder : unreadable_folders)
        inputs.push_back(
            {folder.path,
             Unreadable{fmt::format("cannot list this folder ({}): the files in it were not scanned", folder.reason)}});
    std::stable_sort(inputs.begin(), inputs.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return inputs;
}

ScanResult scan(const ScanRequest& request) {
    analyzer::keep_freed_memory_for_reuse();
    ScanResult result;
    std::vector<ScanInput> inputs = sorted_inputs(request.files, request.unreadable_folders, request.stdin_name);
    result.files.reserve(inputs.size());
    std::size_t next = 0;
    StreamCallbacks callbacks;
    callbacks.next = [&]() -> std::optional<ScanInput> {
        if (next == inputs.size()) return std::nullopt;
        return std::move(inputs[next++]);
    };
    callbacks.emit = [&](ScanOutcome&& outcome) { result.files.push_back(std::move(outcome.report)); };
    callbacks.internal_error = [&](std::string error) { result.internal_errors.push_back(std::move(error)); };
    scan_stream({&request.profile, request.jobs}, callbacks);
    return result;
}

}  // namespace pygate::scanning
