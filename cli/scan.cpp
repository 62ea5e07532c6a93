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
#include "cli/version.hpp"
#include "profiles/profile_gate.hpp"
#include "rules/registry.hpp"

namespace pygate::cli {
namespace {

analyzer::ReadResult read_path(const std::string& path) {
    return path == "-" ? analyzer::read_source_stream(STDIN_FILENO) : analyzer::read_source_file(path);
}

// Reads (with `read_file`), analyses and judges one file into `file`; a bug is
// reported to `internal_error` and denies the file (fail closed).
template <class Read, class InternalError>
void analyze_into(reporters::FileReport& file, Read&& read_file, analyzer::Parser& parser,
                  const analyzer::AnalysisOptions& options, InternalError&& internal_error) {
    try {
        analyzer::ReadResult read = read_file();
        if (auto* failure = std::get_if<analyzer::ReadFailure>(&read))
            file.findings = analyzer::analyze_read_failure(*failure).findings;
        else
            file.findings = analyzer::analyze_bytes(std::move(std::get<std::string>(read)), parser, options).findings;
    } catch (const std::exception& error) {
        file.findings = {analyzer::unsafe_source_finding(
            {}, fmt::format("internal error while analysing this file: {}", error.what()))};
        internal_error(fmt::format("{}: {}", file.path, error.what()));
    }
    file.decision = profiles::judge_findings(file.findings, *options.profile);
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
            analyze_into(
                file, [&] { return read_path(path); }, parser, options,
                [&](std::string error) {
                    std::lock_guard lock(errors_mutex);
                    result.internal_errors.push_back(std::move(error));
                });
        });
    for (const auto& folder : request.unreadable_folders) {
        reporters::FileReport& entry = result.files.emplace_back();
        entry.path = folder.path;
        entry.findings.push_back(analyzer::unsafe_source_finding(
            {}, fmt::format("cannot list this folder ({}): the files in it were not scanned", folder.reason)));
        entry.decision = profiles::judge_findings(entry.findings, request.profile);
    }
    std::stable_sort(result.files.begin(), result.files.end(),
                     [](const auto& a, const auto& b) { return a.path < b.path; });
    return result;
}

ScanResult scan_read(const std::string& path, analyzer::ReadResult read, const analyzer::Profile& profile) {
    ScanResult result;
    reporters::FileReport& file = result.files.emplace_back();
    file.path = path;
    analyzer::Parser parser;
    const analyzer::AnalysisOptions options{&profile, rules::all_hooks()};
    analyze_into(
        file, [&] { return std::move(read); }, parser, options,
        [&](std::string error) { result.internal_errors.push_back(std::move(error)); });
    return result;
}

reporters::FileReport judge_read(const std::string& path, analyzer::ReadResult read, analyzer::Parser& parser,
                                 const analyzer::Profile& profile, std::string& internal_error) {
    reporters::FileReport file;
    file.path = path;
    const analyzer::AnalysisOptions options{&profile, rules::all_hooks()};
    analyze_into(
        file, [&] { return std::move(read); }, parser, options, [&](std::string error) { internal_error = error; });
    return file;
}

reporters::Report report_of(ScanResult&& result, const analyzer::Profile& profile) {
    reporters::Report report;
    report.tool_version = k_pygate_version;
    report.profile = profile.name;
    report.files = std::move(result.files);
    for (const auto& file : report.files)
        report.decision = analyzer::worse(report.decision, file.decision);
    return report;
}

}  // namespace pygate::cli
