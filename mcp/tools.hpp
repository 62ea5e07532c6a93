#pragma once
// The tools `pygate mcp` offers (check_python, run_python and the
// python_session_* tools): their schemas, how a call becomes requests to
// `pygate serve`, and how the server's answers become a CallToolResult with
// `structuredContent` and a short text for models that read only text. A
// call's arguments are checked against the same `inputSchema` a client sees.

#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "analyzer/profile.hpp"

namespace pygate::mcp {

// What the operator lets agents ask for; an agent cannot widen it.
struct ToolPolicy {
    std::string default_profile;
    std::vector<std::string> allowed_profiles;  // the only ones a call may name; the default among them
    bool run = true;                            // false: check_python only (`--no-run`)
};

// One tool: its schemas are built from the policy (`profile`'s enum).
struct ToolSpec {
    const char* name;
    const char* title;
    const char* description;
    nlohmann::json input;
    nlohmann::json output;
    nlohmann::json annotations;
};

// A call, read: the server requests that carry it out, in order (run_python
// checks first, so a refusal needs no sandbox and an allowed run still
// reports the findings under the gate's threshold), and the profile it is judged under.
struct ToolCall {
    std::string tool;
    std::string profile;
    std::vector<nlohmann::json> requests;  // serve requests without their id
};

// The tools one server offers under its operator's policy, their schemas
// built once, when the server starts.
class ToolCatalog {
public:
    explicit ToolCatalog(ToolPolicy policy);
    const ToolPolicy& policy() const { return m_policy; }
    // The tools as tools/list shows them. `structured`: the client's revision
    // has `outputSchema`, `structuredContent` and `title` (2025-06-18 on).
    nlohmann::json list(bool structured) const;
    // Reads a tools/call's params; a message for an invalid-params error when
    // the tool is unknown or the arguments break its inputSchema.
    std::variant<ToolCall, std::string> read_call(const nlohmann::json& params) const;

private:
    ToolPolicy m_policy;
    std::vector<ToolSpec> m_specs;
};

// Whether run_python may go on to its run request after the gate's answer.
bool gate_lets_run(const nlohmann::json& check_result);

// The CallToolResult for a call's answers from the server (`results[i]` is
// the result of `requests[i]`; fewer when the gate stopped a run), judged
// under `profile`.
nlohmann::json tool_result(const ToolCall& call, const std::vector<nlohmann::json>& results,
                           const analyzer::Profile& profile, bool structured);

// A CallToolResult for a call the server refused (a looser limit, a closed
// session, a busy one): a tool error the model can act on, not a protocol one.
nlohmann::json tool_error_result(const std::string& message);

}  // namespace pygate::mcp
