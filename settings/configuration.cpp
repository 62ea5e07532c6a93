#include "settings/configuration.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

#include "analyzer/python_version.hpp"
#include "analyzer/text/line_index.hpp"
#include "profiles/toml_text.hpp"

namespace pygate::settings {
namespace fs = std::filesystem;
using profiles::TomlValue;

namespace {

// Larger than any configuration; a bound so a hostile file cannot exhaust memory.
constexpr std::uintmax_t k_max_configuration_bytes = 1 << 20;

const std::vector<std::string_view> k_keys = {"profile", "exclude", "fail-on",  "format",        "output",
                                              "jobs",    "cache",   "baseline", "target-version"};

struct Failure {
    ConfigurationError error;
};

class Reader {
public:
    Reader(std::string shown, fs::path folder) : m_shown(std::move(shown)), m_folder(std::move(folder)) {}

    [[noreturn]] void fail_at(std::uint32_t line, std::uint32_t column, std::string message) const {
        throw Failure{ConfigurationError{m_shown, line, column, std::move(message)}};
    }
    [[noreturn]] void fail(const TomlValue& at, std::string message) const {
        const profiles::TomlPlace place = profiles::place_of_value(at);
        fail_at(place.line, place.column, std::move(message));
    }
    [[noreturn]] void fail_key(const TomlValue& value, std::string_view key, std::string message) const {
        const profiles::TomlPlace place = profiles::place_of_key(value, key);
        fail_at(place.line, place.column, std::move(message));
    }

    std::uint32_t line_of(const TomlValue& value) const { return profiles::place_of_value(value).line; }

    std::string string_of(const TomlValue& value, std::string_view key) const {
        if (!value.is_string())
            fail(value, fmt::format("`{}` must be a string, not {}", key, profiles::toml_type_name(value)));
        const std::string& text = profiles::toml_string(value);
        if (text.empty()) fail(value, fmt::format("`{}` must not be empty", key));
        return text;
    }

    std::string choice_of(const TomlValue& value, std::string_view key, const std::vector<std::string>& names) const {
        std::string text = string_of(value, key);
        if (std::find(names.begin(), names.end(), text) == names.end())
            fail(value, fmt::format("`{}` must be one of {}, not \"{}\"", key, fmt::join(names, ", "), text));
        return text;
    }

    // Relative to the configuration file's folder, not to where pygate runs.
    std::string path_of(const TomlValue& value, std::string_view key) const {
        fs::path path = string_of(value, key);
        if (path.is_absolute()) return path.string();
        return (m_folder / path).lexically_normal().string();
    }

    Configuration read(const TomlValue& table) const {
        Configuration out;
        out.file = m_shown;
        for (const auto& [key, value] : table.as_table())
            if (std::find(k_keys.begin(), k_keys.end(), key) == k_keys.end())
                fail_key(
                    value, key,
                    fmt::format("unknown key `{}` in the configuration (known: {})", key, fmt::join(k_keys, ", ")));
        auto find = [&](std::string_view key) -> const TomlValue* {
            const auto& entries = table.as_table();
            auto it = entries.find(std::string(key));
            return it == entries.end() ? nullptr : &it->second;
        };
        if (const TomlValue* value = find("profile")) {
            std::string name = string_of(*value, "profile");
            // A profile file is a path; a built-in profile is a name.
            out.profile = {profiles::names_profile_file(name) ? path_of(*value, "profile") : name, line_of(*value)};
        }
        if (const TomlValue* value = find("exclude")) {
            if (!value->is_array())
                fail(*value,
                     fmt::format("`exclude` must be an array of strings, not {}", profiles::toml_type_name(*value)));
            std::vector<std::string> globs;
            for (const TomlValue& item : value->as_array())
                globs.push_back(string_of(item, "exclude[]"));
            out.exclude = {std::move(globs), line_of(*value)};
        }
        if (const TomlValue* value = find("fail-on"))
            out.fail_on = {choice_of(*value, "fail-on", k_fail_on_names), line_of(*value)};
        if (const TomlValue* value = find("format"))
            out.format = {choice_of(*value, "format", k_format_names), line_of(*value)};
        if (const TomlValue* value = find("output")) out.output = {path_of(*value, "output"), line_of(*value)};
        if (const TomlValue* value = find("jobs")) {
            if (!value->is_integer())
                fail(*value, fmt::format("`jobs` must be an integer, not {}", profiles::toml_type_name(*value)));
            std::int64_t jobs = value->as_integer();
            if (jobs < 1 || jobs > 1024) fail(*value, fmt::format("`jobs` must be from 1 to 1024, not {}", jobs));
            out.jobs = {static_cast<unsigned>(jobs), line_of(*value)};
        }
        if (const TomlValue* value = find("cache")) {
            if (value->is_boolean()) {
                if (value->as_boolean())
                    out.cache = {(m_folder / k_default_cache_folder).lexically_normal().string(), line_of(*value)};
            } else if (value->is_string()) {
                out.cache = {path_of(*value, "cache"), line_of(*value)};
            } else {
                fail(*value,
                     fmt::format("`cache` must be true, false or a folder, not {}", profiles::toml_type_name(*value)));
            }
        }
        if (const TomlValue* value = find("baseline")) out.baseline = {path_of(*value, "baseline"), line_of(*value)};
        if (const TomlValue* value = find("target-version")) {
            std::string text = string_of(*value, "target-version");
            std::optional<analyzer::PythonVersion> version = analyzer::parse_python_version(text);
            if (!version || !analyzer::is_supported_target(*version))
                fail(*value, fmt::format("`target-version` must be {}, not \"{}\"",
                                         analyzer::supported_targets_spelled(), text));
            out.target_version = {version->spelled(), line_of(*value)};
        }
        return out;
    }

private:
    std::string m_shown;
    fs::path m_folder;
};

std::optional<ConfigurationResult> read_candidate(const fs::path& path, const std::string& shown,
                                                  const std::string& folder, bool pyproject) {
    std::error_code error;
    fs::file_status status = fs::status(path, error);
    if (!fs::exists(status)) return std::nullopt;
    if (!fs::is_regular_file(status))
        return ConfigurationResult{ConfigurationError{shown, 0, 0, "is not a regular file"}};
    std::uintmax_t size = fs::file_size(path, error);
    if (error) return ConfigurationResult{ConfigurationError{shown, 0, 0, "cannot read: " + error.message()}};
    if (size > k_max_configuration_bytes)
        return ConfigurationResult{ConfigurationError{
            shown, 0, 0, fmt::format("is larger than {} bytes; not a configuration", k_max_configuration_bytes)}};
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    if (!file) return ConfigurationResult{ConfigurationError{shown, 0, 0, "cannot read it"}};
    return parse_configuration(text.str(), shown, folder, pyproject);
}

}  // namespace

std::optional<ConfigurationResult> parse_configuration(std::string_view text, const std::string& shown,
                                                       const fs::path& folder, bool pyproject) {
    profiles::TomlResult parsed = profiles::parse_toml_text(text, shown);
    if (auto* error = std::get_if<profiles::ProfileError>(&parsed)) return ConfigurationResult{*error};
    const TomlValue& root = std::get<TomlValue>(parsed);
    Reader reader(shown, folder);
    try {
        if (!pyproject) return ConfigurationResult{reader.read(root)};
        const auto& top = root.as_table();
        auto tool = top.find("tool");
        if (tool == top.end()) return std::nullopt;
        if (!tool->second.is_table()) reader.fail(tool->second, "`tool` must be a table");
        auto ours = tool->second.as_table().find("pygate");
        if (ours == tool->second.as_table().end()) return std::nullopt;
        if (!ours->second.is_table())
            reader.fail(ours->second,
                        fmt::format("`tool.pygate` must be a table, not {}", profiles::toml_type_name(ours->second)));
        return ConfigurationResult{reader.read(ours->second)};
    } catch (const Failure& failure) {
        return ConfigurationResult{failure.error};
    }
}

std::optional<ConfigurationResult> find_configuration(const fs::path& start) {
    fs::path here = start.lexically_normal();
    for (fs::path folder = here;; folder = folder.parent_path()) {
        // Shown and resolved from where pygate runs: "pygate.toml", "../pyproject.toml".
        fs::path relative = folder.lexically_relative(here);
        for (bool pyproject : {false, true}) {
            const char* name = pyproject ? "pyproject.toml" : "pygate.toml";
            std::string shown = (relative / name).lexically_normal().string();
            if (auto found = read_candidate(folder / name, shown, relative.string(), pyproject)) return found;
        }
        if (folder == folder.parent_path() || folder.parent_path().empty()) return std::nullopt;
    }
}

}  // namespace pygate::settings
