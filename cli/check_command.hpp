#pragma once
// `pygate check`: discover, scan, gate, report, choose the exit code.

#include <CLI/CLI.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "settings/check_settings.hpp"
#include "settings/effective_settings.hpp"

namespace pygate::cli {

using settings::CheckOptions;

void add_check_command(CLI::App& app, CheckOptions& options);
// `options` as the command line gave them; the keys the command line set
// (configuration keys: "profile", "fail-on", ...) keep their values, the
// others are taken from the configuration file unless options.isolated.
int run_check_command(CheckOptions& options, const std::set<std::string>& given);
// The one target of the check: the libraries `--libraries` names and the
// target version (given, configured, declared by requires-python, else the
// libraries' cpython, else 3.11; judging/target_libraries.hpp), set as the
// process's; options.target_version and its origin filled in. An exit code
// when they are refused (a version pygate does not read, --libraries naming
// another cpython), after saying why on standard error.
std::optional<int> settle_target(CheckOptions& options, settings::SettingOrigins& origins);
// A check with these settings, configuration already applied.
int run_check(const CheckOptions& options);

}  // namespace pygate::cli
