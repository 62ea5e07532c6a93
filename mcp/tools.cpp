#include "mcp/tools.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "support/base64.hpp"
#include "mcp/json_schema_check.hpp"
#include "rules/registry.hpp"
#include "rules/utils/listed_names.hpp"

namespace pygate::mcp {

using support::base64_decode;

namespace {

using nlohmann::json;

json string_schema(const char* description) {
    return {{"type", "string"}, {"description", description}};
}

json profile_schema(const ToolPolicy& policy) {
    return {{"type", "string"},
            {"enum", policy.allowed_profiles},
            {"description", fmt::format("The profile the code is judged and run under (default {}); only the "
                                        "listed ones are allowed here.",
                                        policy.default_profile)}};
}

json files_schema() {
    return {{"type", "object"},
            {"additionalProperties", {{"type", "string"}}},
            {"description",
             "Input files placed in input/ before the code runs: {\"name\": \"text\"}; names are plain file names."}};
}

json finding_schema() {
    const json integer = {{"type", "integer"}};
    const json string = {{"type", "string"}};
    return {{"type", "object"},
            {"properties",
             {{"rule", string},
              {"name", string},
              {"severity", string},
              {"message", string},
              {"qualified_name", string},
              {"line", integer},
              {"column", integer},
              {"end_line", integer},
              {"end_column", integer},
              {"source_line", string}}},
            {"required", {"rule", "name", "severity", "message", "line", "column"}}};
}

json findings_schema() {
    return {{"type", "array"}, {"items", finding_schema()}};
}

json decision_schema() {
    return {{"type", "string"}, {"enum", {"allow", "review", "deny"}}};
}

json object_schema(json properties, json required) {
    return {{"type", "object"},
            {"properties", std::move(properties)},
            {"required", std::move(required)},
            {"additionalProperties", false}};
}

std::vector<ToolSpec> tool_specs(const ToolPolicy& policy) {
    std::vector<ToolSpec> specs;
    const json code = string_schema("Python source code (Python 3.11).");
    specs.push_back(
        {"check_python", "Check Python",
         "Judge Python code under the security profile without running it. Returns the decision (allow, review "
         "or deny) and each finding with its rule, line and message; a denial also says what the profile allows, "
         "so the code can be rewritten to comply.",
         object_schema({{"code", code}, {"profile", profile_schema(policy)}}, {"code"}),
         {{"type", "object"},
          {"properties",
           {{"decision", decision_schema()}, {"profile", {{"type", "string"}}}, {"findings", findings_schema()}}},
          {"required", {"decision", "profile", "findings"}}},
         {{"readOnlyHint", true}, {"openWorldHint", false}}});
    if (!policy.run) return specs;
    const json limits_note = {{"type", "integer"},
                              {"minimum", 1},
                              {"description", "Wall-clock seconds; may only be tighter than the profile's limit."}};
    specs.push_back(
        {"run_python", "Run Python",
         "Judge Python code under the security profile and, if it is allowed, run it in a sandbox (no network "
         "unless the profile allows it, only input/ readable and output/ writable, CPU, memory and time limits). "
         "Returns the status, exit code, stdout and stderr. Code the gate refuses is not run: the result lists "
         "each finding and what the profile allows.",
         object_schema({{"code", code},
                        {"profile", profile_schema(policy)},
                        {"files", files_schema()},
                        {"stdin", string_schema("The program's standard input.")},
                        {"timeout", limits_note}},
                       {"code"}),
         {{"type", "object"},
          {"properties",
           {{"status", {{"type", "string"}}},
            {"exit_code", {{"type", {"integer", "null"}}}},
            {"stdout", {{"type", "string"}}},
            {"stderr", {{"type", "string"}}},
            {"truncated", {{"type", "boolean"}}},
            {"duration_ms", {{"type", "number"}}},
            {"warm", {{"type", "boolean"}, {"description", "Forked from the profile's preloaded template."}}},
            {"decision", decision_schema()},
            {"findings", findings_schema()}}},
          {"required", {"status", "exit_code", "stdout", "stderr", "truncated", "duration_ms", "decision", "findings"}}},
         {{"readOnlyHint", false}, {"destructiveHint", false}, {"idempotentHint", false}, {"openWorldHint", false}}});
    specs.push_back(
        {"python_session_open", "Open a Python session",
         "Start a sandboxed Python interpreter that keeps its variables between python_session_exec calls, for "
         "work that builds on earlier results. Returns the session's name. Close it with python_session_close.",
         object_schema({{"profile", profile_schema(policy)},
                        {"files", files_schema()},
                        {"preload",
                         {{"type", "array"},
                          {"items", {{"type", "string"}}},
                          {"description", "Modules imported at open (each must be one the profile allows)."}}}},
                       json::array()),
         {{"type", "object"},
          {"properties",
           {{"session", {{"type", "string"}}}, {"profile", {{"type", "string"}}}, {"limits", {{"type", "object"}}}}},
          {"required", {"session", "profile", "limits"}}},
         {{"readOnlyHint", false}, {"destructiveHint", false}, {"openWorldHint", false}}});
    specs.push_back(
        {"python_session_exec", "Run a step in a Python session",
         "Judge a step against everything the session ran before and, if allowed, run it in the session's "
         "interpreter. A trailing expression's value is returned as a REPL shows it. A refused step is not run "
         "and the session goes on.",
         object_schema({{"session", string_schema("The name python_session_open returned.")},
                        {"code", code},
                        {"timeout", limits_note}},
                       {"session", "code"}),
         {{"type", "object"},
          {"properties",
           {{"step", {{"type", "integer"}}},
            {"status", {{"type", "string"}}},
            {"decision", decision_schema()},
            {"findings", findings_schema()},
            {"stdout", {{"type", "string"}}},
            {"stderr", {{"type", "string"}}},
            {"value", {{"type", {"string", "null"}}}},
            {"traceback", {{"type", {"string", "null"}}}},
            {"truncated", {{"type", "boolean"}}},
            {"duration_ms", {{"type", "number"}}},
            {"session_ended", {{"type", "boolean"}}}}},
          {"required", {"step", "status", "decision", "findings", "stdout", "stderr", "value", "traceback",
                        "truncated", "duration_ms", "session_ended"}}},
         {{"readOnlyHint", false}, {"destructiveHint", false}, {"openWorldHint", false}}});
    specs.push_back(
        {"python_session_close", "Close a Python session",
         "End a session's interpreter and return the files it wrote under output/.",
         object_schema({{"session", string_schema("The name python_session_open returned.")}}, {"session"}),
         {{"type", "object"},
          {"properties",
           {{"session", {{"type", "string"}}},
            {"reason", {{"type", "string"}}},
            {"files",
             {{"type", "array"},
              {"items",
               {{"type", "object"},
                {"properties",
                 {{"path", {{"type", "string"}}},
                  {"bytes", {{"type", "integer"}}},
                  {"text", {{"type", "string"}}},
                  {"base64", {{"type", "string"}}}}},
                {"required", {"path", "bytes"}}}}}}}},
          {"required", {"session", "reason", "files"}}},
         {{"readOnlyHint", false}, {"destructiveHint", false}, {"openWorldHint", false}}});
    return specs;
}

const ToolSpec* find_spec(const std::vector<ToolSpec>& specs, const std::string& name) {
    for (const auto& spec : specs)
        if (name == spec.name) return &spec;
    return nullptr;
}

// ---- how a refusal reads, for a model that will rewrite its code ----------

std::string finding_line(const json& finding) {
    return fmt::format("- line {}, column {}: {} {} ({}): {}", finding.value("line", 0), finding.value("column", 0),
                       finding.value("rule", ""), finding.value("name", ""), finding.value("severity", ""),
                       finding.value("message", ""));
}

// Per rule found: the rule's own advice and, where the profile decides it,
// what this profile allows (both the rule's metadata).
std::string how_to_comply(const json& findings, const analyzer::Profile& profile) {
    std::set<std::string> rules_found;
    for (const auto& finding : findings) rules_found.insert(finding.value("rule", ""));
    std::string text = fmt::format("How to comply with profile {}:\n", profile.name);
    for (const rules::RuleMetadata* rule : rules::all_rules()) {
        const std::string code = rule->code();
        if (!rules_found.contains(code)) continue;
        text += fmt::format("- {}: {}", code, rule->instead);
        if (rule->allowed_under != nullptr)
            if (std::string allowed = rule->allowed_under(profile); !allowed.empty()) text += " " + allowed;
        text += "\n";
    }
    return text;
}

std::string refusal_text(const std::string& decision, const json& findings, const analyzer::Profile& profile,
                         const char* what) {
    std::string text = fmt::format("{}: the gate decided {} under profile {}.\n", what, decision, profile.name);
    for (const auto& finding : findings) text += finding_line(finding) + "\n";
    text += how_to_comply(findings, profile);
    return text;
}

std::string output_text(const json& result) {
    std::string text;
    const std::string out = result.value("stdout", "");
    const std::string err = result.value("stderr", "");
    if (!out.empty()) text += "stdout:\n" + out + (out.back() == '\n' ? "" : "\n");
    if (!err.empty()) text += "stderr:\n" + err + (err.back() == '\n' ? "" : "\n");
    if (result.value("truncated", false)) text += "(output truncated at the profile's output limit)\n";
    return text;
}

json text_content(std::string text) {
    return {{"type", "text"}, {"text", std::move(text)}};
}

json call_result(const json& structured, std::string text, bool is_error, bool with_structure) {
    json result = {{"content", json::array({text_content(std::move(text))})}, {"isError", is_error}};
    if (with_structure) {
        result["structuredContent"] = structured;
    } else {
        // Revisions before structuredContent: the same data as JSON text, so
        // nothing a newer client would get is lost.
        result["content"].push_back(text_content(structured.dump()));
    }
    return result;
}

json findings_of(const json& check_result) {
    return check_result.value("findings", json::array());
}

json check_tool_result(const json& check, const analyzer::Profile& profile, bool structured) {
    const std::string decision = check.value("decision", "deny");
    const json findings = findings_of(check);
    const json content = {{"decision", decision}, {"profile", profile.name}, {"findings", findings}};
    if (decision == "allow") {
        std::string text = fmt::format("allow under profile {}", profile.name);
        text += findings.empty() ? ": no findings.\n" : "; findings below the profile's threshold:\n";
        for (const auto& finding : findings) text += finding_line(finding) + "\n";
        return call_result(content, text, false, structured);
    }
    return call_result(content, refusal_text(decision, findings, profile, "Refused"), true, structured);
}

json run_tool_result(const std::vector<json>& results, const analyzer::Profile& profile, bool structured) {
    const json& check = results.at(0);
    const std::string decision = check.value("decision", "deny");
    const json findings = findings_of(check);
    if (results.size() < 2) {
        const json content = {{"status", "gate_denied"}, {"exit_code", nullptr}, {"stdout", ""},
                              {"stderr", ""},            {"truncated", false},   {"duration_ms", 0},
                              {"decision", decision},    {"findings", findings}};
        return call_result(content, refusal_text(decision, findings, profile, "Not run"), true, structured);
    }
    const json& run = results[1];
    const std::string status = run.value("status", "internal_error");
    json content = {{"status", status},
                    {"exit_code", run.value("exit_code", json())},
                    {"stdout", run.value("stdout", "")},
                    {"stderr", run.value("stderr", "")},
                    {"truncated", run.value("truncated", false)},
                    {"duration_ms", run.value("duration_ms", 0.0)},
                    {"warm", run.value("warm", false)},
                    {"decision", run.value("decision", decision)},
                    {"findings", findings}};
    if (status == "gate_denied") {
        // The server's own gate stopped it (it judges again before running).
        const json gate_findings = run.contains("gate") && !run["gate"]["files"].empty()
                                       ? run["gate"]["files"][0].value("findings", json::array())
                                       : json::array();
        content["findings"] = gate_findings;
        return call_result(content, refusal_text(content["decision"], gate_findings, profile, "Not run"), true,
                           structured);
    }
    std::string text = fmt::format("status {}", status);
    if (content["exit_code"].is_number()) text += fmt::format(", exit code {}", content["exit_code"].get<int>());
    text += fmt::format(" ({} ms)\n", content["duration_ms"].dump());
    if (run.contains("error")) text += run.value("error", "") + "\n";
    text += output_text(run);
    const bool failed = status != "ok" && status != "output_truncated";
    return call_result(content, text, failed, structured);
}

json session_exec_tool_result(const json& step, const analyzer::Profile& profile, bool structured) {
    json content;
    for (const char* key : {"step", "status", "decision", "findings", "stdout", "stderr", "value", "traceback",
                            "truncated", "duration_ms", "session_ended"})
        content[key] = step.value(key, json());
    const std::string status = step.value("status", "session_lost");
    if (status == "gate_denied")
        return call_result(content,
                           refusal_text(step.value("decision", "deny"), content["findings"], profile, "Step not run"),
                           true, structured);
    std::string text = fmt::format("step {}: {}\n", step.value("step", 0), status);
    text += output_text(step);
    if (content["value"].is_string()) text += "value: " + content["value"].get<std::string>() + "\n";
    if (content["traceback"].is_string()) text += content["traceback"].get<std::string>();
    if (step.value("session_ended", false)) text += "The session has ended; open a new one to go on.\n";
    const bool failed = status != "ok" && status != "output_truncated";
    return call_result(content, text, failed, structured);
}

bool valid_utf8(const std::string& bytes) {
    std::size_t i = 0;
    while (i < bytes.size()) {
        const unsigned char c = static_cast<unsigned char>(bytes[i]);
        const std::size_t length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        if (length == 0 || i + length > bytes.size()) return false;
        for (std::size_t k = 1; k < length; ++k)
            if ((static_cast<unsigned char>(bytes[i + k]) & 0xC0) != 0x80) return false;
        i += length;
    }
    return true;
}

json session_close_tool_result(const json& closed, bool structured) {
    json files = json::array();
    std::string text = fmt::format("session {} closed ({})\n", closed.value("session", ""), closed.value("reason", ""));
    for (const auto& file : closed.value("files", json::array())) {
        const auto bytes = base64_decode(file.value("base64", ""));
        json entry = {{"path", file.value("path", "")}, {"bytes", bytes ? bytes->size() : 0}};
        if (bytes && valid_utf8(*bytes))
            entry["text"] = *bytes;
        else
            entry["base64"] = file.value("base64", "");
        text += fmt::format("wrote {} ({} bytes)\n", entry["path"].get<std::string>(), entry["bytes"].dump());
        files.push_back(std::move(entry));
    }
    const json content = {{"session", closed.value("session", "")}, {"reason", closed.value("reason", "")},
                          {"files", std::move(files)}};
    return call_result(content, text, false, structured);
}

json serve_files(const json& files) {
    return files.is_object() ? files : json::object();
}

}  // namespace

ToolCatalog::ToolCatalog(ToolPolicy policy) : m_policy(std::move(policy)), m_specs(tool_specs(m_policy)) {}

json ToolCatalog::list(bool structured) const {
    json tools = json::array();
    for (const auto& spec : m_specs) {
        json tool = {{"name", spec.name}, {"description", spec.description}, {"inputSchema", spec.input}};
        tool["annotations"] = spec.annotations;
        tool["annotations"]["title"] = spec.title;
        if (structured) {
            tool["title"] = spec.title;
            tool["outputSchema"] = spec.output;
        }
        tools.push_back(std::move(tool));
    }
    return tools;
}

std::variant<ToolCall, std::string> ToolCatalog::read_call(const json& params) const {
    const ToolPolicy& policy = m_policy;
    if (!params.contains("name") || !params["name"].is_string()) return std::string("tools/call needs a `name`");
    const std::string name = params["name"].get<std::string>();
    const ToolSpec* spec = find_spec(m_specs, name);
    if (!spec) {
        std::vector<std::string> names;
        for (const auto& each : m_specs) names.emplace_back(each.name);
        return fmt::format("unknown tool `{}` (tools: {})", name, rules::listed_names(names));
    }
    const json arguments = params.value("arguments", json::object());
    if (auto violation = schema_violation(arguments, spec->input, "arguments")) return *violation;

    ToolCall call;
    call.tool = name;
    call.profile = arguments.value("profile", policy.default_profile);
    if (name == "check_python") {
        call.requests.push_back({{"op", "check"}, {"code", arguments["code"]}, {"profile", call.profile}});
    } else if (name == "run_python") {
        call.requests.push_back({{"op", "check"}, {"code", arguments["code"]}, {"profile", call.profile}});
        json run = {{"op", "run"},
                    {"code", arguments["code"]},
                    {"profile", call.profile},
                    {"files", serve_files(arguments.value("files", json::object()))}};
        if (arguments.contains("stdin")) run["stdin"] = arguments["stdin"];
        if (arguments.contains("timeout")) run["timeout"] = arguments["timeout"].get<std::int64_t>();
        call.requests.push_back(std::move(run));
    } else if (name == "python_session_open") {
        json open = {{"op", "session_open"},
                     {"profile", call.profile},
                     {"files", serve_files(arguments.value("files", json::object()))}};
        if (arguments.contains("preload")) open["preload"] = arguments["preload"];
        call.requests.push_back(std::move(open));
    } else if (name == "python_session_exec") {
        json exec = {{"op", "session_exec"}, {"session", arguments["session"]}, {"code", arguments["code"]}};
        if (arguments.contains("timeout")) exec["timeout"] = arguments["timeout"].get<std::int64_t>();
        call.requests.push_back(std::move(exec));
    } else {
        call.requests.push_back({{"op", "session_close"}, {"session", arguments["session"]}});
    }
    return call;
}

bool gate_lets_run(const json& check_result) {
    return check_result.value("decision", "deny") == "allow";
}

json tool_result(const ToolCall& call, const std::vector<json>& results, const analyzer::Profile& profile,
                 bool structured) {
    if (call.tool == "check_python") return check_tool_result(results.at(0), profile, structured);
    if (call.tool == "run_python") return run_tool_result(results, profile, structured);
    if (call.tool == "python_session_exec") return session_exec_tool_result(results.at(0), profile, structured);
    if (call.tool == "python_session_close") return session_close_tool_result(results.at(0), structured);
    const json& opened = results.at(0);
    const json content = {{"session", opened.value("session", "")},
                          {"profile", opened.value("profile", "")},
                          {"limits", opened.value("limits", json::object())}};
    return call_result(content,
                       fmt::format("session {} open under profile {}; run steps with python_session_exec.\n",
                                   content["session"].get<std::string>(), content["profile"].get<std::string>()),
                       false, structured);
}

json tool_error_result(const std::string& message) {
    return {{"content", json::array({text_content(message)})}, {"isError", true}};
}

}  // namespace pygate::mcp
