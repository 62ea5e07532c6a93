#pragma once
// `pygate lsp`: the language server's command line (lsp/server).

#include <CLI/CLI.hpp>

#include "lsp/server.hpp"

namespace pygate::cli {

void add_lsp_command(CLI::App& app, lsp::LspOptions& options);

}  // namespace pygate::cli
