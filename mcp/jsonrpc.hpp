#pragma once
// JSON-RPC 2.0 as the Model Context Protocol uses it over stdio: one message
// per line, requests (with an id), notifications (without) and responses.
// This file only reads and writes messages; what they mean is mcp_server's.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace pygate::mcp {

// The error codes JSON-RPC 2.0 prescribes, and MCP's own.
namespace error_code {
inline constexpr int parse_error = -32700;
inline constexpr int invalid_request = -32600;
inline constexpr int method_not_found = -32601;
inline constexpr int invalid_params = -32602;
inline constexpr int internal_error = -32603;
inline constexpr int resource_not_found = -32002;
}  // namespace error_code

// The protocol revisions this server speaks, newest first.
inline constexpr std::string_view k_protocol_versions[] = {"2025-06-18", "2025-03-26", "2024-11-05"};

// What the server answers a client that asks for `requested`: the same
// revision when it speaks it, else its newest (the client then decides).
std::string negotiate_version(const std::string& requested);

struct Message {
    enum class Kind {
        request,       // method, id, params
        notification,  // method, params
        ignored,       // a response (we send no requests), or a notification with
                       // malformed params: JSON-RPC answers neither
        invalid,       // error_code and error set; id when one could be read
    };
    Kind kind = Kind::invalid;
    nlohmann::json id;  // null when absent or unreadable
    std::string method;
    nlohmann::json params = nlohmann::json::object();
    int error_code = 0;
    std::string error;
};

// Reads one parsed JSON value as a JSON-RPC message.
Message classify(const nlohmann::json& value);

nlohmann::json result_message(const nlohmann::json& id, nlohmann::json result);
nlohmann::json error_message(const nlohmann::json& id, int code, const std::string& message,
                             const nlohmann::json& data = nullptr);

}  // namespace pygate::mcp
