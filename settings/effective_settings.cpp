#include "settings/effective_settings.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "settings/requires_python.hpp"

namespace pygate::settings {

const char* format_name(ReportFormat format) {
    for (const auto& [name, each] : k_report_formats)
        if (each == format) return name.data();
    return "text";
}

const char* fail_on_name(FailOn fail_on) {
    switch (fail_on) {
        case FailOn::deny:
            return "deny";
        case FailOn::review:
            return "review";
        case FailOn::never:
            return "never";
    }
    return "review";
}

namespace {

ReportFormat format_of(const std::string& name) {
    for (const auto& [spelled, format] : k_report_formats)
        if (name == spelled) return format;
    return ReportFormat::text;  // unreachable: the configuration reader checked the name
}

FailOn fail_on_of(const std::string& name) {
    for (FailOn fail_on : {FailOn::deny, FailOn::review, FailOn::never})
        if (name == fail_on_name(fail_on)) return fail_on;
    return FailOn::review;  // unreachable: the configuration reader checked the name
}

// The settings as TOML values, in the configuration's key order.
std::vector<std::pair<std::string, nlohmann::ordered_json>> values_of(const CheckOptions& options) {
    using nlohmann::ordered_json;
    auto path_or_none = [](const std::string& path) { return path.empty() ? ordered_json(false) : ordered_json(path); };
    return {{"profile", options.profile},
            {"exclude", options.excludes},
            {"fail-on", fail_on_name(options.fail_on)},
            {"format", format_name(options.format)},
            {"output", options.output.empty() ? ordered_json("-") : ordered_json(options.output)},
            {"jobs", options.jobs == 0 ? ordered_json("all cores") : ordered_json(options.jobs)},
            {"cache", path_or_none(options.cache)},
            {"baseline", path_or_none(options.baseline)},
            {"target-version", options.target_version.empty() ? ordered_json(false) : ordered_json(options.target_version)}};
}

}  // namespace

SettingOrigins apply_configuration(const Configuration* configuration, const std::set<std::string>& given,
                                   CheckOptions& options) {
    SettingOrigins origins;
    auto take = [&](const char* key, const auto& setting, auto&& assign) {
        if (given.contains(key)) {
            origins.emplace_back(key, "command line");
        } else if (configuration != nullptr && setting) {
            assign(setting->value);
            origins.emplace_back(key, fmt::format("{}:{}", configuration->file, setting->line));
        } else {
            origins.emplace_back(key, "default");
        }
    };
    static const Configuration k_none;
    const Configuration& file = configuration != nullptr ? *configuration : k_none;
    take("profile", file.profile, [&](const std::string& value) { options.profile = value; });
    take("exclude", file.exclude, [&](const std::vector<std::string>& value) { options.excludes = value; });
    take("fail-on", file.fail_on, [&](const std::string& value) { options.fail_on = fail_on_of(value); });
    take("format", file.format, [&](const std::string& value) { options.format = format_of(value); });
    take("output", file.output, [&](const std::string& value) { options.output = value; });
    take("jobs", file.jobs, [&](unsigned value) { options.jobs = value; });
    take("cache", file.cache, [&](const std::string& value) { options.cache = value; });
    take("baseline", file.baseline, [&](const std::string& value) { options.baseline = value; });
    take("target-version", file.target_version, [&](const std::string& value) { options.target_version = value; });
    return origins;
}

void set_origin(SettingOrigins& origins, const std::string& key, std::string origin) {
    for (auto& [name, was] : origins)
        if (name == key) {
            was = std::move(origin);
            return;
        }
    origins.emplace_back(key, std::move(origin));
}

std::variant<SettledSettings, std::string> settle_settings(CheckOptions& options, const std::set<std::string>& given) {
    SettledSettings settled;
    if (!options.isolated) {
        std::error_code error;
        std::filesystem::path here = std::filesystem::current_path(error);
        if (error)
            return fmt::format("cannot find the working folder to look for a configuration: {}", error.message());
        if (auto found = find_configuration(here)) {
            if (auto* invalid = std::get_if<ConfigurationError>(&*found)) return invalid->to_string();
            settled.configuration = std::get<Configuration>(std::move(*found));
        }
    }
    settled.origins = apply_configuration(settled.configuration ? &*settled.configuration : nullptr, given, options);
    // No target version given: the repository's declared one, as Ruff infers its own.
    if (!options.isolated && options.target_version.empty()) {
        std::error_code error;
        std::filesystem::path here = std::filesystem::current_path(error);
        if (error) return fmt::format("cannot find the working folder to look for pyproject.toml: {}", error.message());
        auto declared = find_requires_python(here);
        if (auto* invalid = std::get_if<std::string>(&declared)) return *invalid;
        if (auto* found = std::get_if<DeclaredTarget>(&declared)) {
            if (auto* why_not = std::get_if<std::string>(&found->target))
                return fmt::format("{}:{}: requires-python = \"{}\": {}; set target-version (pygate.toml, "
                                   "[tool.pygate] or --target-version) to one of {}",
                                   found->file, found->line, found->specifiers, *why_not,
                                   analyzer::supported_targets_spelled());
            options.target_version = std::get<analyzer::PythonVersion>(found->target).spelled();
            set_origin(settled.origins, "target-version",
                       fmt::format("{}:{}: the lowest version requires-python = \"{}\" admits", found->file,
                                   found->line, found->specifiers));
        }
    }
    return settled;
}

void write_settings(std::ostream& out, const CheckOptions& options, const SettingOrigins& origins,
                    const Configuration* configuration, bool isolated, bool as_json) {
    auto values = values_of(options);
    auto origin_of = [&](const std::string& key) {
        for (const auto& [name, origin] : origins)
            if (name == key) return origin;
        return std::string("default");
    };
    if (as_json) {
        nlohmann::ordered_json json;
        json["configuration_file"] =
            configuration != nullptr ? nlohmann::ordered_json(configuration->file) : nlohmann::ordered_json(nullptr);
        json["isolated"] = isolated;
        nlohmann::ordered_json settings = nlohmann::ordered_json::object();
        for (auto& [key, value] : values)
            settings[key] = {{"value", value}, {"source", origin_of(key)}};
        json["settings"] = std::move(settings);
        out << json.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
        return;
    }
    if (isolated)
        out << "# configuration: none read (--isolated)\n";
    else if (configuration != nullptr)
        out << "# configuration: " << configuration->file << '\n';
    else
        out << "# configuration: none found from the working folder upward\n";
    std::size_t width = 0;
    std::vector<std::string> lines;
    for (const auto& [key, value] : values) {
        lines.push_back(
            fmt::format("{} = {}", key, value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)));
        width = std::max(width, lines.back().size());
    }
    for (std::size_t i = 0; i < values.size(); ++i)
        out << fmt::format("{:<{}}  # {}\n", lines[i], width, origin_of(values[i].first));
}

}  // namespace pygate::settings
