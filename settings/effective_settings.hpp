#pragma once
// The settings `pygate check` runs with: its defaults, then the configuration
// file, then the command line, each key from the last that sets it; and where
// each came from, for `pygate config` and `pygate check --show-settings`.

#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "settings/check_settings.hpp"
#include "settings/configuration.hpp"

namespace pygate::settings {

// Configuration key -> "default", "FILE:LINE" or "command line", in the keys' order.
using SettingOrigins = std::vector<std::pair<std::string, std::string>>;

// Sets in `options` each key the file sets and the command line does not
// (`given`: the keys the command line set). `options` holds the defaults and
// the command line's values on entry.
SettingOrigins apply_configuration(const Configuration* configuration, const std::set<std::string>& given,
                                   CheckOptions& options);

// Says where `key`'s value came from, in place of what `origins` said.
void set_origin(SettingOrigins& origins, const std::string& key, std::string origin);

// `format` is the report's setting; `as_json` chooses how the settings are written.
void write_settings(std::ostream& out, const CheckOptions& options, const SettingOrigins& origins,
                    const Configuration* configuration, bool isolated, bool as_json);

// The configuration found (unless options.isolated) and applied to `options`.
struct SettledSettings {
    std::optional<Configuration> configuration;
    SettingOrigins origins;
};
// With no target version given (and not options.isolated), the lowest
// version the nearest pyproject.toml's [project] requires-python admits
// (settings/requires_python.hpp). An error (a configuration file that cannot
// be read or is invalid, a requires-python that admits no version pygate
// reads) as "file:line:column: message".
std::variant<SettledSettings, std::string> settle_settings(CheckOptions& options, const std::set<std::string>& given);

const char* format_name(ReportFormat format);
const char* fail_on_name(FailOn fail_on);

}  // namespace pygate::settings
