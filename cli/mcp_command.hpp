#pragma once
// `pygate mcp`: the Model Context Protocol server's command line (mcp_server).

#include <CLI/CLI.hpp>

#include "cli/mcp_server.hpp"

namespace pygate::cli {

void add_mcp_command(CLI::App& app, McpOptions& options);

}  // namespace pygate::cli
