#pragma once
// The one judging path: bytes (a file to read, a record's code, code a
// request carries) analysed under a profile into a file's report and its
// decision. `pygate check`, `run`, `serve`, `hook` and sessions all judge
// through here, with the result cache when they have one.

#include <cstddef>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "analyzer/analyze.hpp"
#include "analyzer/profile.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/text/source_file.hpp"
#include "judging/result_cache.hpp"
#include "reporters/report.hpp"

namespace pygate::judging {

// A file to read in a worker; "-" is standard input.
struct FileToRead {
    std::string path;
};

// Nothing to analyse, and why: a folder that could not be listed, a record
// that could not be decoded. Reported as a PG000 finding without a location.
struct Unreadable {
    std::string message;
};

struct ScanInput {
    std::string name;  // the report's path: a file's path, a record's id
    // A record's code arrives already read (or already failed to read).
    std::variant<FileToRead, analyzer::ReadResult, Unreadable> what;
};

// One judged input. `unreadable`: it could not be read or analysed, so its
// entry is a PG000 finding; the summary counts these as errors.
struct ScanOutcome {
    reporters::FileReport report;
    bool unreadable = false;
};

// Judges one input on the calling thread, as scanning's workers do.
// A bug is returned in `internal_error` and denies the input (fail closed).
// With a cache, bytes judged before are not analysed again. With
// `context_lines`, the source around the first findings is kept in the report.
ScanOutcome judge_input(ScanInput input, analyzer::Parser& parser, const analyzer::Profile& profile,
                        std::string& internal_error, ResultCache* cache = nullptr, unsigned context_lines = 0);

// The findings whose lines FileReport::context keeps, at most.
inline constexpr std::size_t k_findings_with_context = 50;

// Judges code the caller has already read, with the caller's parser (one per
// thread): what the server answers for a check, what a hook or a session
// step is judged by. A bug denies the code and is described in `internal_error`.
reporters::FileReport judge_read(const std::string& path, analyzer::ReadResult read, analyzer::Parser& parser,
                                 const analyzer::Profile& profile, std::string& internal_error);

// Judges code already read that `analyse` analyses with the options it is
// handed: a session's program, whose tree the session grows step by step
// (judging/session_program). The report is judge_read's for the same code
// when `analyse` does what analyze_bytes does; an exception from it is a bug,
// handled as judge_read handles one.
reporters::FileReport judge_analysis(
    const std::string& path, const std::function<analyzer::FileAnalysis(const analyzer::AnalysisOptions&)>& analyse,
    const analyzer::Profile& profile, std::string& internal_error);

// The report of judged files under `profile`: the files, the tool's version
// and the worst decision.
reporters::Report report_of(std::vector<reporters::FileReport> files, const analyzer::Profile& profile);

}  // namespace pygate::judging
