#include "hooks/hook_answer.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <sstream>
#include <nlohmann/json.hpp>

#include "analyzer/gate.hpp"
#include "judging/judge.hpp"
#include "hooks/shell_python.hpp"
#include "profiles/compiled_profiles.hpp"
#include "rules/registry.hpp"

namespace pygate::hooks {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// What pygate says of the Python it found; `passed` is not a permission: the
// hook turns it into allow only under --approve, for a wholly judged command.
enum class Verdict { none, passed, ask, deny };

struct Judgement {
    Verdict verdict = Verdict::none;
    std::vector<std::string> reasons;
};

// The Python a tool call runs: a shell tool's command, or the code of a tool
// that runs Python (an MCP interpreter, say), which is Python and nothing else.
ShellReading python_of_call(const json& call) {
    const std::string tool = call.value("tool_name", "");
    const json input = call.contains("tool_input") && call["tool_input"].is_object() ? call["tool_input"] : json::object();
    std::string cwd = call.contains("cwd") && call["cwd"].is_string() ? call["cwd"].get<std::string>() : ".";
    if ((tool == "Bash" || tool == "run_shell_command") && input.contains("command") && input["command"].is_string()) {
        // Gemini CLI's shell tool may name the folder it runs in.
        for (const char* key : {"dir_path", "directory"})
            if (input.contains(key) && input[key].is_string()) cwd = (fs::path(cwd) / input[key].get<std::string>()).string();
        return read_shell_command(input["command"].get<std::string>(), cwd);
    }
    std::string lowered = tool;
    for (char& c : lowered)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    ShellReading reading;
    if (lowered.find("python") != std::string::npos && input.contains("code") && input["code"].is_string())
        reading.python.push_back(ShellPython{ShellPython::Kind::code, input["code"].get<std::string>(), tool, {}, {}});
    return reading;
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
        reporters::FileReport file = judging::judge_read(python.source, python.code, parser, profile, internal_error);
        if (!internal_error.empty()) {
            raise(Verdict::deny);
            judgement.reasons.push_back("pygate failed on this code: " + internal_error);
            continue;
        }
        if (file.decision == analyzer::Decision::allow) {
            raise(Verdict::passed);
            continue;
        }
        raise(file.decision == analyzer::Decision::deny ? Verdict::deny : Verdict::ask);
        for (const auto& finding : file.findings)
            judgement.reasons.push_back(fmt::format("{} line {}: {} {}", python.source, finding.range.line,
                                                    analyzer::rule_code(finding.rule), finding.message));
    }
    return judgement;
}

// A module file or package in the folder the interpreter puts first on
// sys.path would be imported instead of the one the judged code names.
std::string shadowing_module(const std::string& folder, const fs::path& script) {
    std::error_code error;
    fs::directory_iterator entries(folder, error);
    if (error) return "its folder " + folder + " cannot be listed";
    const fs::path script_path = script.empty() ? fs::path() : fs::weakly_canonical(script, error);
    for (const fs::directory_entry& entry : entries) {
        const fs::path path = entry.path();
        const std::string extension = path.extension().string();
        const bool module_file = extension == ".py" || extension == ".pyc" || extension == ".so" || extension == ".pth";
        const bool package = entry.is_directory(error) && (fs::exists(path / "__init__.py", error) ||
                                                           fs::exists(path / "__init__.pyc", error));
        if (!module_file && !package) continue;
        if (!script_path.empty() && fs::weakly_canonical(path, error) == script_path) continue;
        return "its folder holds " + path.filename().string() + ", which an import would load instead of what the code names";
    }
    return {};
}

// A file path as a Python string literal; nothing when it is not UTF-8.
std::optional<std::string> python_literal(const std::string& text) {
    try {
        return json(text).dump();
    } catch (const json::exception&) {
        return std::nullopt;
    }
}

// Whether a command whose Python all passed is wholly that Python, so that
// --approve may answer allow; empty when it is, else why not.
std::string why_not_approved(const ShellReading& reading, const std::string& cwd, const analyzer::Profile& profile) {
    if (!reading.beyond_python.empty()) return "the command does more than run Python: " + reading.beyond_python;
    // Variables of the host's environment that change what the interpreter loads or runs.
    static constexpr std::array<const char*, 7> k_interpreter_variables = {
        "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONINSPECT", "PYTHONUSERBASE", "PYTHONPLATLIBDIR",
        "PYTHONEXECUTABLE"};
    for (const char* variable : k_interpreter_variables)
        if (std::getenv(variable)) return fmt::format("{} is set, which changes what the interpreter loads", variable);
    for (const ShellPython& python : reading.python) {
        if (python.import_folder.empty()) continue;
        // A script's own file is in its folder: importing it runs judged code.
        const fs::path script = (fs::path(cwd) / python.source).lexically_normal();
        const bool is_script = script.parent_path() == fs::path(python.import_folder);
        if (std::string why = shadowing_module(python.import_folder, is_script ? script : fs::path()); !why.empty())
            return fmt::format("{} imports from {} first: {}", python.source, python.import_folder, why);
    }
    if (reading.writes.empty()) return {};
    // A redirection writes as `open(path, "w")` would: the profile's write rules decide.
    std::string program;
    for (const std::string& path : reading.writes) {
        std::optional<std::string> literal = python_literal(path);
        if (!literal) return "a redirection names a path that is not UTF-8";
        fs::path walked = fs::path(cwd);
        for (const fs::path& part : fs::path(path).lexically_normal()) {
            walked /= part;
            std::error_code error;
            if (fs::is_symlink(walked, error)) return "the redirection to " + path + " passes through a symbolic link";
        }
        program += "open(" + *literal + ", \"w\")\n";
    }
    analyzer::Parser parser;
    std::string internal_error;
    reporters::FileReport file = judging::judge_read("redirection", program, parser, profile, internal_error);
    if (!internal_error.empty() || file.decision != analyzer::Decision::allow)
        return fmt::format("its redirections write outside what profile {} may write", profile.name);
    return {};
}

std::string refusal_text(const Judgement& judgement, const std::string& profile) {
    std::string text = fmt::format("pygate ({} under profile {}):", judgement.verdict == Verdict::deny ? "deny" : "review",
                                   profile);
    for (const auto& reason : judgement.reasons)
        text += "\n- " + reason;
    if (judgement.verdict == Verdict::deny)
        text += "\nRewrite the code without these, or ask the user; `pygate explain RULE` says what each rule allows.";
    return text;
}

// One JSON line for the host. Text pygate quotes from the command may not be
// UTF-8: it is replaced, never allowed to fail the answer.
std::string to_line(const json& answer) {
    return answer.dump(-1, ' ', false, json::error_handler_t::replace) + '\n';
}

void answer_claude(std::ostream& out, const char* decision, const std::string& reason) {
    json specific{{"hookEventName", "PreToolUse"}};
    if (decision) {
        specific["permissionDecision"] = decision;
        specific["permissionDecisionReason"] = reason;
    } else {
        specific["additionalContext"] = reason;  // no decision: the host's permission rules apply
    }
    out << to_line(json{{"hookSpecificOutput", specific}});
}

}  // namespace

namespace {

int answer_hook(const HookOptions& options, std::istream& in, std::ostream& out, std::ostream& err) {
    const bool claude = options.host == "claude-code";
    // Both hosts block the call on exit code 2 with stderr as the reason:
    // whatever goes wrong here fails closed that way.
    profiles::ProfileResult loaded = profiles::resolve_profile(options.profile);
    if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) {
        err << "pygate hook: the profile cannot be loaded: " << error->to_string() << '\n';
        return 2;
    }
    const analyzer::Profile& profile = std::get<analyzer::Profile>(loaded);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const json call = json::parse(text, nullptr, false);
    if (!call.is_object()) {
        err << "pygate hook: the hook input is not a JSON object\n";
        return 2;
    }
    const ShellReading reading = python_of_call(call);
    const Judgement judgement = judge(reading.python, profile);
    if (judgement.verdict == Verdict::none) {
        // Not Python: no opinion; the host decides.
        if (!claude) out << "{}\n";
        return 0;
    }
    if (judgement.verdict == Verdict::passed) {
        std::string why_not = options.approve
                                  ? why_not_approved(reading, call.value("cwd", std::string(".")), profile)
                                  : "the hook approves nothing without --approve";
        const bool approve = options.approve && why_not.empty();
        const std::string reason =
            approve ? fmt::format("pygate: the whole command is Python that passed profile {}", options.profile)
                    : fmt::format("pygate: the Python in this call passed profile {}; the rest is left to the "
                                  "permission settings ({})",
                                  options.profile, why_not);
        if (claude) answer_claude(out, approve ? "allow" : nullptr, reason);
        else out << to_line(approve ? json{{"decision", "allow"}} : json::object());
        return 0;
    }
    const std::string reason = refusal_text(judgement, options.profile);
    if (claude) {
        answer_claude(out, judgement.verdict == Verdict::ask ? "ask" : "deny", reason);
    } else {
        // Gemini CLI's BeforeTool knows allow and deny only: what would be
        // "ask" elsewhere is refused, with the reason, so the agent can ask.
        out << to_line(json{{"decision", "deny"}, {"reason", reason}});
    }
    return 0;
}

}  // namespace

int run_hook(const HookOptions& options, std::istream& in, std::ostream& out, std::ostream& err) {
    // Both hosts block the call on exit code 2: a bug here fails closed, and
    // no half-written answer reaches the host.
    std::ostringstream answer;
    try {
        const int code = answer_hook(options, in, answer, err);
        out << answer.str();
        return code;
    } catch (const std::exception& error) {
        err << "pygate hook: internal error: " << error.what() << '\n';
        return 2;
    }
}

}  // namespace pygate::hooks
