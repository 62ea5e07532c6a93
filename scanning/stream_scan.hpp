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

#include "analyzer/profile.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/text/source_file.hpp"
#include "judging/judge.hpp"
#include "reporters/report.hpp"

namespace pygate::scanning {

using judging::FileToRead;
using judging::ScanInput;
using judging::ScanOutcome;
using judging::Unreadable;

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
    judging::ResultCache* cache = nullptr;     // results of bytes judged before (--cache), or none
    // Lines of source kept either side of a file's first findings for a report
    // that shows them (FileReport::context); 0 keeps none and costs nothing.
    unsigned context_lines = 0;
};

void scan_stream(const StreamOptions& options, const StreamCallbacks& callbacks);

}  // namespace pygate::scanning
