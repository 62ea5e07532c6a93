#pragma once
// The resources `pygate mcp` offers: each built-in profile as TOML
// (pygate://profiles/NAME) and the rule catalogue (pygate://rules), so an
// agent can read what a profile allows before it writes code.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace pygate::mcp {

nlohmann::json resource_list();
nlohmann::json resource_templates();

// resources/read's result for `uri`, or nullopt when there is no such resource.
std::optional<nlohmann::json> read_resource(const std::string& uri);

}  // namespace pygate::mcp
