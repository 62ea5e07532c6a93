#pragma once
// `pygate config`: the settings `pygate check` would run with here, and where
// each came from (default, FILE:LINE of the configuration, command line).

#include <CLI/CLI.hpp>

namespace pygate::cli {

struct ConfigCommandOptions {
    bool isolated = false;
    bool json = false;
};

void add_config_command(CLI::App& app, ConfigCommandOptions& options);

}  // namespace pygate::cli
