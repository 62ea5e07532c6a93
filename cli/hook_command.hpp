#pragma once
// `pygate hook claude-code` and `pygate hook gemini-cli`: a coding agent's
// host asks this command before each tool call (Claude Code's PreToolUse,
// Gemini CLI's BeforeTool), with the call as JSON on stdin. When the call
// runs Python (a shell command, or an interpreter tool's code), the code is
// gated under the profile. A refusal is deny, a review or Python that cannot
// be determined is ask, with the findings as the reason. Python that passes
// gets no decision: the verdict covers only the Python, never the rest of a
// shell command, so the host's own permission rules and prompt apply as
// without pygate. Only with `--approve`, and only when the whole command is
// Python pygate judged and nothing else, is the answer allow (docs/hooks.md).

#include <CLI/CLI.hpp>
#include <string>

namespace pygate::cli {

struct HookOptions {
    std::string host;  // claude-code | gemini-cli
    std::string profile = "safe_eval";
    bool approve = false;  // answer allow for commands that are wholly judged Python
};

void add_hook_command(CLI::App& app, HookOptions& options);
int run_hook(const HookOptions& options, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace pygate::cli
