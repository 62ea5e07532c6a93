#pragma once
// `pygate serve` (docs/protocol.md) and the hidden `pygate serve-run-worker`
// that runs one of its runs in a process of its own.

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
