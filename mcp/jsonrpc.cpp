#include "mcp/jsonrpc.hpp"

namespace pygate::mcp {

std::string negotiate_version(const std::string& requested) {
    for (std::string_view version : k_protocol_versions)
        if (version == requested) return requested;
    return std::string(k_protocol_versions[0]);
}

}  // namespace pygate::mcp
