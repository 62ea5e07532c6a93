// libFuzzer target: a shell command as `pygate hook` reads it, split as a
// shell would and searched for the Python it runs. Any bytes must give an
// answer (code or undetermined), never a crash or a hang; and the hook,
// without --approve, must never answer allow, whatever the command.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/hook_command.hpp"
#include "hooks/shell_python.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string command(reinterpret_cast<const char*>(data), size);
    const pygate::hooks::ShellReading reading = pygate::hooks::read_shell_command(command, "/nonexistent");
    for (const auto& python : reading.python)
        if (python.kind == pygate::hooks::ShellPython::Kind::undetermined && python.why.empty()) __builtin_trap();

    // The hosts' payloads, answered by the hook itself under its default.
    for (const char* host : {"claude-code", "gemini-cli"}) {
        nlohmann::json call{{"cwd", "/nonexistent"},
                            {"hook_event_name", "PreToolUse"},
                            {"tool_name", std::string(host) == "claude-code" ? "Bash" : "run_shell_command"},
                            {"tool_input", {{"command", command}}}};
        std::string payload;
        try {
            payload = call.dump();
        } catch (const nlohmann::json::exception&) {
            return 0;  // not UTF-8: a host cannot send it
        }
        pygate::hooks::HookOptions options;
        options.host = host;
        std::istringstream in(payload);
        std::ostringstream out, err;
        pygate::hooks::run_hook(options, in, out, err);
        const nlohmann::json answer = nlohmann::json::parse(out.str(), nullptr, false);
        if (answer.is_discarded() && !out.str().empty()) __builtin_trap();
        if (answer.is_object()) {
            const nlohmann::json specific = answer.value("hookSpecificOutput", nlohmann::json::object());
            if (answer.value("decision", "") == "allow" || specific.value("permissionDecision", "") == "allow")
                __builtin_trap();
        }
    }
    return 0;
}
