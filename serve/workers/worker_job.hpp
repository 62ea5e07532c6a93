#pragma once
// The job the server hands a worker process, a run's or a session's: one
// struct, one encoder (the server's side) and one decoder (the worker's), so
// the two sides cannot disagree on a field. The job carries the profile the
// server resolved and checked, written out as TOML with its digest: the
// worker applies exactly that profile and never resolves its name again, so
// a profile file edited after the check changes nothing the job does, and
// the receipt's digest is the one the server checked under.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "analyzer/profile.hpp"
#include "judging/gated_run.hpp"
#include "runner/workdir.hpp"
#include "serve/protocol.hpp"

namespace pygate::serve {

struct WorkerJob {
    enum class Kind { run, session, template_process };
    Kind kind = Kind::run;
    std::string profile_toml;    // the resolved profile as `pygate profile show` writes it
    std::string profile_sha256;  // judging::profile_sha256 of it: the receipt's
    std::string python;
    std::vector<runner::InputFile> files;
    judging::LimitOverrides overrides;
    // A run's.
    std::string code;
    std::optional<std::string> stdin_data;
    bool stream = false;
    bool allow_review = false;
    // A warm run's: the template it is forked from (its link is the
    // worker's descriptor 3), and the process whose mount namespace holds
    // the template's work directory.
    std::optional<runner::WarmStart> warm;
    pid_t warm_mounts_pid = -1;
    std::string cold_reason;  // a run that asked to be warm and is not: why
    bool skip_gate = false;   // `pygate serve --unsafe-skip-gate`: for testing the sandbox only
    // A session's, and a template's.
    std::vector<std::string> preload;
    std::int64_t idle_timeout = 600;
};

WorkerJob run_job(const RunOp& op, const analyzer::Profile& profile, const std::string& python);
WorkerJob session_job(const SessionOpenOp& op, const analyzer::Profile& profile, const std::string& python);
WorkerJob template_job(const analyzer::Profile& profile, const std::string& python,
                       const std::vector<std::string>& preload);

// One JSON line, newline included: a session's worker reads it as the first
// line of its commands, a run's worker as all of its input.
std::string encode_worker_job(const WorkerJob& job);

// The job of what encode_worker_job wrote; a message saying what is wrong
// for anything else (the bytes come through a pipe: they are never trusted
// to be whole).
std::variant<WorkerJob, std::string> decode_worker_job(std::string_view text);

// The profile a job carries, loaded back from its TOML; a message when it
// does not load or is not the profile the digest names (fail closed: a job
// whose profile is not the one checked runs nothing).
std::variant<analyzer::Profile, std::string> job_profile(const WorkerJob& job);

}  // namespace pygate::serve
