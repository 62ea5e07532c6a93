#pragma once
// Checks a JSON value against the subset of JSON Schema that pygate's own
// schemas use (`type`, `properties`, `required`, `additionalProperties`,
// `items`, `enum`, `minimum`, `maximum`, `minLength`, `maxLength`). The MCP
// tools' arguments are checked against the very `inputSchema` a client is
// shown, so what is advertised and what is enforced cannot drift apart.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace pygate::mcp {

// The first way `value` breaks `schema`, as a message naming where
// (`where` names the value itself, "arguments" say), or nullopt.
std::optional<std::string> schema_violation(const nlohmann::json& value, const nlohmann::json& schema,
                                            const std::string& where);

}  // namespace pygate::mcp
