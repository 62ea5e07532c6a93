#pragma once
// JSON-RPC 2.0 messages, as both of pygate's JSON-RPC servers read them:
// `pygate mcp` (one message per line) and `pygate lsp` (Content-Length
// frames). Only reading and writing messages; what a method means is each
// server's. How the bytes are cut into messages is each transport's.

#include <nlohmann/json.hpp>
#include <string>

namespace pygate::support::jsonrpc {

// The error codes JSON-RPC 2.0 prescribes.
namespace error_code {
inline constexpr int parse_error = -32700;
inline constexpr int invalid_request = -32600;
inline constexpr int method_not_found = -32601;
inline constexpr int invalid_params = -32602;
inline constexpr int internal_error = -32603;
}  // namespace error_code

struct Message {
    enum class Kind {
        request,       // method, id, params
        notification,  // method, params
        response,      // an answer to a request of ours: id, and the whole message in `params`
        ignored,       // a notification with malformed params: JSON-RPC answers it nothing
        invalid,       // error_code and error set; id when one could be read
    };
    Kind kind = Kind::invalid;
    nlohmann::json id;  // null when absent or unreadable
    std::string method;
    nlohmann::json params = nlohmann::json::object();  // a response's whole message
    int error_code = 0;
    std::string error;
};

// Reads one parsed JSON value as a JSON-RPC message. An id is kept only when
// it is a string or an integer (never null), so an answer never echoes a
// malformed one; `params`, when present, must be an object.
Message classify(const nlohmann::json& value);

nlohmann::json result_message(const nlohmann::json& id, nlohmann::json result);
nlohmann::json error_message(const nlohmann::json& id, int code, const std::string& message,
                             const nlohmann::json& data = nullptr);

}  // namespace pygate::support::jsonrpc
