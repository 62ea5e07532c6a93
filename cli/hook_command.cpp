#include "cli/hook_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "analyzer/gate.hpp"
#include "cli/exit_codes.hpp"
#include "cli/scan.hpp"
#include "cli/shell_python.hpp"
#include "profiles/compiled_profiles.hpp"
#include "rules/registry.hpp"

namespace pygate::cli {
namespace {

using nlohmann::json;

enum class Verdict { none, allow, ask, deny };

struct Judgement {
    Verdict verdict = Verdict::none;
    std::vector<std::string> reasons;
};

// The Python a tool call runs: a shell tool's command, or the code of a tool
// that runs Python (an MCP interpreter, say).
std::vector<ShellPython> python_of_call(const json& call) {
    const std::string tool = call.value("tool_name", "");
    const json input = call.contains("tool_input") && call["tool_input"].is_object() ? call["tool_input"] : json::object();
    const std::string cwd = call.value("cwd", ".");
    if ((tool == "Bash" || tool == "run_shell_command") && input.contains("command") && input["command"].is_string())
        return find_shell_python(input["command"].get<std::string>(), cwd);
    std::string lowered = tool;
    for (char& c : lowered)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lowered.find("python") != std::string::npos && input.contains("code") && input["code"].is_string())
        return {ShellPython{ShellPython::Kind::code, input["code"].get<std::string>(), tool, {}}};
    return {};
}

Judgement judge(const std::vector<ShellPython>& found, const analyzer::Profile& profile) {
    Judgement judgement;
    analyzer::Parser parser;
    auto raise = [&](Verdict verdict) { judgement.verdict = std::max(judgement.verdict, verdict); };
    for (const ShellPython& python : found) {
        if (python.kind == ShellPython::Kind::undetermined) {
            raise(Verdict::ask);
            judgement.reasons.push_back("pygate cannot tell what Python this runs: " + python.why);
            continue;
        }
        std::string internal_error;
        reporters::FileReport file = judge_read(python.source, python.code, parser, profile, internal_error);
        if (!internal_error.empty()) {
            raise(Verdict::deny);
            judgement.reasons.push_back("pygate failed on this code: " + internal_error);
            continue;
        }
        if (file.decision == analyzer::Decision::allow) {
            raise(Verdict::allow);
            continue;
        }
        raise(file.decision == analyzer::Decision::deny ? Verdict::deny : Verdict::ask);
        for (const auto& finding : file.findings)
            judgement.reasons.push_back(fmt::format("{} line {}: {} {}", python.source, finding.range.line,
                                                    analyzer::rule_code(finding.rule), finding.message));
    }
    return judgement;
}

std::string reason_text(const Judgement& judgement, const std::string& profile) {
    if (judgement.verdict == Verdict::allow) return fmt::format("pygate: allowed under profile {}", profile);
    std::string text = fmt::format("pygate ({} under profile {}):", judgement.verdict == Verdict::deny ? "deny" : "review",
                                   profile);
    for (const auto& reason : judgement.reasons)
        text += "\n- " + reason;
    if (judgement.verdict == Verdict::deny)
        text += "\nRewrite the code without these, or ask the user; `pygate explain RULE` says what each rule allows.";
    return text;
}

}  // namespace

void add_hook_command(CLI::App& app, HookOptions& options) {
    CLI::App* hook = app.add_subcommand(
        "hook", "Answer a coding agent's pre-tool-call hook: gate the Python a tool call would run");
    hook->add_option("host", options.host, "claude-code (PreToolUse) or gemini-cli (BeforeTool)")
        ->required()
        ->check(CLI::IsMember({"claude-code", "gemini-cli"}));
    hook->add_option("--profile", options.profile, "Profile name or TOML file")->capture_default_str();
    hook->callback([&options] { std::exit(run_hook(options, std::cin, std::cout, std::cerr)); });
}

int run_hook(const HookOptions& options, std::istream& in, std::ostream& out, std::ostream& err) {
    const bool claude = options.host == "claude-code";
    // Both hosts block the call on exit code 2 with stderr as the reason:
    // whatever goes wrong here fails closed that way.
    profiles::ProfileResult loaded = profiles::resolve_profile(options.profile);
    if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) {
        err << "pygate hook: the profile cannot be loaded: " << error->to_string() << '\n';
        return 2;
    }
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const json call = json::parse(text, nullptr, false);
    if (!call.is_object()) {
        err << "pygate hook: the hook input is not a JSON object\n";
        return 2;
    }
    const Judgement judgement = judge(python_of_call(call), std::get<analyzer::Profile>(loaded));
    if (judgement.verdict == Verdict::none) {
        // Not Python: no opinion; the host decides.
        if (!claude) out << "{}\n";
        return k_exit_allow;
    }
    const std::string reason = reason_text(judgement, options.profile);
    if (claude) {
        const char* decision = judgement.verdict == Verdict::allow ? "allow"
                               : judgement.verdict == Verdict::ask ? "ask"
                                                                   : "deny";
        out << json{{"hookSpecificOutput",
                     {{"hookEventName", "PreToolUse"},
                      {"permissionDecision", decision},
                      {"permissionDecisionReason", reason}}}}
                   .dump()
            << '\n';
    } else {
        // Gemini CLI's BeforeTool knows allow and deny only: what would be
        // "ask" elsewhere is refused, with the reason, so the agent can ask.
        const bool allow = judgement.verdict == Verdict::allow;
        json answer{{"decision", allow ? "allow" : "deny"}};
        if (!allow) answer["reason"] = reason;
        out << answer.dump() << '\n';
    }
    return k_exit_allow;
}

}  // namespace pygate::cli
