#pragma once
// `pygate mcp`: the Model Context Protocol server's command line (mcp_server).

#include <CLI/CLI.hpp>

#include "mcp/server.hpp"

namespace pygate::cli {

void add_mcp_command(CLI::App& app, mcp::McpOptions& options);

}  // namespace pygate::cli
