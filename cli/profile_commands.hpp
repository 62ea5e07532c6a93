#pragma once
// `pygate profiles` and `pygate profile show NAME|FILE`.

#include <CLI/CLI.hpp>
#include <string>

namespace pygate::cli {

struct ProfileCommandOptions {
    std::string show_target;
};

void add_profile_commands(CLI::App& app, ProfileCommandOptions& options);

}  // namespace pygate::cli
