#pragma once
// `pygate repl --profile P`: a session in the terminal, for trying a profile
// by hand. Each entered block is gated against the session so far and, if
// allowed, run in the session's sandboxed interpreter; findings are shown
// where the output would be. It is a client of `pygate serve` (a child
// process of its own), like every other skin.

#include <CLI/CLI.hpp>
#include <string>

namespace pygate::cli {

struct ReplOptions {
    std::string profile = "safe_eval";
    std::string python = "/usr/bin/python3";
};

void add_repl_command(CLI::App& app, ReplOptions& options);
int run_repl(const ReplOptions& options);

}  // namespace pygate::cli
