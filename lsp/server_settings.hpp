#pragma once
// The settings `pygate lsp` judges with: the defaults, then the nearest
// pygate.toml / [tool.pygate] at or above the workspace's root (found as
// `pygate check` run there finds it, docs/configuration.md; none with
// --isolated), then the command line, then the client's settings
// (initializationOptions and workspace/didChangeConfiguration, under
// `pygate`), each key from the last that sets it. Which profile and file
// were used is said in a log message (`describe`).

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "analyzer/profile.hpp"

namespace pygate::lsp {

// What the client may set: {"profile": NAME_OR_PATH, "baseline": PATH}, at
// the top level or under "pygate".
struct ClientSettings {
    std::optional<std::string> profile;
    std::optional<std::string> baseline;
};
ClientSettings read_client_settings(const nlohmann::json& value);

struct CommandLineSettings {
    std::optional<std::string> profile;
    bool isolated = false;  // read no configuration file
};

struct ServerSettings {
    std::shared_ptr<const analyzer::Profile> profile;
    std::string profile_origin;      // "default", "FILE:LINE", "command line" or "client settings"
    std::string configuration_file;  // empty: none was read
    std::string baseline;            // a path (absolute when the file set it); empty: none
    std::string baseline_origin;
    std::vector<std::string> excludes;  // globs, for workspace diagnostics
    std::string load_error;             // set instead of the rest when the settings do not load: nothing is judged
};

// An error is "file:line:column: message" (a configuration or profile that does not load).
std::variant<ServerSettings, std::string> settle_server_settings(const std::filesystem::path& root,
                                                                 const CommandLineSettings& command_line,
                                                                 const ClientSettings& client);

// One line for window/logMessage: the profile, where it came from, the file read.
std::string describe(const ServerSettings& settings);

}  // namespace pygate::lsp
