#include "lsp/server_settings.hpp"

#include <fmt/format.h>

#include <set>

#include "profiles/compiled_profiles.hpp"
#include "settings/effective_settings.hpp"

namespace pygate::lsp {

using nlohmann::json;

ClientSettings read_client_settings(const json& value) {
    ClientSettings settings;
    if (!value.is_object()) return settings;
    const json& table = value.contains("pygate") && value["pygate"].is_object() ? value["pygate"] : value;
    if (table.contains("profile") && table["profile"].is_string())
        settings.profile = table["profile"].get<std::string>();
    if (table.contains("baseline") && table["baseline"].is_string())
        settings.baseline = table["baseline"].get<std::string>();
    return settings;
}

std::variant<ServerSettings, std::string> settle_server_settings(const std::filesystem::path& root,
                                                                 const CommandLineSettings& command_line,
                                                                 const ClientSettings& client) {
    settings::CheckOptions options;
    std::optional<settings::Configuration> configuration;
    if (!command_line.isolated && !root.empty()) {
        if (auto found = settings::find_configuration(root)) {
            if (auto* invalid = std::get_if<settings::ConfigurationError>(&*found)) return invalid->to_string();
            configuration = std::get<settings::Configuration>(std::move(*found));
        }
    }
    std::set<std::string> given;
    if (command_line.profile) {
        options.profile = *command_line.profile;
        given.insert("profile");
    }
    settings::SettingOrigins origins =
        settings::apply_configuration(configuration ? &*configuration : nullptr, given, options);
    auto origin_of = [&](const std::string& key) {
        for (const auto& [name, origin] : origins)
            if (name == key) return origin;
        return std::string("default");
    };
    ServerSettings settled;
    settled.profile_origin = origin_of("profile");
    settled.baseline_origin = origin_of("baseline");
    if (client.profile) {
        options.profile = *client.profile;
        settled.profile_origin = "client settings";
    }
    if (client.baseline) {
        options.baseline = *client.baseline;
        settled.baseline_origin = "client settings";
    }
    // A relative path starts at the workspace's root: the file's paths were made relative to the folder it
    // was looked for from (the root), and the client's are taken as a check run there would take them.
    auto from_root = [&](std::string& path) {
        if (!path.empty() && std::filesystem::path(path).is_relative())
            path = (root / path).lexically_normal().string();
    };
    from_root(options.baseline);
    if (options.profile.find('/') != std::string::npos || options.profile.ends_with(".toml"))
        from_root(options.profile);
    profiles::ProfileResult loaded = profiles::resolve_profile(options.profile);
    if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) return error->to_string();
    settled.profile = std::make_shared<const analyzer::Profile>(std::get<analyzer::Profile>(std::move(loaded)));
    settled.configuration_file = configuration ? configuration->file : std::string();
    settled.baseline = options.baseline;
    settled.excludes = options.excludes;
    return settled;
}

std::string describe(const ServerSettings& settings) {
    std::string text =
        fmt::format("pygate: profile {} ({}); configuration: {}", settings.profile->name, settings.profile_origin,
                    settings.configuration_file.empty() ? "none" : settings.configuration_file);
    if (!settings.baseline.empty())
        text += fmt::format("; baseline {} ({})", settings.baseline, settings.baseline_origin);
    return text;
}

}  // namespace pygate::lsp
