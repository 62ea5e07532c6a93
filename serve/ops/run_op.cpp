#include "serve/ops/run_op.hpp"

#include <fmt/format.h>
#include <sys/wait.h>

#include <nlohmann/json.hpp>
#include <optional>

#include "judging/gated_run.hpp"
#include "serve/template_pool.hpp"
#include "serve/workers/worker_job.hpp"
#include "serve/workers/worker_process.hpp"
#include "support/line_reader.hpp"

namespace pygate::serve {

using nlohmann::ordered_json;
using support::LineReader;

std::string answer_run(const RunJob& job, ProfileCache& profiles, RequestQueue& requests, AnswerWriter& out,
                       const std::string& python, TemplatePool& templates, bool skip_gate) {
    const auto& id = job.id.value;
    auto resolved = profiles.get(job.op.profile);
    if (auto* error = std::get_if<profiles::ProfileError>(&resolved))
        return error_line(id, error_code::profile_error, error->to_string());
    const analyzer::Profile& profile = *std::get<SharedProfile>(resolved);
    auto limits = judging::runner_limits(profile.limits, job.op.overrides);
    if (auto* message = std::get_if<std::string>(&limits)) return error_line(id, error_code::limit_error, *message);

    if (requests.cancel_requested(job.id)) return "";
    WorkerJob worker_job = run_job(job.op, profile, python);
    worker_job.skip_gate = skip_gate;
    // A warm run: the worker gets its link to the template as descriptor 3.
    std::optional<WarmLease> lease;
    // A profile that preloads nothing has no template: its runs are cold.
    if (job.op.warm && !preload_of(profile).empty()) {
        auto leased = templates.lease(profile, worker_job.profile_sha256, std::get<runner::Limits>(limits).memory_mb);
        if (auto* warm = std::get_if<WarmLease>(&leased)) {
            lease = std::move(*warm);
            worker_job.warm = lease->start;
            worker_job.warm_mounts_pid = lease->mounts_pid;
        } else {
            worker_job.cold_reason = std::get<std::string>(leased);
        }
    }
    WorkerProcess worker;
    std::string error;
    if (!worker.start(WorkerKind::run, error, lease ? lease->link.get() : -1))
        return error_line(id, error_code::run_error, error);
    if (lease) lease->link.reset();  // the worker holds its copy
    requests.set_worker(job.id, worker.pid());
    if (!worker.send(encode_worker_job(worker_job), error)) {
        requests.set_worker(job.id, -1);
        worker.wait();
        return error_line(id, error_code::internal_error, error);
    }
    std::optional<ordered_json> answer;
    LineReader reader(worker.output_fd(), k_max_worker_line);
    std::string line;
    for (;;) {
        LineReader::Next next = reader.next(line);
        if (next == LineReader::Next::end) break;
        if (next != LineReader::Next::line) continue;
        ordered_json message = ordered_json::parse(line, nullptr, false);
        if (!message.is_object()) continue;
        if (message.contains("event") && message.contains("data")) {
            out.write(event_line(id, message["event"].get<std::string>(), message["data"].get<std::string>()));
        } else {
            answer = std::move(message);
        }
    }
    // Its output is read: from here on it must not be signalled (its pid is
    // reaped next and could be reused).
    requests.set_worker(job.id, -1);
    const int status = worker.wait();
    if (answer && answer->contains("result")) return result_line(id, (*answer)["result"].dump());
    if (answer && answer->contains("error"))
        return error_line(id, (*answer)["error"].value("code", error_code::internal_error),
                          (*answer)["error"].value("message", std::string()));
    // Fail closed: a worker that died answers nothing a client could take for a result.
    const std::string how = WIFSIGNALED(status) ? fmt::format("signal {}", WTERMSIG(status))
                                                : fmt::format("exit code {}", WEXITSTATUS(status));
    return error_line(id, error_code::internal_error, fmt::format("the run worker ended without an answer ({})", how));
}

}  // namespace pygate::serve
