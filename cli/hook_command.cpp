#include "cli/hook_command.hpp"

#include <cstdlib>
#include <iostream>

namespace pygate::cli {

void add_hook_command(CLI::App& app, hooks::HookOptions& options) {
    CLI::App* hook = app.add_subcommand(
        "hook", "Answer a coding agent's pre-tool-call hook: gate the Python a tool call would run");
    hook->add_option("host", options.host, "claude-code (PreToolUse) or gemini-cli (BeforeTool)")
        ->required()
        ->check(CLI::IsMember({"claude-code", "gemini-cli"}));
    hook->add_option("--profile", options.profile, "Profile name or TOML file")->capture_default_str();
    hook->add_flag("--approve", options.approve,
                   "Answer allow (skipping the host's prompt) for a command that is wholly Python pygate judged and "
                   "passed; without it, passing Python gets no decision");
    hook->callback([&options] { std::exit(hooks::run_hook(options, std::cin, std::cout, std::cerr)); });
}

}  // namespace pygate::cli
