#include "cli/repl_command.hpp"

#include <signal.h>
#include <unistd.h>

#include <cstdint>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "cli/exit_codes.hpp"
#include "profiles/compiled_profiles.hpp"
#include "reporters/safe_text.hpp"
#include "serve/serve_child.hpp"

namespace pygate::cli {

using serve::ServeChild;

namespace {

using nlohmann::json;

// What the sandbox wrote (its streams, a value's repr, a file's name) as the
// terminal may show it: lines and tabs kept, every other control (ESC of a
// CSI or OSC sequence, BEL, a carriage return, the C1 controls) and any
// invalid UTF-8 shown as U+FFFD, so that a program can neither drive the
// terminal (its title, its clipboard, what it showed) nor hide a line.
std::string shown(std::string_view text) {
    return reporters::safe_text(text, [](std::uint32_t code_point) -> std::optional<std::string_view> {
        if (code_point == '\n') return "\n";
        if (code_point == '\t') return "\t";
        return std::nullopt;
    });
}

// Sends a request and returns its answer, printing streamed output as it comes.
std::optional<json> ask(ServeChild& server, json request) {
    static int next_id = 0;
    request["id"] = ++next_id;
    if (!server.send(request)) return std::nullopt;
    while (auto message = server.next_message()) {
        if (message->value("id", -1) != next_id) continue;
        if (message->contains("event")) {
            ((*message)["event"] == "stderr" ? std::cerr : std::cout)
                << shown((*message)["data"].get<std::string>()) << std::flush;
            continue;
        }
        return message;
    }
    return std::nullopt;
}

// A block as Python's REPL reads one: a line, or, when the line opens a
// compound statement (ends in ':') or continues (backslash, open brackets),
// every line up to an empty one.
std::optional<std::string> read_block(bool interactive) {
    std::string block, line;
    if (interactive) std::cout << ">>> " << std::flush;
    if (!std::getline(std::cin, line)) return std::nullopt;
    block = line + "\n";
    int depth = 0;
    auto more = [&](const std::string& text) {
        for (char c : text) {
            if (c == '(' || c == '[' || c == '{') ++depth;
            if (c == ')' || c == ']' || c == '}') --depth;
        }
        const auto last = text.find_last_not_of(" \t");
        return depth > 0 || (last != std::string::npos && (text[last] == ':' || text[last] == '\\'));
    };
    if (!more(line)) return block;
    for (;;) {
        if (interactive) std::cout << "... " << std::flush;
        if (!std::getline(std::cin, line) || line.find_first_not_of(" \t") == std::string::npos) break;
        block += line + "\n";
        more(line);
    }
    return block;
}

void show_findings(const json& findings) {
    for (const auto& finding : findings)
        std::cout << "  line " << finding.value("line", 0) << ": " << finding.value("rule", "") << " "
                  << shown(finding.value("message", "")) << "\n";
}

}  // namespace

void add_repl_command(CLI::App& app, ReplOptions& options) {
    CLI::App* repl = app.add_subcommand(
        "repl", "An interactive session: each block gated under the profile, then run in the sandbox");
    repl->add_option("--profile", options.profile, "Profile name or TOML file")->capture_default_str();
    repl->add_option("--python", options.python, "The interpreter (an absolute path)")->capture_default_str();
    repl->callback([&options] { std::exit(run_repl(options)); });
}

int run_repl(const ReplOptions& options) {
    ::signal(SIGPIPE, SIG_IGN);
    profiles::ProfileResult loaded = profiles::resolve_profile(options.profile);
    if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) {
        std::cerr << "pygate: error: " << error->to_string() << '\n';
        return k_exit_usage;
    }
    const bool interactive = ::isatty(STDIN_FILENO) != 0;
    ServeChild server;
    std::string error;
    if (!server.start({"--profile", options.profile, "--python", options.python, "--max-runs", "1"}, error)) {
        std::cerr << "pygate: error: cannot start pygate serve: " << error << '\n';
        return k_exit_internal;
    }
    auto opened = ask(server, {{"op", "session_open"}, {"profile", options.profile}});
    if (!opened || !opened->contains("result")) {
        std::cerr << "pygate: error: cannot open a session: "
                  << (opened ? (*opened)["error"].value("message", "") : std::string("the server ended")) << '\n';
        server.stop();
        return k_exit_usage;
    }
    const std::string session = (*opened)["result"]["session"];
    if (interactive)
        std::cout << "pygate repl, profile " << options.profile
                  << ": each block is gated, then run in the sandbox. Ctrl-D ends.\n";
    int status = k_exit_allow;
    while (auto block = read_block(interactive)) {
        if (block->find_first_not_of(" \t\n") == std::string::npos) continue;
        auto answer = ask(server, {{"op", "session_exec"}, {"session", session}, {"code", *block}, {"stream", true}});
        if (!answer) {
            std::cerr << "pygate: the server ended\n";
            status = k_exit_internal;
            break;
        }
        if (answer->contains("error")) {
            std::cout << "pygate: " << (*answer)["error"].value("message", "") << "\n";
            if ((*answer)["error"].value("code", "") == "session_closed") break;
            continue;
        }
        const json& result = (*answer)["result"];
        const std::string step_status = result.value("status", "");
        if (step_status == "gate_denied") {
            std::cout << "pygate: not run, the gate decided " << result.value("decision", "") << ":\n";
            show_findings(result["findings"]);
            continue;
        }
        if (result["value"].is_string()) std::cout << shown(result["value"].get<std::string>()) << "\n";
        if (step_status != "ok" && step_status != "exception") std::cout << "pygate: " << step_status << "\n";
        if (result.value("session_ended", false)) {
            std::cout << "pygate: the session ended\n";
            break;
        }
    }
    auto closed = ask(server, {{"op", "session_close"}, {"session", session}});
    if (closed && closed->contains("result"))
        for (const auto& file : (*closed)["result"]["files"])
            std::cout << "pygate: the session wrote " << shown(file.value("path", "")) << "\n";
    server.stop();
    return status;
}

}  // namespace pygate::cli
