#pragma once
// pygate's configuration file for `pygate check`: `pygate.toml` (top-level
// keys) or the `[tool.pygate]` table of `pyproject.toml`, the nearest found
// from the working folder upward (docs/configuration.md). Read strictly, as
// profiles are: an unknown key or a wrong type is an error naming the file,
// line and column. Only `pygate check`, `pygate config` and `pygate lsp` read it; the gate
// modes (run, serve, repl, hook) never do.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "settings/check_settings.hpp"
#include "profiles/profile_loader.hpp"

namespace pygate::settings {

// A value the file set, and the line it is on.
template <class T>
struct FileSetting {
    T value;
    std::uint32_t line = 0;
};

struct Configuration {
    std::string file;  // as shown in messages: relative to the working folder when under it
    // Paths (a profile file, output, cache, baseline) are already resolved
    // against the file's folder; globs and names are kept as written.
    std::optional<FileSetting<std::string>> profile;
    std::optional<FileSetting<std::vector<std::string>>> exclude;
    std::optional<FileSetting<std::string>> fail_on;  // one of k_fail_on_names
    std::optional<FileSetting<std::string>> format;   // one of k_format_names
    std::optional<FileSetting<std::string>> output;
    std::optional<FileSetting<unsigned>> jobs;
    std::optional<FileSetting<std::string>> cache;  // a folder; `cache = false` leaves it unset
    std::optional<FileSetting<std::string>> baseline;
    std::optional<FileSetting<std::string>> target_version;  // "3.12": one pygate reads
};

inline const std::vector<std::string> k_fail_on_names = {"deny", "review", "never"};
inline const std::vector<std::string> k_format_names = report_format_names();
// The folder `cache = true` names, beside the configuration file.
inline constexpr const char* k_default_cache_folder = ".pygate_cache";

using ConfigurationError = profiles::ProfileError;
using ConfigurationResult = std::variant<Configuration, ConfigurationError>;

// The nearest configuration at or above `start`: in each folder `pygate.toml`
// first, then a `pyproject.toml` that has a `[tool.pygate]` table. Nothing
// when there is none; an error when a candidate cannot be read or parsed.
std::optional<ConfigurationResult> find_configuration(const std::filesystem::path& start);

// One file's text. `shown` names it in errors; `folder` is where its relative
// paths start; `pyproject` says whether the settings are under [tool.pygate].
// Nothing when a pyproject.toml has no [tool.pygate] table.
std::optional<ConfigurationResult> parse_configuration(std::string_view text, const std::string& shown,
                                                       const std::filesystem::path& folder, bool pyproject);

}  // namespace pygate::settings
