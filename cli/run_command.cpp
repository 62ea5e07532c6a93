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
#include "cli/scan.hpp"
#include "cli/version.hpp"
#include "profiles/compiled_profiles.hpp"
#include "profiles/profile_toml.hpp"
#include "reporters/json_report.hpp"
#include "reporters/text_report.hpp"
#include "runner/runner.hpp"
#include "runner/sha256.hpp"
#include "runner/version_cache.hpp"

namespace pygate::cli {
namespace {

using nlohmann::ordered_json;

ordered_json limits_json(const runner::Limits& limits) {
    return {{"wall_seconds", limits.wall_seconds},
            {"cpu_seconds", limits.cpu_seconds},
            {"memory_mb", limits.memory_mb},
            {"processes", limits.processes},
            {"open_files", limits.open_files},
            {"file_size_mb", limits.file_size_mb},
            {"output_bytes", limits.output_bytes},
            {"output_lines", limits.output_lines},
            {"network", limits.network}};
}

ordered_json digests_json(const std::vector<runner::FileDigest>& files, bool with_bytes) {
    ordered_json list = ordered_json::array();
    for (const auto& file : files) {
        ordered_json entry{{"path", file.path}};
        if (with_bytes) entry["bytes"] = file.bytes;
        entry["sha256"] = file.sha256;
        list.push_back(std::move(entry));
    }
    return list;
}

ordered_json isolation_json(const runner::Isolation& isolation) {
    ordered_json json{{"netns", isolation.netns},
                      {"landlock_abi", isolation.landlock_abi},
                      {"landlock_fs", isolation.landlock_fs},
                      {"landlock_tcp", isolation.landlock_tcp},
                      {"landlock_signals", isolation.landlock_signals},
                      {"seccomp", isolation.seccomp},
                      {"socket_filter", isolation.socket_filter},
                      {"process_filter", isolation.process_filter},
                      {"no_new_privs", isolation.no_new_privs},
                      {"uid", isolation.uid},
                      {"gid", isolation.gid},
                      {"rlimits", isolation.rlimits},
                      {"cgroup", isolation.cgroup}};
    if (!isolation.netns_error.empty()) json["netns_error"] = isolation.netns_error;
    if (!isolation.landlock_error.empty()) json["landlock_error"] = isolation.landlock_error;
    if (!isolation.cgroup_error.empty()) json["cgroup_error"] = isolation.cgroup_error;
    return json;
}

double rounded(double value) {
    return static_cast<double>(static_cast<long long>(value * 10.0 + 0.5)) / 10.0;
}

struct Provenance {
    std::string code_sha256;
    std::string profile;
    std::string profile_sha256;
    std::string python;
};

ordered_json result_json(const std::string& decision, const runner::RunResult& result, const runner::Limits& limits,
                         const Provenance& provenance) {
    ordered_json json;
    json["decision"] = decision;
    json["exit_code"] = result.exit_code ? ordered_json(*result.exit_code) : ordered_json(nullptr);
    json["signal"] = result.signal ? ordered_json(*result.signal) : ordered_json(nullptr);
    json["status"] = runner::status_name(result.status);
    if (!result.error.empty()) json["error"] = result.error;
    json["stdout"] = result.out.kept;
    json["stderr"] = result.err.kept;
    json["stdout_bytes"] = result.out.bytes;
    json["stderr_bytes"] = result.err.bytes;
    json["truncated"] = result.out.truncated || result.err.truncated;
    json["duration_ms"] = rounded(result.duration_ms);
    json["cpu_user_ms"] = rounded(result.cpu_user_ms);
    json["cpu_sys_ms"] = rounded(result.cpu_sys_ms);
    json["max_rss_kb"] = result.max_rss_kb;
    json["limits"] = limits_json(limits);
    json["isolation"] = isolation_json(result.isolation);
    json["outputs"] = digests_json(result.outputs, true);
    if (!result.notes.empty()) json["notes"] = result.notes;
    json["provenance"] = {{"code_sha256", provenance.code_sha256},
                          {"profile", provenance.profile},
                          {"profile_sha256", provenance.profile_sha256},
                          {"inputs", digests_json(result.inputs, false)},
                          {"python", provenance.python},
                          {"python_version", result.python_version},
                          {"pygate_version", k_pygate_version},
                          {"started_at", result.started_at},
                          {"ended_at", result.ended_at}};
    return json;
}

std::string dump(const ordered_json& json) {
    return json.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

int program_exit_code(runner::Status status) {
    if (status == runner::Status::ok) return k_exit_allow;
    if (status == runner::Status::internal_error) return k_exit_internal;
    return k_exit_program_failed;
}

bool write_text_file(const std::string& path, const std::string& text) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    return static_cast<bool>(file << text) && static_cast<bool>(file.flush());
}

std::optional<std::string> tighten(const char* flag, const char* unit, std::int64_t profile_value,
                                   const std::optional<std::int64_t>& override_value, std::int64_t& target) {
    if (!override_value) return std::nullopt;
    if (*override_value <= 0) return fmt::format("{} must be positive", flag);
    if (*override_value > profile_value)
        return fmt::format("{} {} {} is looser than the profile's {} {}: overrides may only tighten the limits", flag,
                           *override_value, unit, profile_value, unit);
    target = *override_value;
    return std::nullopt;
}

}  // namespace

std::variant<runner::Limits, std::string> runner_limits(const analyzer::RunnerLimits& profile,
                                                        const RunOptions& options) {
    runner::Limits limits;
    limits.wall_seconds = profile.wall_seconds;
    limits.cpu_seconds = profile.cpu_seconds;
    limits.memory_mb = profile.memory_mb;
    limits.processes = profile.processes;
    limits.open_files = profile.open_files;
    limits.file_size_mb = profile.file_size_mb;
    limits.output_bytes = profile.output_bytes;
    limits.output_lines = profile.output_lines;
    limits.network = profile.network;
    if (auto error = tighten("--timeout", "s", profile.wall_seconds, options.timeout, limits.wall_seconds))
        return *error;
    if (auto error = tighten("--memory", "MiB", profile.memory_mb, options.memory, limits.memory_mb)) return *error;
    if (auto error = tighten("--cpu", "s", profile.cpu_seconds, options.cpu, limits.cpu_seconds)) return *error;
    if (auto error =
            tighten("--output-limit", "bytes", profile.output_bytes, options.output_limit, limits.output_bytes))
        return *error;
    return limits;
}

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
    run->add_option("--timeout", options.timeout, "Wall-clock seconds (may only tighten the profile's)");
    run->add_option("--memory", options.memory, "Address-space MiB (may only tighten the profile's)");
    run->add_option("--cpu", options.cpu, "CPU seconds (may only tighten the profile's)");
    run->add_option("--output-limit", options.output_limit,
                    "Bytes of stdout and of stderr kept (may only tighten the profile's)");
    run->add_flag("--allow-review", options.allow_review, "Also run code the gate sends to review");
    run->add_option("--python", options.python, "The interpreter (an absolute path)")->capture_default_str();
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
    analyzer::Profile profile = std::move(std::get<analyzer::Profile>(loaded));
    auto limits = runner_limits(profile.limits, options);
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
    const std::string code = std::get<std::string>(read);

    std::string decision = "unchecked";
    ordered_json gate_json;
    if (!options.unsafe_skip_gate) {
        ScanResult scanned = scan_read(options.file, std::move(read), profile);
        for (const auto& error : scanned.internal_errors)
            std::cerr << "pygate: internal error: " << error << '\n';
        if (!scanned.internal_errors.empty()) return k_exit_internal;
        reporters::Report report = report_of(std::move(scanned), profile);
        decision = analyzer::decision_name(report.decision);
        const bool stopped = report.decision == analyzer::Decision::deny ||
                             (report.decision == analyzer::Decision::review && !options.allow_review);
        if (stopped) {
            const int code_for_gate = report.decision == analyzer::Decision::deny ? k_exit_deny : k_exit_review;
            ordered_json json{{"decision", decision},
                              {"status", "gate_denied"},
                              {"gate", ordered_json::parse(reporters::json_report(report))}};
            json["provenance"] = {{"code_sha256", runner::sha256_hex(code)},
                                  {"profile", profile.name},
                                  {"pygate_version", k_pygate_version}};
            if (!options.receipt.empty() && !write_text_file(options.receipt, dump(json)))
                std::cerr << "pygate: error: cannot write the receipt to " << options.receipt << '\n';
            if (options.format == RunFormat::json) {
                std::cout << dump(json);
            } else {
                std::ostringstream text;
                reporters::write_text_report(text, report, reporters::TextOptions{false});
                std::cerr << text.str();
                std::cerr << fmt::format(
                    "pygate: not run: the gate decided {}{}\n", decision,
                    report.decision == analyzer::Decision::review ? " (--allow-review runs code sent to review)" : "");
            }
            return code_for_gate;
        }
    }

    runner::RunRequest request;
    request.code = code;
    request.inputs = options.inputs;
    request.output_dir = options.output_dir;
    request.python = options.python;
    request.stdin_path = options.stdin_file;
    request.limits = std::get<runner::Limits>(limits);
    request.version_cache_dir = runner::default_version_cache_dir();
    auto ran = runner::run(request);
    if (auto* error = std::get_if<runner::RunRequestError>(&ran)) {
        std::cerr << "pygate: error: " << error->message << '\n';
        return k_exit_usage;
    }
    const runner::RunResult& result = std::get<runner::RunResult>(ran);

    std::ostringstream profile_toml;
    profiles::write_profile_toml(profile_toml, profile);
    Provenance provenance{runner::sha256_hex(code), profile.name, runner::sha256_hex(profile_toml.str()),
                          options.python};
    const ordered_json json = result_json(decision, result, request.limits, provenance);
    if (!options.receipt.empty() && !write_text_file(options.receipt, dump(json))) {
        std::cerr << "pygate: error: cannot write the receipt to " << options.receipt << '\n';
        return k_exit_usage;
    }
    if (options.format == RunFormat::json) {
        std::cout << dump(json) << std::flush;
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
