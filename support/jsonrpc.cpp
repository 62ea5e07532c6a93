#include "support/jsonrpc.hpp"

namespace pygate::support::jsonrpc {

using nlohmann::json;

Message classify(const json& value) {
    Message message;
    if (!value.is_object()) {
        message.error_code = error_code::invalid_request;
        message.error = "a message must be a JSON object";
        return message;
    }
    const bool has_id = value.contains("id");
    if (has_id) {
        const json& id = value["id"];
        if (id.is_string() || id.is_number_integer()) message.id = id;
    }
    if (value.value("jsonrpc", json()) != "2.0") {
        message.error_code = error_code::invalid_request;
        message.error = "`jsonrpc` must be \"2.0\"";
        return message;
    }
    if (!value.contains("method")) {
        if (value.contains("result") || value.contains("error")) {
            message.kind = Message::Kind::response;
            message.params = value;
            return message;
        }
        message.error_code = error_code::invalid_request;
        message.error = "a message needs a `method` (or is a response with `result` or `error`)";
        return message;
    }
    if (!value["method"].is_string()) {
        message.error_code = error_code::invalid_request;
        message.error = "`method` must be a string";
        return message;
    }
    if (has_id && message.id.is_null()) {
        message.error_code = error_code::invalid_request;
        message.error = "`id` must be a string or an integer";
        return message;
    }
    message.method = value["method"].get<std::string>();
    if (value.contains("params")) {
        if (!value["params"].is_object()) {
            if (!has_id) {
                message.kind = Message::Kind::ignored;
                return message;
            }
            message.error_code = error_code::invalid_params;
            message.error = "`params` must be an object";
            return message;
        }
        message.params = value["params"];
    }
    message.kind = has_id ? Message::Kind::request : Message::Kind::notification;
    return message;
}

json result_message(const json& id, json result) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

json error_message(const json& id, int code, const std::string& message, const json& data) {
    json error = {{"code", code}, {"message", message}};
    if (!data.is_null()) error["data"] = data;
    return {{"jsonrpc", "2.0"}, {"id", id}, {"error", std::move(error)}};
}

}  // namespace pygate::support::jsonrpc
