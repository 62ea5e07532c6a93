#include "cli/scan.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <exception>
#include <mutex>

#include "analyzer/analyze.hpp"
#include "analyzer/batch_memory.hpp"
#include "analyzer/parallel_for.hpp"
#include "analyzer/source.hpp"
#include "profiles/profile_gate.hpp"
#include "rules/registry.hpp"

namespace pygate::cli {
namespace {

analyzer::FileAnalysis analyze_path(const std::string& path, analyzer::Parser& parser,
                                    const analyzer::AnalysisOptions& options) {
    analyzer::ReadResult read =
        path == "-" ? analyzer::read_source_stream(STDIN_FILENO) : analyzer::read_source_file(path);
    if (auto* failure = std::get_if<analyzer::ReadFailure>(&read)) return analyzer::analyze_read_failure(*failure);
    return analyzer::analyze_bytes(std::move(std::get<std::string>(read)), parser, options);
}

// Every entry of the report, file or folder, is judged by the same gate.
void judge(reporters::FileReport& file, const analyzer::Profile& profile) {
    file.decision = profiles::judge_findings(file.findings, profile);
}

}  // namespace

ScanResult scan(const ScanRequest& request) {
    analyzer::keep_freed_memory_for_reuse();
    ScanResult result;
    result.files.resize(request.files.size());
    std::mutex errors_mutex;
    const analyzer::AnalysisOptions options{&request.profile, rules::all_hooks()};
    analyzer::parallel_for(
        request.files.size(), request.jobs, [] { return analyzer::Parser(); },
        [&](analyzer::Parser& parser, std::size_t i) {
            const std::string& path = request.files[i];
            reporters::FileReport& file = result.files[i];
            file.path = path == "-" ? request.stdin_name : path;
            try {
                file.findings = analyze_path(path, parser, options).findings;
            } catch (const std::exception& error) {
                // Fail closed: a bug while analysing a file denies it.
                file.findings = {analyzer::unsafe_source_finding(
                    {}, fmt::format("internal error while analysing this file: {}", error.what()))};
                std::lock_guard lock(errors_mutex);
                result.internal_errors.push_back(fmt::format("{}: {}", file.path, error.what()));
            }
            judge(file, request.profile);
        });
    for (const auto& folder : request.unreadable_folders) {
        reporters::FileReport& entry = result.files.emplace_back();
        entry.path = folder.path;
        entry.findings.push_back(analyzer::unsafe_source_finding(
            {}, fmt::format("cannot list this folder ({}): the files in it were not scanned", folder.reason)));
        judge(entry, request.profile);
    }
    std::stable_sort(result.files.begin(), result.files.end(),
                     [](const auto& a, const auto& b) { return a.path < b.path; });
    return result;
}

}  // namespace pygate::cli
