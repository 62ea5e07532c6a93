#include "cli/run_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/choice_option.hpp"
#include "cli/exit_codes.hpp"
#include "cli/target_version_option.hpp"
#include "judging/target_libraries.hpp"
#include "scanning/scan.hpp"
#include "support/version.hpp"
#include "profiles/compiled_profiles.hpp"
#include "profiles/profile_toml.hpp"
#include "reporters/json_report.hpp"
#include "reporters/text_report.hpp"
#include "runner/runner.hpp"
#include "runner/sha256.hpp"
#include "runner/stop_signals.hpp"
#include "runner/version_cache.hpp"

namespace pygate::cli {

using judging::GatedRun;
using judging::GatedRunOutcome;
using judging::OverrideNames;
using judging::dump_result;
using judging::runner_limits;

namespace {

using nlohmann::ordered_json;

int program_exit_code(runner::Status status) {
    if (status == runner::Status::ok) return k_exit_allow;
    if (status == runner::Status::internal_error) return k_exit_internal;
    return k_exit_program_failed;
}

bool write_text_file(const std::string& path, const std::string& text) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    return static_cast<bool>(file << text) && static_cast<bool>(file.flush());
}

}  // namespace

void add_run_command(CLI::App& app, RunOptions& options) {
    CLI::App* run = app.add_subcommand("run",
                                       "Check a Python file and, if the gate allows it, execute it in the "
                                       "sandbox (fork, rlimits, namespaces, Landlock, seccomp)");
    run->add_option("file", options.file, "The Python file to check and run")->required();
    run->add_option("--profile", options.profile, "Profile name or TOML file")->capture_default_str();
    run->add_option("--input", options.inputs, "A file copied (read-only) into input/ (repeatable)");
    run->add_option("--output-dir", options.output_dir, "Copy what the program wrote to output/ here");
    run->add_option("--receipt", options.receipt, "Write the result with its provenance (JSON) to this file");
    add_choice_option(*run, "--format", options.format, {{"text", RunFormat::text}, {"json", RunFormat::json}},
                      "Result format: text (default) or json");
    run->add_option("--timeout", options.overrides.timeout, "Wall-clock seconds (may only tighten the profile's)");
    run->add_option("--memory", options.overrides.memory, "Address-space MiB (may only tighten the profile's)");
    run->add_option("--cpu", options.overrides.cpu, "CPU seconds (may only tighten the profile's)");
    run->add_option("--output-limit", options.overrides.output_limit,
                    "Bytes of stdout and of stderr kept (may only tighten the profile's)");
    run->add_flag("--allow-review", options.allow_review, "Also run code the gate sends to review");
    run->add_option("--python", options.python, "The interpreter (an absolute path)")->capture_default_str();
    add_target_version_option(*run, options.target_version,
                              "The CPython version the file is judged for: 3.11, 3.12, 3.13 or 3.14 (default: the "
                              "interpreter's); the run is refused unless the interpreter is that version");
    run->add_option("--stdin", options.stdin_file, "The program's standard input (default: /dev/null)");
    run->add_flag("--unsafe-skip-gate", options.unsafe_skip_gate,
                  "UNSAFE, for testing the sandbox only: run the file without the static gate");
    run->callback([&options] { std::exit(run_run(options)); });
}

int run_run(const RunOptions& options) {
    profiles::ProfileResult loaded = profiles::resolve_profile(options.profile);
    if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) {
        std::cerr << "pygate: error: " << error->to_string() << '\n';
        return k_exit_usage;
    }
    const analyzer::Profile profile = std::move(std::get<analyzer::Profile>(loaded));
    const OverrideNames flag_names{"--timeout", "--memory", "--cpu", "--output-limit"};
    const auto limits = runner_limits(profile.limits, options.overrides, flag_names);
    if (auto* message = std::get_if<std::string>(&limits)) {
        std::cerr << "pygate: error: " << *message << '\n';
        return k_exit_usage;
    }
    // Read once: the bytes the gate judges are the bytes that run, whatever
    // happens to the file meanwhile.
    analyzer::ReadResult read = analyzer::read_source_file(options.file);
    if (auto* failure = std::get_if<analyzer::ReadFailure>(&read)) {
        std::cerr << "pygate: error: cannot read " << options.file << ": " << failure->message << '\n';
        return k_exit_usage;
    }

    std::optional<analyzer::PythonVersion> target;
    if (!options.target_version.empty()) {
        target = analyzer::parse_python_version(options.target_version);
        if (!target || !analyzer::is_supported_target(*target)) {
            std::cerr << fmt::format("pygate: error: --target-version: pygate reads {}, not `{}`\n",
                                     analyzer::supported_targets_spelled(), options.target_version);
            return k_exit_usage;
        }
    }
    // The code is judged for the libraries and the syntax of the interpreter
    // that runs it. An interpreter that cannot even be started is the run's
    // to refuse (a usage or setup error, before anything runs); one that
    // starts but cannot say leaves every library unknown. Code judged for
    // one version never runs on another: what 3.12 reads as a type alias,
    // 3.11 refuses, and a 3.14 `except A, B:` names what 3.11 does not.
    if (options.python.starts_with('/')) {
        std::string error;
        bool started = false;
        std::optional<analyzer::LibraryVersions> libraries = judging::ask_interpreter(options.python, error, &started);
        if (libraries || started) {
            std::optional<analyzer::PythonVersion> runs =
                libraries ? judging::cpython_version_of(*libraries) : std::nullopt;
            const analyzer::PythonVersion judged = target ? *target : runs.value_or(analyzer::k_default_target);
            if (!runs || *runs != judged || !analyzer::is_supported_target(judged)) {
                std::cerr << fmt::format(
                    "pygate: error: {} is {}, but the file would be judged for Python {}{}: refused before "
                    "anything runs (pygate reads {}; name the interpreter of the target version with --python)\n",
                    options.python, runs ? "Python " + runs->spelled() : std::string("of a version it did not say"),
                    judged.spelled(), target ? " (--target-version)" : "", analyzer::supported_targets_spelled());
                return k_exit_usage;
            }
            judging::set_target_libraries(libraries ? std::move(*libraries) : analyzer::LibraryVersions{});
        }
    }
    GatedRun request;
    request.profile = &profile;
    request.code = std::move(std::get<std::string>(read));
    request.code_path = options.file;
    request.inputs = options.inputs;
    request.output_dir = options.output_dir;
    request.python = options.python;
    request.stdin_path = options.stdin_file;
    request.overrides = options.overrides;
    request.override_names = flag_names;
    request.allow_review = options.allow_review;
    request.skip_gate = options.unsafe_skip_gate;
    // `timeout`, an orchestrator or a closed terminal: the run is cancelled,
    // its processes killed and its work directory removed before pygate ends.
    const runner::StopSignals stop_signals;
    request.cancel_fd = stop_signals.fd();
    GatedRunOutcome outcome = gated_run(request);
    if (const int signal = stop_signals.received()) {
        std::cerr << "pygate: stopped by signal " << signal
                  << "; the program was killed and its work directory removed\n";
        return exit_code_of_signal(signal);
    }
    switch (outcome.kind) {
        case GatedRunOutcome::Kind::internal_error:
            std::cerr << "pygate: internal error: " << outcome.error << '\n';
            return k_exit_internal;
        case GatedRunOutcome::Kind::request_error:
            std::cerr << "pygate: error: " << outcome.error << '\n';
            return k_exit_usage;
        case GatedRunOutcome::Kind::gate_stopped:
        case GatedRunOutcome::Kind::ran:
            break;
    }
    const ordered_json& json = outcome.json;
    const bool wrote_receipt = options.receipt.empty() || write_text_file(options.receipt, dump_result(json));
    if (!wrote_receipt) std::cerr << "pygate: error: cannot write the receipt to " << options.receipt << '\n';

    if (outcome.kind == GatedRunOutcome::Kind::gate_stopped) {
        const std::string decision = analyzer::decision_name(outcome.decision);
        if (options.format == RunFormat::json) {
            std::cout << dump_result(json);
        } else {
            std::ostringstream text;
            reporters::write_text_report(text, outcome.report, reporters::TextOptions{false});
            std::cerr << text.str();
            std::cerr << fmt::format(
                "pygate: not run: the gate decided {}{}\n", decision,
                outcome.decision == analyzer::Decision::review ? " (--allow-review runs code sent to review)" : "");
        }
        return outcome.decision == analyzer::Decision::deny ? k_exit_deny : k_exit_review;
    }

    if (!wrote_receipt) return k_exit_usage;
    const runner::RunResult& result = *outcome.result;
    if (options.format == RunFormat::json) {
        std::cout << dump_result(json) << std::flush;
    } else {
        std::cout << result.out.kept << std::flush;
        std::cerr << result.err.kept;
        std::string how = result.exit_code ? fmt::format("exit code {}", *result.exit_code)
                          : result.signal  ? fmt::format("signal {}", *result.signal)
                                           : std::string("not started");
        std::cerr << fmt::format("pygate: {}: {}, {:.1f} ms, {} bytes of output{}\n",
                                 runner::status_name(result.status), how, result.duration_ms,
                                 result.out.bytes + result.err.bytes,
                                 result.out.truncated || result.err.truncated ? " (truncated)" : "");
        if (!result.error.empty()) std::cerr << "pygate: " << result.error << '\n';
        for (const auto& note : result.notes)
            std::cerr << "pygate: note: " << note << '\n';
    }
    return program_exit_code(result.status);
}

}  // namespace pygate::cli
