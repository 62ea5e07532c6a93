#include "judging/judge.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <set>

#include "analyzer/analyze.hpp"
#include "analyzer/gate.hpp"
#include "analyzer/text/source.hpp"
#include "judging/target_libraries.hpp"
#include "profiles/profile_gate.hpp"
#include "rules/registry.hpp"
#include "support/version.hpp"

namespace pygate::judging {
namespace {

analyzer::ReadResult read_path(const std::string& path) {
    return path == "-" ? analyzer::read_source_stream(STDIN_FILENO) : analyzer::read_source_file(path);
}

// The bytes of an input; or, when it has none to analyse, its finding.
std::variant<std::string, std::vector<analyzer::Finding>> bytes_of(
    std::variant<FileToRead, analyzer::ReadResult, Unreadable>& what) {
    if (auto* unreadable = std::get_if<Unreadable>(&what))
        return std::vector{analyzer::unsafe_source_finding({}, std::move(unreadable->message))};
    analyzer::ReadResult read = std::holds_alternative<FileToRead>(what)
                                    ? read_path(std::get<FileToRead>(what).path)
                                    : std::move(std::get<analyzer::ReadResult>(what));
    if (auto* failure = std::get_if<analyzer::ReadFailure>(&read))
        return analyzer::analyze_read_failure(*failure).findings;
    return std::move(std::get<std::string>(read));
}

// Analyses and judges `bytes` into `report`, or takes the result the cache
// holds for them (and stores a new one).
void judge_bytes(std::string bytes, analyzer::Parser& parser, const analyzer::Profile& profile, ResultCache* cache,
                 reporters::FileReport& report) {
    std::string key;
    if (cache != nullptr) {
        key = ResultCache::content_key(bytes);
        if (std::optional<CachedResult> cached = cache->load(key)) {
            report.findings = std::move(cached->findings);
            report.decision = cached->decision;
            return;
        }
    }
    const analyzer::AnalysisOptions options{&profile, rules::all_hooks(), &target_libraries(), target_version()};
    report.findings = analyzer::analyze_bytes(std::move(bytes), parser, options).findings;
    report.decision = profiles::judge_findings(report.findings, profile);
    if (cache != nullptr) cache->store(key, {report.decision, report.findings});
}

// Keeps the decoded lines around the file's first findings (a finding's own
// lines, up to 10 of them, and `around` either side) in `report.context`.
// Decoded again, as the analyzer decodes them: only a report that shows
// source (html) asks for this.
void keep_context(std::string bytes, unsigned around, reporters::FileReport& report) {
    constexpr std::uint32_t k_lines_of_a_finding = 10;
    if (report.findings.empty()) return;
    const analyzer::LoadedSource loaded = analyzer::load_source(std::move(bytes));
    if (!loaded.decodable) return;
    std::uint32_t last = loaded.source.lines.line_count();
    // The empty "line" after a final newline is no line of the file.
    if (last > 1 && loaded.source.line_text(last).empty()) --last;
    std::set<std::uint32_t> wanted;
    const std::size_t count = std::min(report.findings.size(), k_findings_with_context);
    for (std::size_t i = 0; i < count; ++i) {
        const analyzer::SourceRange& range = report.findings[i].range;
        const std::uint32_t first = range.line > around ? range.line - around : 1;
        const std::uint32_t end =
            std::min(std::max(range.end_line, range.line), range.line + k_lines_of_a_finding - 1) + around;
        for (std::uint32_t line = first; line <= std::min(end, last); ++line)
            wanted.insert(line);
    }
    report.context.reserve(wanted.size());
    for (std::uint32_t line : wanted)
        report.context.push_back({line, std::string(loaded.source.line_text(line))});
}

// A bug met while analysing: the input is denied (fail closed), with a PG000
// finding that says so, and the bug is described in `internal_error`.
void deny_for_internal_error(const std::exception& error, const analyzer::Profile& profile,
                             reporters::FileReport& report, std::string& internal_error) {
    report.findings = {
        analyzer::unsafe_source_finding({}, fmt::format("internal error while analysing this file: {}", error.what()))};
    report.decision = profiles::judge_findings(report.findings, profile);
    internal_error = fmt::format("{}: {}", report.path, error.what());
}

}  // namespace

ScanOutcome judge_input(ScanInput input, analyzer::Parser& parser, const analyzer::Profile& profile,
                        std::string& internal_error, ResultCache* cache, unsigned context_lines) {
    ScanOutcome outcome;
    reporters::FileReport& report = outcome.report;
    report.path = std::move(input.name);
    try {
        auto bytes = bytes_of(input.what);
        if (auto* findings = std::get_if<std::vector<analyzer::Finding>>(&bytes)) {
            report.findings = std::move(*findings);
            report.decision = profiles::judge_findings(report.findings, profile);
            outcome.unreadable = true;
        } else {
            std::string& text = std::get<std::string>(bytes);
            std::string copy = context_lines > 0 ? text : std::string();
            judge_bytes(std::move(text), parser, profile, cache, report);
            if (context_lines > 0) keep_context(std::move(copy), context_lines, report);
        }
    } catch (const std::exception& error) {
        deny_for_internal_error(error, profile, report, internal_error);
        outcome.unreadable = true;
    }
    return outcome;
}

reporters::FileReport judge_read(const std::string& path, analyzer::ReadResult read, analyzer::Parser& parser,
                                 const analyzer::Profile& profile, std::string& internal_error) {
    return judge_input({path, std::move(read)}, parser, profile, internal_error).report;
}

reporters::FileReport judge_analysis(
    const std::string& path, const std::function<analyzer::FileAnalysis(const analyzer::AnalysisOptions&)>& analyse,
    const analyzer::Profile& profile, std::string& internal_error) {
    reporters::FileReport report;
    report.path = path;
    try {
        const analyzer::AnalysisOptions options{&profile, rules::all_hooks(), &target_libraries(), target_version()};
        report.findings = analyse(options).findings;
        report.decision = profiles::judge_findings(report.findings, profile);
    } catch (const std::exception& error) {
        deny_for_internal_error(error, profile, report, internal_error);
    }
    return report;
}

reporters::Report report_of(std::vector<reporters::FileReport> files, const analyzer::Profile& profile) {
    reporters::Report report;
    report.tool_version = support::k_pygate_version;
    report.profile = profile.name;
    report.target_version = target_version().spelled();
    report.files = std::move(files);
    for (const auto& file : report.files)
        report.decision = analyzer::worse(report.decision, file.decision);
    return report;
}

}  // namespace pygate::judging
