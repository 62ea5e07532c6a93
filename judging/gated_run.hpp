#pragma once
// Gate code under a profile and, if the gate lets it through, run it in the
// sandbox: the one implementation behind `pygate run`, the server's `run`
// op and its sessions. The result is `pygate run --format json`'s object,
// receipt included (CLI.md); callers only choose how to show it.

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "analyzer/profile.hpp"
#include "reporters/report.hpp"
#include "runner/runner.hpp"

namespace pygate::judging {

// Limits a caller asks for on top of the profile's: each may only tighten.
struct LimitOverrides {
    std::optional<std::int64_t> timeout;       // seconds
    std::optional<std::int64_t> memory;        // MiB
    std::optional<std::int64_t> cpu;           // seconds
    std::optional<std::int64_t> output_limit;  // bytes per stream
};

// How a caller spells each override in its messages ("--timeout" on the
// command line, "timeout" in a request).
struct OverrideNames {
    const char* timeout = "timeout";
    const char* memory = "memory";
    const char* cpu = "cpu";
    const char* output_limit = "output_limit";
};

// The profile's limits with the overrides applied; an error is a message for
// the user (an override that would loosen a limit, or is not positive).
std::variant<runner::Limits, std::string> runner_limits(const analyzer::RunnerLimits& profile,
                                                        const LimitOverrides& overrides,
                                                        const OverrideNames& names = {});

struct GatedRun {
    const analyzer::Profile* profile = nullptr;
    std::string code;
    std::string code_path = "main.py";  // the name the gate's report gives the code
    std::vector<std::string> inputs;    // files copied into input/
    std::vector<runner::InputFile> input_files;
    std::string output_dir;  // output/ is copied there; empty: not copied
    std::string python = "/usr/bin/python3";
    std::string stdin_path;
    std::optional<std::string> stdin_data;
    LimitOverrides overrides;
    OverrideNames override_names;
    bool allow_review = false;
    bool skip_gate = false;  // --unsafe-skip-gate: for testing the sandbox only
    int cancel_fd = -1;      // runner::RunRequest::cancel_fd
    // Forked from this template (runner::RunRequest::warm); none: cold.
    std::optional<runner::WarmStart> warm;
    // A cold run that asked to be warm: why it is not (the result says).
    std::string cold_reason;
    std::function<void(bool from_stderr, std::string_view kept)> on_output;
};

struct GatedRunOutcome {
    enum class Kind {
        gate_stopped,    // denied, or sent to review without allow_review: nothing ran
        ran,             // the runner ran it (whatever its status)
        request_error,   // a bad request (a looser limit, an unreadable input...): nothing ran
        internal_error,  // a bug in the gate: nothing ran
    };
    Kind kind = Kind::internal_error;
    nlohmann::ordered_json json;  // gate_stopped and ran: the result object with its provenance
    analyzer::Decision decision = analyzer::Decision::deny;
    reporters::Report report;             // gate_stopped: the gate's report
    std::optional<runner::RunResult> result;  // ran
    std::string error;                        // request_error, internal_error
};

GatedRunOutcome gated_run(const GatedRun& request);

// Where a run's code and policy came from, for its receipt.
struct Provenance {
    std::string code_sha256;
    std::string profile;
    std::string profile_sha256;  // of the resolved profile written as TOML (`pygate profile show`)
    std::string python;
};

// The result object of `pygate run --format json` for code that ran.
nlohmann::ordered_json result_json(const std::string& decision, const runner::RunResult& result,
                                   const runner::Limits& limits, const Provenance& provenance);

std::string profile_sha256(const analyzer::Profile& profile);

// The JSON text of a result, as `pygate run --format json` prints it.
std::string dump_result(const nlohmann::ordered_json& json);

}  // namespace pygate::judging
