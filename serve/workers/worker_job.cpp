#include "serve/workers/worker_job.hpp"

#include <fmt/format.h>

#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "profiles/profile_loader.hpp"
#include "profiles/profile_toml.hpp"
#include "runner/sha256.hpp"
#include "support/base64.hpp"

namespace pygate::serve {

using support::base64_decode;
using support::base64_encode;

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

struct BadJob {
    std::string message;
};

std::string profile_toml(const analyzer::Profile& profile) {
    std::ostringstream toml;
    profiles::write_profile_toml(toml, profile);
    return toml.str();
}

WorkerJob job_with_profile(WorkerJob::Kind kind, const analyzer::Profile& profile, const std::string& python) {
    WorkerJob job;
    job.kind = kind;
    job.profile_toml = profile_toml(profile);
    // The same digest judging::profile_sha256 gives: the SHA-256 of this TOML.
    job.profile_sha256 = runner::sha256_hex(job.profile_toml);
    job.python = python;
    return job;
}

ordered_json optional_number(const std::optional<std::int64_t>& value) {
    return value ? ordered_json(*value) : ordered_json(nullptr);
}

const json& member(const json& object, const char* name) {
    auto found = object.find(name);
    if (found == object.end()) throw BadJob{fmt::format("`{}` is missing", name)};
    return *found;
}

std::string string_of(const json& object, const char* name) {
    const json& value = member(object, name);
    if (!value.is_string()) throw BadJob{fmt::format("`{}` is not a string", name)};
    return value.get<std::string>();
}

bool bool_of(const json& object, const char* name) {
    const json& value = member(object, name);
    if (!value.is_boolean()) throw BadJob{fmt::format("`{}` is not true or false", name)};
    return value.get<bool>();
}

std::optional<std::int64_t> optional_positive(const json& object, const char* name) {
    const json& value = member(object, name);
    if (value.is_null()) return std::nullopt;
    if (!value.is_number_integer() || (value.is_number_unsigned() && value.get<std::uint64_t>() > INT64_MAX) ||
        value.get<std::int64_t>() <= 0)
        throw BadJob{fmt::format("`{}` is not null or a positive integer", name)};
    return value.get<std::int64_t>();
}

std::vector<runner::InputFile> files_of(const json& object) {
    const json& list = member(object, "files");
    if (!list.is_array()) throw BadJob{"`files` is not an array"};
    std::vector<runner::InputFile> files;
    for (const json& file : list) {
        if (!file.is_object()) throw BadJob{"a file is not an object"};
        runner::InputFile input{string_of(file, "name"), {}};
        if (auto problem = runner::invalid_input_name(input.name)) throw BadJob{"a file's name: " + *problem};
        auto bytes = base64_decode(string_of(file, "base64"));
        if (!bytes) throw BadJob{fmt::format("file `{}`: its base64 does not decode", input.name)};
        input.bytes = std::move(*bytes);
        files.push_back(std::move(input));
    }
    return files;
}

std::vector<std::string> strings_of(const json& object, const char* name) {
    const json& list = member(object, name);
    if (!list.is_array()) throw BadJob{fmt::format("`{}` is not an array", name)};
    std::vector<std::string> strings;
    for (const json& item : list) {
        if (!item.is_string()) throw BadJob{fmt::format("`{}` holds something other than strings", name)};
        strings.push_back(item.get<std::string>());
    }
    return strings;
}

}  // namespace

WorkerJob run_job(const RunOp& op, const analyzer::Profile& profile, const std::string& python) {
    WorkerJob job = job_with_profile(WorkerJob::Kind::run, profile, python);
    job.files = op.files;
    job.overrides = op.overrides;
    job.code = op.code;
    job.stdin_data = op.stdin_data;
    job.stream = op.stream;
    job.allow_review = op.allow_review;
    return job;
}

WorkerJob session_job(const SessionOpenOp& op, const analyzer::Profile& profile, const std::string& python) {
    WorkerJob job = job_with_profile(WorkerJob::Kind::session, profile, python);
    job.files = op.files;
    job.overrides = op.overrides;
    job.preload = op.preload;
    job.idle_timeout = op.idle_timeout;
    return job;
}

WorkerJob template_job(const analyzer::Profile& profile, const std::string& python,
                       const std::vector<std::string>& preload) {
    WorkerJob job = job_with_profile(WorkerJob::Kind::template_process, profile, python);
    job.preload = preload;
    return job;
}

namespace {

const char* kind_name(WorkerJob::Kind kind) {
    switch (kind) {
        case WorkerJob::Kind::run:
            return "run";
        case WorkerJob::Kind::session:
            return "session";
        case WorkerJob::Kind::template_process:
            return "template";
    }
    return "run";
}

ordered_json warm_json(const WorkerJob& job) {
    if (!job.warm) return nullptr;
    ordered_json modules = ordered_json::array();
    for (const auto& [name, version] : job.warm->identity.modules)
        modules.push_back({name, version});
    return {{"dir", job.warm->template_dir},
            {"mounts_pid", job.warm_mounts_pid},
            {"id", job.warm->identity.id},
            {"python", job.warm->identity.python},
            {"modules", std::move(modules)}};
}

std::optional<runner::WarmStart> warm_of(const json& object, pid_t& mounts_pid) {
    const json& warm = member(object, "warm");
    if (warm.is_null()) return std::nullopt;
    if (!warm.is_object()) throw BadJob{"`warm` is not null or an object"};
    runner::WarmStart start;
    start.link = 3;
    start.template_dir = string_of(warm, "dir");
    start.identity.id = string_of(warm, "id");
    start.identity.python = string_of(warm, "python");
    // 0: the template's mounts are the host's (no private mount namespace
    // could be made where the server runs: its work directories are no tmpfs).
    const json& pid = member(warm, "mounts_pid");
    if (!pid.is_number_integer() || pid.get<std::int64_t>() < 0 ||
        pid.get<std::int64_t>() > std::numeric_limits<pid_t>::max())
        throw BadJob{"`warm.mounts_pid` is not a pid or 0"};
    mounts_pid = pid.get<pid_t>();
    const json& modules = member(warm, "modules");
    if (!modules.is_array()) throw BadJob{"`warm.modules` is not an array"};
    for (const json& module : modules) {
        if (!module.is_array() || module.size() != 2 || !module[0].is_string() || !module[1].is_string())
            throw BadJob{"`warm.modules` holds something other than [name, version] pairs"};
        start.identity.modules.emplace_back(module[0].get<std::string>(), module[1].get<std::string>());
    }
    return start;
}

}  // namespace

std::string encode_worker_job(const WorkerJob& job) {
    ordered_json files = ordered_json::array();
    for (const auto& file : job.files)
        files.push_back({{"name", file.name}, {"base64", base64_encode(file.bytes)}});
    ordered_json encoded{{"kind", kind_name(job.kind)},
                         {"profile_toml", job.profile_toml},
                         {"profile_sha256", job.profile_sha256},
                         {"python", job.python},
                         {"files", std::move(files)},
                         {"timeout", optional_number(job.overrides.timeout)},
                         {"memory", optional_number(job.overrides.memory)},
                         {"cpu", optional_number(job.overrides.cpu)},
                         {"output_limit", optional_number(job.overrides.output_limit)}};
    if (job.kind == WorkerJob::Kind::run) {
        encoded["code"] = job.code;
        encoded["stdin"] = job.stdin_data ? ordered_json(*job.stdin_data) : ordered_json(nullptr);
        encoded["stream"] = job.stream;
        encoded["allow_review"] = job.allow_review;
        encoded["warm"] = warm_json(job);
        encoded["cold_reason"] = job.cold_reason;
        encoded["skip_gate"] = job.skip_gate;
    } else if (job.kind == WorkerJob::Kind::session) {
        encoded["preload"] = job.preload;
        encoded["idle_timeout"] = job.idle_timeout;
    } else {
        encoded["preload"] = job.preload;
    }
    // Strings the client sent were read as UTF-8 and are written back as
    // such: nothing needs replacing, and nothing may be.
    return encoded.dump() + "\n";
}

std::variant<WorkerJob, std::string> decode_worker_job(std::string_view text) {
    const json object = json::parse(text, nullptr, false);
    if (object.is_discarded() || !object.is_object()) return std::string("the job is not one JSON object");
    try {
        WorkerJob job;
        const std::string kind = string_of(object, "kind");
        if (kind == "run") {
            job.kind = WorkerJob::Kind::run;
        } else if (kind == "session") {
            job.kind = WorkerJob::Kind::session;
        } else if (kind == "template") {
            job.kind = WorkerJob::Kind::template_process;
        } else {
            throw BadJob{fmt::format("unknown kind `{}`", kind)};
        }
        job.profile_toml = string_of(object, "profile_toml");
        job.profile_sha256 = string_of(object, "profile_sha256");
        job.python = string_of(object, "python");
        job.files = files_of(object);
        job.overrides.timeout = optional_positive(object, "timeout");
        job.overrides.memory = optional_positive(object, "memory");
        job.overrides.cpu = optional_positive(object, "cpu");
        job.overrides.output_limit = optional_positive(object, "output_limit");
        std::size_t fields = 9;
        if (job.kind == WorkerJob::Kind::run) {
            job.code = string_of(object, "code");
            const json& stdin_data = member(object, "stdin");
            if (!stdin_data.is_null() && !stdin_data.is_string()) throw BadJob{"`stdin` is not null or a string"};
            if (stdin_data.is_string()) job.stdin_data = stdin_data.get<std::string>();
            job.stream = bool_of(object, "stream");
            job.allow_review = bool_of(object, "allow_review");
            job.warm = warm_of(object, job.warm_mounts_pid);
            job.cold_reason = string_of(object, "cold_reason");
            job.skip_gate = bool_of(object, "skip_gate");
            fields += 7;
        } else if (job.kind == WorkerJob::Kind::session) {
            job.preload = strings_of(object, "preload");
            auto idle = optional_positive(object, "idle_timeout");
            if (!idle) throw BadJob{"`idle_timeout` is missing"};
            job.idle_timeout = *idle;
            fields += 2;
        } else {
            job.preload = strings_of(object, "preload");
            fields += 1;
        }
        if (object.size() != fields) throw BadJob{"the job has fields no job of its kind has"};
        return job;
    } catch (const BadJob& bad) {
        return "a malformed job: " + bad.message;
    }
}

std::variant<analyzer::Profile, std::string> job_profile(const WorkerJob& job) {
    if (runner::sha256_hex(job.profile_toml) != job.profile_sha256)
        return std::string("the job's profile is not the one its digest names");
    profiles::ProfileResult loaded = profiles::load_profile_text(job.profile_toml, "<the server's profile>");
    if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) return "the job's profile: " + error->to_string();
    analyzer::Profile profile = std::move(std::get<analyzer::Profile>(loaded));
    // Written out again it must be the very text checked, byte for byte:
    // anything the loader read otherwise would be a different policy.
    if (profile_toml(profile) != job.profile_toml)
        return std::string("the job's profile does not load back to the profile the server checked");
    return profile;
}

}  // namespace pygate::serve
