#pragma once
// `pygate hook claude-code` and `pygate hook gemini-cli`: a coding agent's
// host asks this command before each tool call (Claude Code's PreToolUse,
// Gemini CLI's BeforeTool), with the call as JSON on stdin. When the call
// runs Python (a shell command, or an interpreter tool's code), the code is
// gated under the profile and the answer is allow, ask (review, or Python
// that cannot be determined) or deny, with the findings as the reason; for
// anything else the answer is nothing, and the host decides.

#include <CLI/CLI.hpp>
#include <string>

namespace pygate::cli {

struct HookOptions {
    std::string host;  // claude-code | gemini-cli
    std::string profile = "safe_eval";
};

void add_hook_command(CLI::App& app, HookOptions& options);
int run_hook(const HookOptions& options, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace pygate::cli
