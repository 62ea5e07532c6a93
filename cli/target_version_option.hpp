#pragma once
// `--target-version X.Y` (check, run): the CPython version the code is judged
// for. Checked as it is parsed, so that every value given, the empty one
// included, is either a version pygate reads or a usage error: an empty
// value must not read as "not given" and fall back to another version.

#include <CLI/CLI.hpp>
#include <string>

#include "analyzer/python_version.hpp"

namespace pygate::cli {

inline CLI::Option* add_target_version_option(CLI::App& app, std::string& target, const std::string& description) {
    auto readable = [](const std::string& value) -> std::string {
        std::optional<analyzer::PythonVersion> version = analyzer::parse_python_version(value);
        if (version && analyzer::is_supported_target(*version)) return {};
        return "pygate reads " + analyzer::supported_targets_spelled() + ", not `" + value + "`";
    };
    return app.add_option("--target-version", target, description)
        ->check(CLI::Validator(readable, "", "target version"))
        ->type_name("X.Y");
}

}  // namespace pygate::cli
