#pragma once
// `pygate lsp`: the language server's command line (lsp/server).

#include <CLI/CLI.hpp>
#include <string>

#include "lsp/server.hpp"

namespace pygate::cli {

struct LspCommandOptions {
    lsp::LspOptions server;
    // The library versions code is judged for, as `pygate check --libraries`.
    std::string libraries = "python:/usr/bin/python3";
};

void add_lsp_command(CLI::App& app, LspCommandOptions& options);

}  // namespace pygate::cli
