#pragma once
// `pygate hook claude-code|gemini-cli`: the command line of hooks/hook_answer.

#include <CLI/CLI.hpp>

#include "hooks/hook_answer.hpp"

namespace pygate::cli {

void add_hook_command(CLI::App& app, hooks::HookOptions& options);

}  // namespace pygate::cli
