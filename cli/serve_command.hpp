#pragma once
// `pygate serve` (docs/protocol.md) and its hidden worker subcommands,
// `pygate serve-run-worker` and `pygate serve-session-worker`, each one of
// its runs or sessions in a process of its own (serve/workers/worker_process).

#include <CLI/CLI.hpp>
#include <sys/types.h>

#include "serve/server.hpp"

namespace pygate::cli {

struct ServeCommandOptions {
    serve::ServeOptions serve;
    pid_t worker_parent = 0;
};

void add_serve_commands(CLI::App& app, ServeCommandOptions& options);

}  // namespace pygate::cli
