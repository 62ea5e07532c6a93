#pragma once
// `pygate check`: discover, scan, gate, report, choose the exit code.

#include <CLI/CLI.hpp>
#include <set>
#include <string>
#include <vector>

#include "settings/check_settings.hpp"

namespace pygate::cli {

using settings::CheckOptions;

void add_check_command(CLI::App& app, CheckOptions& options);
// `options` as the command line gave them; the keys the command line set
// (configuration keys: "profile", "fail-on", ...) keep their values, the
// others are taken from the configuration file unless options.isolated.
int run_check_command(CheckOptions& options, const std::set<std::string>& given);
// A check with these settings, configuration already applied.
int run_check(const CheckOptions& options);

}  // namespace pygate::cli
