#pragma once
// `pygate mcp`: a Model Context Protocol server over stdio (JSON-RPC 2.0, one
// message per line). It is a skin over `pygate serve`, started as its child:
// MCP requests become serve requests, serve answers become MCP results, so
// every check and run is judged and contained exactly as the server's are.
// What agents may ask for is fixed here by the operator (ToolPolicy).

#include <cstddef>
#include <string>
#include <vector>

namespace pygate::mcp {

struct McpOptions {
    std::string profile = "safe_eval";         // calls that name none
    std::vector<std::string> allow_profiles;   // the only ones a call may name; empty: the default only
    bool no_run = false;                       // check_python only
    std::string python = "/usr/bin/python3";
    std::size_t max_message = std::size_t{16} << 20;
    unsigned jobs = 0;      // the server's check threads (0: one per core)
    unsigned max_runs = 0;  // runs at once (0: one per core)
    unsigned max_sessions = 0;  // sessions open at once (0: the server's default, from cores and memory)
};

// Serves until `in_fd` ends; false, with the reason on stderr, when a profile
// does not load (nothing is served then).
bool serve_mcp(int in_fd, int out_fd, const McpOptions& options);

}  // namespace pygate::mcp
