#pragma once
// `pygate serve`: requests read as JSON Lines from one descriptor, answers
// written to another (docs/protocol.md). Checks run on a pool of threads,
// each with its own parser; runs in worker processes, at most max_runs at a
// time, the rest queued; small ops are answered at once. Answers come in
// completion order, matched by id.

#include <cstddef>
#include <string>

namespace pygate::serve {

// Templates hold a profile's preloaded interpreter each (pandas: about 100
// MiB); most servers use one or two profiles.
inline constexpr unsigned k_default_max_templates = 4;

struct ServeOptions {
    std::string default_profile = "safe_eval";  // for requests that name none
    unsigned jobs = 0;                          // check threads; 0: one per core
    unsigned max_runs = 0;                      // runs at once; 0: one per core
    unsigned max_sessions = 0;                  // sessions open at once; 0: from cores and memory (serve/capacity)
    unsigned max_templates = 0;                 // warm-run templates (serve/template_pool); 0: k_default_max_templates
    std::size_t max_line = 16 * 1024 * 1024;    // bytes of one request line
    std::string python = "/usr/bin/python3";
    bool unsafe_skip_gate = false;  // runs are not gated: for testing the sandbox only
};

// Serves until the input ends (what is in flight is finished) or SIGTERM or
// SIGINT arrives (runs are killed and answered `cancelled`). Returns the
// process's exit code.
int serve(int input_fd, int output_fd, const ServeOptions& options);

}  // namespace pygate::serve
