#pragma once
// The answer to a coding agent's pre-tool-call hook (`pygate hook
// claude-code`, `pygate hook gemini-cli`): the host asks before each tool call (Claude Code's PreToolUse,
// Gemini CLI's BeforeTool), with the call as JSON on stdin. When the call
// runs Python (a shell command, or an interpreter tool's code), the code is
// gated under the profile. A refusal is deny, a review or Python that cannot
// be determined is ask, with the findings as the reason. Python that passes
// gets no decision: the verdict covers only the Python, never the rest of a
// shell command, so the host's own permission rules and prompt apply as
// without pygate. Only with `--approve`, and only when the whole command is
// Python pygate judged and nothing else, is the answer allow (docs/hooks.md).

#include <iosfwd>
#include <string>

namespace pygate::hooks {

struct HookOptions {
    std::string host;  // claude-code | gemini-cli
    std::string profile = "safe_eval";
    bool approve = false;  // answer allow for commands that are wholly judged Python
};

// Reads the host's JSON call from `in` and writes its answer to `out`;
// returns the exit code (2, with the reason on `err`, blocks the call).
int run_hook(const HookOptions& options, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace pygate::hooks
