#pragma once
// `pygate run FILE`: gate the file with the profile and, if the gate allows
// it, execute it with the runner (RUNNER.md); print the result, write the
// receipt, choose the exit code.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "judging/gated_run.hpp"

namespace pygate::cli {

enum class RunFormat { text, json };

struct RunOptions {
    std::string file;
    std::string profile = "safe_eval";
    std::vector<std::string> inputs;
    std::string output_dir;
    std::string receipt;
    RunFormat format = RunFormat::text;
    judging::LimitOverrides overrides;
    bool allow_review = false;
    std::string python = "/usr/bin/python3";
    std::string target_version;  // "3.12"; empty: the interpreter's version
    std::string stdin_file;
    bool unsafe_skip_gate = false;
};

void add_run_command(CLI::App& app, RunOptions& options);
int run_run(const RunOptions& options);

// Exit code of a run whose program was executed (CLI.md): 0 if it exited 0
// with nothing over a limit, else 5; 4 if it could not be sandboxed.
inline constexpr int k_exit_program_failed = 5;

}  // namespace pygate::cli
