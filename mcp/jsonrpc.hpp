#pragma once
// JSON-RPC 2.0 as the Model Context Protocol uses it over stdio: one message
// per line, requests (with an id), notifications (without) and responses.
// Messages are read and written by support/jsonrpc, which `pygate lsp`
// shares; this file adds what is MCP's own: its revisions and error code.

#include <string>
#include <string_view>

#include "support/jsonrpc.hpp"

namespace pygate::mcp {

using support::jsonrpc::classify;
using support::jsonrpc::error_message;
using support::jsonrpc::Message;
using support::jsonrpc::result_message;

// The error codes JSON-RPC 2.0 prescribes, and MCP's own.
namespace error_code {
using namespace support::jsonrpc::error_code;
inline constexpr int resource_not_found = -32002;
}  // namespace error_code

// The protocol revisions this server speaks, newest first.
inline constexpr std::string_view k_protocol_versions[] = {"2025-06-18", "2025-03-26", "2024-11-05"};

// What the server answers a client that asks for `requested`: the same
// revision when it speaks it, else its newest (the client then decides).
std::string negotiate_version(const std::string& requested);

}  // namespace pygate::mcp
