#include "mcp/resources.hpp"

#include <sstream>
#include <variant>

#include "profiles/builtin_profiles.hpp"
#include "profiles/compiled_profiles.hpp"
#include "profiles/profile_toml.hpp"
#include "reporters/rule_catalogue.hpp"

namespace pygate::mcp {
namespace {

using nlohmann::json;

constexpr std::string_view k_profile_prefix = "pygate://profiles/";
constexpr std::string_view k_rules_uri = "pygate://rules";

}  // namespace

json resource_list() {
    json resources = json::array();
    for (const auto& builtin : profiles::builtin_profiles()) {
        auto resolved = profiles::resolve_profile(builtin.name);
        const std::string description =
            std::holds_alternative<analyzer::Profile>(resolved) ? std::get<analyzer::Profile>(resolved).description : "";
        resources.push_back({{"uri", std::string(k_profile_prefix) + std::string(builtin.name)},
                             {"name", std::string(builtin.name)},
                             {"description", "Profile " + std::string(builtin.name) + ": " + description},
                             {"mimeType", "application/toml"}});
    }
    resources.push_back({{"uri", std::string(k_rules_uri)},
                         {"name", "rules"},
                         {"description", "The rule catalogue: what each rule catches, why, and what to write instead"},
                         {"mimeType", "text/markdown"}});
    return resources;
}

json resource_templates() {
    return json::array({{{"uriTemplate", std::string(k_profile_prefix) + "{name}"},
                         {"name", "profile"},
                         {"description", "A built-in profile, resolved, as TOML"},
                         {"mimeType", "application/toml"}}});
}

std::optional<json> read_resource(const std::string& uri) {
    std::ostringstream text;
    std::string mime;
    if (uri == k_rules_uri) {
        reporters::write_rules_markdown(text);
        mime = "text/markdown";
    } else if (uri.starts_with(k_profile_prefix)) {
        const std::string name = uri.substr(k_profile_prefix.size());
        // Only a built-in's name: a resource never names a file to read.
        if (!profiles::find_builtin_profile(name)) return std::nullopt;
        auto resolved = profiles::resolve_profile(name);
        if (!std::holds_alternative<analyzer::Profile>(resolved)) return std::nullopt;
        profiles::write_profile_toml(text, std::get<analyzer::Profile>(resolved));
        mime = "application/toml";
    } else {
        return std::nullopt;
    }
    return json{{"contents", json::array({{{"uri", uri}, {"mimeType", mime}, {"text", text.str()}}})}};
}

}  // namespace pygate::mcp
