#include "judging/gated_run.hpp"

#include <fmt/format.h>

#include <sstream>

#include "judging/judge.hpp"
#include "judging/target_libraries.hpp"
#include "support/version.hpp"
#include "profiles/profile_toml.hpp"
#include "reporters/json_report.hpp"
#include "runner/sha256.hpp"
#include "runner/version_cache.hpp"

namespace pygate::judging {

using support::k_pygate_version;

namespace {

using nlohmann::ordered_json;

ordered_json limits_json(const runner::Limits& limits) {
    return {{"wall_seconds", limits.wall_seconds},
            {"cpu_seconds", limits.cpu_seconds},
            {"memory_mb", limits.memory_mb},
            {"processes", limits.processes},
            {"open_files", limits.open_files},
            {"file_size_mb", limits.file_size_mb},
            {"disk_mb", limits.disk_mb},
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
                      {"pidns", isolation.pidns},
                      {"landlock_abi", isolation.landlock_abi},
                      {"landlock_fs", isolation.landlock_fs},
                      {"landlock_tcp", isolation.landlock_tcp},
                      {"landlock_signals", isolation.landlock_signals},
                      {"seccomp", isolation.seccomp},
                      {"socket_filter", isolation.socket_filter},
                      {"process_filter", isolation.process_filter},
                      {"signal_filter", isolation.signal_filter},
                      {"no_new_privs", isolation.no_new_privs},
                      {"uid", isolation.uid},
                      {"gid", isolation.gid},
                      {"rlimits", isolation.rlimits},
                      {"cgroup", isolation.cgroup},
                      {"disk", isolation.disk}};
    if (!isolation.netns_error.empty()) json["netns_error"] = isolation.netns_error;
    if (!isolation.pidns_error.empty()) json["pidns_error"] = isolation.pidns_error;
    if (!isolation.landlock_error.empty()) json["landlock_error"] = isolation.landlock_error;
    if (!isolation.cgroup_error.empty()) json["cgroup_error"] = isolation.cgroup_error;
    if (!isolation.disk_error.empty()) json["disk_error"] = isolation.disk_error;
    return json;
}

double rounded(double value) {
    return static_cast<double>(static_cast<long long>(value * 10.0 + 0.5)) / 10.0;
}

}  // namespace

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
    json["warm"] = result.warm.has_value();
    json["provenance"] = {{"code_sha256", provenance.code_sha256},
                          {"profile", provenance.profile},
                          {"profile_sha256", provenance.profile_sha256},
                          {"inputs", digests_json(result.inputs, false)},
                          {"python", provenance.python},
                          {"python_version", result.python_version},
                          {"target_version", target_version().spelled()},
                          {"pygate_version", k_pygate_version},
                          {"started_at", result.started_at},
                          {"ended_at", result.ended_at}};
    if (result.warm) {
        ordered_json modules = ordered_json::object();
        for (const auto& [name, version] : result.warm->modules)
            modules[name] = version;
        json["provenance"]["template"] = {
            {"id", result.warm->id}, {"python_version", result.warm->python}, {"preloaded", std::move(modules)}};
    }
    return json;
}

namespace {

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
                                                        const LimitOverrides& overrides,
                                                        const OverrideNames& names) {
    runner::Limits limits;
    limits.wall_seconds = profile.wall_seconds;
    limits.cpu_seconds = profile.cpu_seconds;
    limits.memory_mb = profile.memory_mb;
    limits.processes = profile.processes;
    limits.open_files = profile.open_files;
    limits.file_size_mb = profile.file_size_mb;
    limits.disk_mb = profile.disk_mb;
    limits.output_bytes = profile.output_bytes;
    limits.output_lines = profile.output_lines;
    limits.network = profile.network;
    if (auto error = tighten(names.timeout, "s", profile.wall_seconds, overrides.timeout, limits.wall_seconds))
        return *error;
    if (auto error = tighten(names.memory, "MiB", profile.memory_mb, overrides.memory, limits.memory_mb)) return *error;
    if (auto error = tighten(names.cpu, "s", profile.cpu_seconds, overrides.cpu, limits.cpu_seconds)) return *error;
    if (auto error =
            tighten(names.output_limit, "bytes", profile.output_bytes, overrides.output_limit, limits.output_bytes))
        return *error;
    return limits;
}

std::string profile_sha256(const analyzer::Profile& profile) {
    std::ostringstream toml;
    profiles::write_profile_toml(toml, profile);
    return runner::sha256_hex(toml.str());
}

std::string dump_result(const ordered_json& json) {
    return json.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

GatedRunOutcome gated_run(const GatedRun& request) {
    GatedRunOutcome outcome;
    const analyzer::Profile& profile = *request.profile;
    auto limits = runner_limits(profile.limits, request.overrides, request.override_names);
    if (auto* message = std::get_if<std::string>(&limits)) {
        outcome.kind = GatedRunOutcome::Kind::request_error;
        outcome.error = *message;
        return outcome;
    }

    std::string decision = "unchecked";
    if (!request.skip_gate) {
        analyzer::Parser parser;
        std::string internal_error;
        reporters::FileReport judged = judge_read(request.code_path, request.code, parser, profile, internal_error);
        if (!internal_error.empty()) {
            outcome.kind = GatedRunOutcome::Kind::internal_error;
            outcome.error = std::move(internal_error);
            return outcome;
        }
        outcome.report = report_of({std::move(judged)}, profile);
        outcome.decision = outcome.report.decision;
        decision = analyzer::decision_name(outcome.report.decision);
        const bool stopped = outcome.report.decision == analyzer::Decision::deny ||
                             (outcome.report.decision == analyzer::Decision::review && !request.allow_review);
        if (stopped) {
            outcome.kind = GatedRunOutcome::Kind::gate_stopped;
            outcome.json = {{"decision", decision},
                            {"status", "gate_denied"},
                            {"gate", ordered_json::parse(reporters::json_report(outcome.report))}};
            outcome.json["provenance"] = {{"code_sha256", runner::sha256_hex(request.code)},
                                          {"profile", profile.name},
                                          {"pygate_version", k_pygate_version}};
            return outcome;
        }
    }

    runner::RunRequest run;
    run.code = request.code;
    run.inputs = request.inputs;
    run.input_files = request.input_files;
    run.output_dir = request.output_dir;
    run.python = request.python;
    run.stdin_path = request.stdin_path;
    run.stdin_data = request.stdin_data;
    run.limits = std::get<runner::Limits>(limits);
    run.version_cache_dir = runner::default_version_cache_dir();
    run.cancel_fd = request.cancel_fd;
    run.on_output = request.on_output;
    run.warm = request.warm;
    auto ran = runner::run(run);
    if (auto* error = std::get_if<runner::RunRequestError>(&ran)) {
        outcome.kind = GatedRunOutcome::Kind::request_error;
        outcome.error = error->message;
        return outcome;
    }
    outcome.kind = GatedRunOutcome::Kind::ran;
    outcome.result = std::move(std::get<runner::RunResult>(ran));

    Provenance provenance{runner::sha256_hex(request.code), profile.name, profile_sha256(profile), request.python};
    outcome.json = result_json(decision, *outcome.result, run.limits, provenance);
    if (!request.cold_reason.empty()) outcome.json["warm_unavailable"] = request.cold_reason;
    if (!outcome.result->warm_unavailable.empty()) outcome.json["warm_unavailable"] = outcome.result->warm_unavailable;
    return outcome;
}

}  // namespace pygate::judging
