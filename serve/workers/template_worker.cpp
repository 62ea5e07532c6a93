#include "serve/workers/template_worker.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "judging/gated_run.hpp"
#include "runner/layers/private_mounts.hpp"
#include "runner/runner.hpp"
#include "runner/template_driver.hpp"
#include "serve/protocol.hpp"
#include "serve/workers/worker_job.hpp"
#include "serve/workers/worker_process.hpp"
#include "serve/workers/worker_signals.hpp"
#include "support/line_reader.hpp"
#include "support/write_all.hpp"

namespace pygate::serve {
namespace {

using nlohmann::ordered_json;

// A template lives as long as its server wants it: its own wall clock and
// CPU time are bounded only so that nothing is unbounded. Each run's child
// lowers both to its run's.
constexpr std::int64_t k_template_lifetime_seconds = 7 * 24 * 60 * 60;

void answer(const ordered_json& line) {
    support::write_all(STDOUT_FILENO, line.dump(-1, ' ', false, ordered_json::error_handler_t::replace) + "\n");
}

void answer_error(const std::string& message) {
    answer({{"error", {{"code", error_code::run_error}, {"message", message}}}});
}

}  // namespace

int template_worker_main(pid_t parent) {
    // Before the runner's thread starts: a mount namespace is a thread's.
    const std::string private_mounts = runner::keep_mounts_private();
    const int stop_fd = cancel_on_stop_signals(parent);
    if (stop_fd < 0) return 4;

    support::LineReader commands(STDIN_FILENO, k_max_worker_line);
    std::string line;
    if (commands.next(line) != support::LineReader::Next::line) return 0;
    auto decoded = decode_worker_job(line);
    if (auto* error = std::get_if<std::string>(&decoded)) {
        answer_error(*error);
        return 0;
    }
    const WorkerJob& job = std::get<WorkerJob>(decoded);
    if (job.kind != WorkerJob::Kind::template_process) {
        answer_error("a template worker was handed another kind of job");
        return 0;
    }
    auto loaded = job_profile(job);
    if (auto* error = std::get_if<std::string>(&loaded)) {
        answer_error(*error);
        return 0;
    }
    const analyzer::Profile profile = std::move(std::get<analyzer::Profile>(loaded));
    auto limits = judging::runner_limits(profile.limits, {});
    if (auto* message = std::get_if<std::string>(&limits)) {
        answer_error(*message);
        return 0;
    }
    int cancel[2];
    int done[2];
    if (::pipe2(cancel, O_CLOEXEC) != 0 || ::pipe2(done, O_CLOEXEC) != 0) {
        answer_error(std::string("cannot create pipes: ") + std::strerror(errno));
        return 0;
    }

    runner::RunRequest request;
    request.code = std::string(runner::template_driver_source());
    request.python = job.python;
    request.limits = std::get<runner::Limits>(limits);
    request.limits.wall_seconds = k_template_lifetime_seconds;
    request.limits.cpu_seconds = k_template_lifetime_seconds;
    request.pass_fds.push_back(k_worker_link_fd);  // not = {...}: g++ 14 with sanitizers warns falsely (array-bounds)
    request.cancel_fd = cancel[0];
    request.template_process = true;
    request.on_started = [&private_mounts](const std::string& workdir, pid_t program) {
        // The template holds its copy of the link now: this process lets go
        // of its own, so that the server finds the link closed once the
        // template is gone.
        ::close(k_worker_link_fd);
        // Without a private mount namespace (a chroot) no work directory is
        // a tmpfs, cold or warm (workdir.hpp): the runs' are made in the
        // template's as they are, and there is no namespace to enter.
        const pid_t mounts = private_mounts.empty() ? ::getpid() : 0;
        answer({{"started", {{"dir", workdir}, {"mounts_pid", mounts}, {"template_pid", program}}}});
    };
    std::optional<runner::RunResult> result;
    std::string request_error;
    std::thread runner_thread([&] {
        auto ran = runner::run(request);
        if (auto* error = std::get_if<runner::RunRequestError>(&ran))
            request_error = error->message;
        else
            result = std::move(std::get<runner::RunResult>(ran));
        ::close(done[1]);
    });

    // Until the input closes, a stop signal arrives, or the template ends.
    for (;;) {
        pollfd fds[3] = {{STDIN_FILENO, POLLIN, 0}, {stop_fd, POLLIN, 0}, {done[0], POLLIN, 0}};
        if (::poll(fds, 3, -1) < 0 && errno == EINTR) continue;
        if (fds[2].revents != 0) break;
        if (fds[1].revents != 0) break;
        if (fds[0].revents != 0) {
            char buffer[256];
            if (::read(STDIN_FILENO, buffer, sizeof buffer) <= 0) break;
        }
    }
    const char byte = 1;
    ssize_t ignored = ::write(cancel[1], &byte, 1);
    (void)ignored;
    runner_thread.join();
    if (!request_error.empty()) {
        answer_error(request_error);
    } else if (result) {
        ordered_json ended{{"status", runner::status_name(result->status)}, {"stderr", result->err.tail}};
        if (!result->error.empty()) ended["error"] = result->error;
        answer({{"ended", std::move(ended)}});
    }
    return 0;
}

}  // namespace pygate::serve
