#pragma once
// Judges a stream of inputs (files, records of code) on a pool of threads and
// hands each result on in input order as soon as it and every input before
// it are done. At most a window of inputs is in flight, so memory stays flat
// however long the stream; the order never depends on the thread count.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "analyzer/parse.hpp"
#include "analyzer/profile.hpp"
#include "analyzer/source_file.hpp"
#include "cli/result_cache.hpp"
#include "reporters/report.hpp"

namespace pygate::cli {

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

struct StreamCallbacks {
    std::function<std::optional<ScanInput>()> next;   // the next input, or nothing at the end
    std::function<void(ScanOutcome&&)> emit;          // each outcome, in input order
    std::function<void()> before_waiting;             // the next outcome is not ready: flush output, say
    std::function<void(std::string)> internal_error;  // a bug (the input is denied); called on the emitting thread
};

struct StreamOptions {
    const analyzer::Profile* profile = nullptr;
    unsigned jobs = 1;
    std::size_t window_per_job = 32;  // inputs in flight per worker thread
    ResultCache* cache = nullptr;     // results of bytes judged before (--cache), or none
    // Lines of source kept either side of a file's first findings for a report
    // that shows them (FileReport::context); 0 keeps none and costs nothing.
    unsigned context_lines = 0;
};

void scan_stream(const StreamOptions& options, const StreamCallbacks& callbacks);

// Judges one input on the calling thread, as scan_stream's workers do.
// A bug is returned in `internal_error` and denies the input (fail closed).
// With a cache, bytes judged before are not analysed again. With
// `context_lines`, the source around the first findings is kept in the report.
ScanOutcome judge_input(ScanInput input, analyzer::Parser& parser, const analyzer::Profile& profile,
                        std::string& internal_error, ResultCache* cache = nullptr, unsigned context_lines = 0);

// The findings whose lines FileReport::context keeps, at most.
inline constexpr std::size_t k_findings_with_context = 50;

}  // namespace pygate::cli
