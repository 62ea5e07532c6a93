#pragma once
// `pygate run FILE`: gate the file with the profile and, if the gate allows
// it, execute it with the runner (RUNNER.md); print the result, write the
// receipt, choose the exit code.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "analyzer/profile.hpp"
#include "runner/limits.hpp"

namespace pygate::cli {

enum class RunFormat { text, json };

struct RunOptions {
    std::string file;
    std::string profile = "safe_eval";
    std::vector<std::string> inputs;
    std::string output_dir;
    std::string receipt;
    RunFormat format = RunFormat::text;
    std::optional<std::int64_t> timeout;       // seconds
    std::optional<std::int64_t> memory;        // MiB
    std::optional<std::int64_t> cpu;           // seconds
    std::optional<std::int64_t> output_limit;  // bytes per stream
    bool allow_review = false;
    std::string python = "/usr/bin/python3";
    std::string stdin_file;
    bool unsafe_skip_gate = false;
};

// The profile's limits with the overrides applied; an override may only
// tighten. An error is a message for the user.
std::variant<runner::Limits, std::string> runner_limits(const analyzer::RunnerLimits& profile,
                                                        const RunOptions& options);

void add_run_command(CLI::App& app, RunOptions& options);
int run_run(const RunOptions& options);

// Exit code of a run whose program was executed (CLI.md): 0 if it exited 0
// with nothing over a limit, else 5; 4 if it could not be sandboxed.
inline constexpr int k_exit_program_failed = 5;

}  // namespace pygate::cli
