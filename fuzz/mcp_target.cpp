// libFuzzer target: bytes as `pygate mcp` reads them: cut into lines by the
// bounded LineReader, each line parsed and classified as a JSON-RPC message
// (a batch element by element), a tools/call's arguments checked against the
// advertised schema and turned into server requests, a resources/read's uri
// looked up. Bad bytes must give an error, never a crash; and no call may
// ever name a profile the operator did not allow, nor a resource name a file.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>

#include "mcp/jsonrpc.hpp"
#include "mcp/resources.hpp"
#include "mcp/tools.hpp"
#include "fuzz/input_lines.hpp"

namespace {

namespace mcp = pygate::mcp;
using nlohmann::json;

const mcp::ToolCatalog& tools() {
    static const mcp::ToolCatalog value{mcp::ToolPolicy{"safe_eval", {"safe_eval", "data_processing"}, true}};
    return value;
}

const mcp::ToolPolicy& policy() {
    return tools().policy();
}

void one_message(const json& value) {
    mcp::Message message = mcp::classify(value);
    if (message.kind == mcp::Message::Kind::invalid && message.error.empty()) __builtin_trap();
    if (message.kind != mcp::Message::Kind::request) return;
    (void)mcp::error_message(message.id, mcp::error_code::invalid_request, message.method);
    if (message.method == "initialize" && message.params.contains("protocolVersion") &&
        message.params["protocolVersion"].is_string())
        (void)mcp::negotiate_version(message.params["protocolVersion"].get<std::string>());
    if (message.method == "tools/call") {
        auto call = tools().read_call(message.params);
        if (auto* read = std::get_if<mcp::ToolCall>(&call)) {
            const auto& allowed = policy().allowed_profiles;
            if (std::find(allowed.begin(), allowed.end(), read->profile) == allowed.end()) __builtin_trap();
            if (read->requests.empty()) __builtin_trap();
            for (const auto& request : read->requests) {
                if (!request.contains("op")) __builtin_trap();
                if (request.contains("profile") && request["profile"] != read->profile) __builtin_trap();
            }
        } else if (std::get<std::string>(call).empty()) {
            __builtin_trap();
        }
    }
    if (message.method == "resources/read" && message.params.contains("uri") && message.params["uri"].is_string()) {
        const std::string uri = message.params["uri"].get<std::string>();
        if (mcp::read_resource(uri) && !uri.starts_with("pygate://")) __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    pygate::fuzz::for_each_line(data, size, 4096, [](const std::string& line) {
        json value = json::parse(line, nullptr, false);
        if (value.is_discarded()) return;
        if (value.is_array())
            for (const auto& element : value) one_message(element);
        else
            one_message(value);
    });
    return 0;
}
