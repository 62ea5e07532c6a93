#include "serve/workers/session_worker.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "judging/gated_run.hpp"
#include "runner/layers/private_mounts.hpp"
#include "runner/runner.hpp"
#include "runner/session_driver.hpp"
#include "runner/sha256.hpp"
#include "runner/workdir.hpp"
#include "serve/protocol.hpp"
#include "serve/workers/answer_budget.hpp"
#include "serve/workers/worker_job.hpp"
#include "serve/workers/worker_signals.hpp"
#include "support/base64.hpp"
#include "support/line_reader.hpp"
#include "support/write_all.hpp"

namespace pygate::serve {

using judging::LimitOverrides;
using judging::Provenance;
using judging::result_json;
using judging::runner_limits;
using support::LineReader;
using support::base64_encode;
using support::write_all;

namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

// How long a session may live in all, whatever its activity: the runner's
// wall-clock limit for the interpreter. Idle and step timeouts come first.
constexpr std::int64_t k_session_lifetime_seconds = 24 * 60 * 60;
constexpr std::size_t k_max_driver_line = std::size_t{1} << 28;
// How long an interrupted step has to stop (its KeyboardInterrupt handled)
// before its session is ended instead.
constexpr auto k_interrupt_grace = std::chrono::seconds(5);

void answer(const ordered_json& message) {
    write_all(STDOUT_FILENO, message.dump(-1, ' ', false, ordered_json::error_handler_t::replace) + "\n");
}

void answer_error(const char* code, const std::string& message) {
    answer({{"error", {{"code", code}, {"message", message}}}});
}

std::string random_token() {
    unsigned char bytes[16];
    if (::getrandom(bytes, sizeof bytes, 0) != static_cast<ssize_t>(sizeof bytes)) return {};
    static const char* k_hex = "0123456789abcdef";
    std::string token;
    for (unsigned char byte : bytes) {
        token += k_hex[byte >> 4];
        token += k_hex[byte & 15];
    }
    return token;
}

// What ended the interpreter, as a step's status.
const char* lost_status(runner::Status status) {
    switch (status) {
        case runner::Status::cpu_limit:
            return "cpu_limit";
        case runner::Status::memory_limit:
            return "memory_limit";
        case runner::Status::timeout:
            return "timeout";
        default:
            return "session_lost";
    }
}

class Session {
public:
    Session(int cancel_read_end, int interrupt_read_end) : m_cancel(cancel_read_end), m_interrupt(interrupt_read_end) {}

    // Starts the interpreter; an error answer and false when it cannot.
    bool open(const WorkerJob& job) {
        if (job.kind != WorkerJob::Kind::session) {
            answer_error(error_code::internal_error, "a session worker was handed a run's job");
            return false;
        }
        auto loaded = job_profile(job);
        if (auto* error = std::get_if<std::string>(&loaded)) {
            answer_error(error_code::internal_error, *error);
            return false;
        }
        m_profile = std::move(std::get<analyzer::Profile>(loaded));
        m_profile_sha256 = job.profile_sha256;
        const LimitOverrides& overrides = job.overrides;
        auto limits = runner_limits(m_profile.limits, overrides);
        if (auto* message = std::get_if<std::string>(&limits)) {
            answer_error(error_code::limit_error, *message);
            return false;
        }
        m_limits = std::get<runner::Limits>(limits);
        m_step_seconds = m_limits.wall_seconds;
        m_idle_seconds = job.idle_timeout;
        m_python = job.python;

        int steps[2], answers[2];
        if (::pipe2(steps, O_CLOEXEC) != 0 || ::pipe2(answers, O_CLOEXEC) != 0) {
            answer_error(error_code::run_error, std::string("cannot create pipes: ") + std::strerror(errno));
            return false;
        }
        m_steps = steps[1];
        m_answers = answers[0];
        m_request.code = std::string(runner::session_driver_source());
        m_request.input_files = job.files;
        m_output_dir = (fs::temp_directory_path() / ("pygate-session-out-" + random_token())).string();
        m_request.output_dir = m_output_dir;
        m_request.python = m_python;
        m_request.limits = m_limits;
        m_request.limits.wall_seconds = k_session_lifetime_seconds;
        m_request.pass_fds = {steps[0], answers[1]};
        m_request.cancel_fd = m_cancel;
        m_request.on_started = [this](const std::string& workdir, pid_t program) {
            m_workdir = workdir;
            // A pidfd names this process and no other, even once it is reaped
            // and its pid reused: an interrupt can never reach another.
            m_program = static_cast<int>(::syscall(SYS_pidfd_open, program, 0));
        };
        // The runner blocks until the interpreter ends: it gets a thread, and
        // tells the main loop through a pipe when it is done.
        int done[2];
        if (::pipe2(done, O_CLOEXEC) != 0) {
            answer_error(error_code::run_error, std::string("cannot create a pipe: ") + std::strerror(errno));
            return false;
        }
        m_done = done[0];
        const int steps_read = steps[0], answers_write = answers[1], done_write = done[1];
        m_thread = std::thread([this, steps_read, answers_write, done_write] {
            auto ran = runner::run(m_request);
            ::close(steps_read);
            ::close(answers_write);
            if (auto* error = std::get_if<runner::RunRequestError>(&ran))
                m_request_error = error->message;
            else
                m_result = std::move(std::get<runner::RunResult>(ran));
            ::close(done_write);
        });
        m_reader.emplace(m_answers, k_max_driver_line);
        // The driver says it is ready before anything else.
        auto ready = next_driver_message(Clock::now() + std::chrono::seconds(30));
        if (!ready || !ready->contains("ready")) {
            finish();
            answer_error(error_code::run_error, "the session's interpreter did not start: " + ended_reason());
            return false;
        }
        const std::vector<std::string>& preload = job.preload;
        if (!preload.empty()) {
            const std::string token = random_token();
            send_to_driver({{"op", "preload"}, {"modules", preload}, {"token", token}});
            auto loaded_modules = next_driver_message(Clock::now() + std::chrono::seconds(m_step_seconds));
            if (!loaded_modules || loaded_modules->value("token", "") != token) {
                finish();
                answer_error(error_code::run_error, "preloading failed: " + ended_reason());
                return false;
            }
            if (!(*loaded_modules)["failed"].empty()) {
                finish();
                answer_error(error_code::run_error, "preloading failed: " + (*loaded_modules)["failed"].dump());
                return false;
            }
        }
        answer({{"opened", {{"limits", {{"step_seconds", m_step_seconds},
                                        {"cpu_seconds", m_limits.cpu_seconds},
                                        {"memory_mb", m_limits.memory_mb},
                                        {"output_bytes", m_limits.output_bytes},
                                        {"idle_seconds", m_idle_seconds}}}}}});
        return true;
    }

    // One step; false when the session ended with it.
    bool exec(const nlohmann::json& command) {
        const std::string token = random_token();
        const std::int64_t step = command.at("step").get<std::int64_t>();
        std::int64_t seconds = m_step_seconds;
        if (command.contains("timeout") && !command["timeout"].is_null())
            seconds = std::min(seconds, command["timeout"].get<std::int64_t>());
        const std::int64_t output_limit = command.contains("output_limit") && !command["output_limit"].is_null()
                                              ? std::min(command["output_limit"].get<std::int64_t>(),
                                                         m_limits.output_bytes)
                                              : m_limits.output_bytes;
        const bool stream = command.value("stream", false);
        // An interrupt meant for an earlier step, come after its answer, is not this one's.
        drain(m_interrupt);
        m_interrupted = false;
        const auto started = Clock::now();
        send_to_driver({{"op", "exec"},
                        {"step", step},
                        {"code", command.at("code")},
                        {"token", token},
                        {"output_limit", output_limit},
                        {"display", command.value("display", false)}});
        std::string out, err;
        const auto deadline = started + std::chrono::seconds(seconds);
        for (;;) {
            auto message = next_driver_message(deadline);
            if (!message) {
                const bool timed_out = !m_ended && Clock::now() >= deadline;
                const bool ignored_interrupt = !m_ended && m_interrupted && Clock::now() >= m_interrupt_deadline;
                if (timed_out || ignored_interrupt)
                    stop_now();  // the interpreter is busy in the step: no grace period
                else
                    finish();
                const char* status = ignored_interrupt ? "interrupted"
                                     : timed_out       ? "timeout"
                                     : m_result        ? lost_status(m_result->status)
                                                       : "session_lost";
                answer({{"step", step_result(status, out, err, started, nullptr)}});
                return false;
            }
            if (message->contains("event") && message->value("step", std::int64_t{-1}) == step) {
                const std::string data = (*message)["data"].get<std::string>();
                const bool is_err = (*message)["event"] == "stderr";
                (is_err ? err : out) += data;
                if (stream) answer({{"event", is_err ? "stderr" : "stdout"}, {"data", data}});
                continue;
            }
            // An answer counts only with this step's token: output a step
            // writes cannot pass for one.
            if (message->value("token", "") != token || message->value("step", std::int64_t{-1}) != step) continue;
            std::string status = message->value("status", "session_lost");
            // The step failed because the session's bounded work directory is full.
            if (status == "exception" && !m_workdir.empty() && runner::bounded_directory_full(m_workdir))
                status = "disk_limit";
            // Over the memory limit, a session ends: what it holds cannot be trusted to fit again.
            if (status == "memory_limit") stop_now();
            answer({{"step", step_result(status, out, err, started, &*message)}});
            return status != "memory_limit";
        }
    }

    void files(const nlohmann::json& command) {
        ordered_json list = ordered_json::array();
        const fs::path output = fs::path(m_workdir) / "output";
        std::error_code ec;
        const auto& wanted = command.contains("fetch") ? command["fetch"] : nlohmann::json(nullptr);
        AnswerBudget budget;
        for (auto it = fs::recursive_directory_iterator(output, fs::directory_options::none, ec);
             !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (!it->is_regular_file(ec) || it->is_symlink(ec)) continue;
            const std::string name = fs::relative(it->path(), output, ec).string();
            const std::uint64_t size = it->file_size(ec);
            if (!budget.list("output/" + name)) break;
            ordered_json entry{{"path", "output/" + name}, {"bytes", size}};
            if (wanted.is_array() && std::find(wanted.begin(), wanted.end(), "output/" + name) != wanted.end() &&
                budget.inline_bytes(size, entry)) {
                int fd = ::open(it->path().c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
                std::string bytes;
                if (fd >= 0) {
                    char buffer[65536];
                    ssize_t n;
                    while ((n = ::read(fd, buffer, sizeof buffer)) > 0)
                        bytes.append(buffer, static_cast<std::size_t>(n));
                    ::close(fd);
                }
                entry["base64"] = base64_encode(bytes);
            }
            list.push_back(std::move(entry));
        }
        ordered_json files{{"files", std::move(list)}};
        budget.note(files);
        answer(files);
    }

    // Ends the interpreter (closing its step pipe lets the driver return) and
    // answers with what it left: the run's result and output/'s files.
    void close(const char* reason) {
        finish();
        ordered_json closed{{"reason", reason}};
        if (m_result) {
            Provenance provenance{runner::sha256_hex(runner::session_driver_source()), m_profile.name,
                                  m_profile_sha256, m_python};
            closed["run"] = result_json("allow", *m_result, m_request.limits, provenance);
        } else {
            closed["error"] = m_request_error;
        }
        ordered_json files = ordered_json::array();
        std::error_code ec;
        AnswerBudget budget;
        for (auto it = fs::recursive_directory_iterator(m_output_dir, ec);
             !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (!it->is_regular_file(ec)) continue;
            const std::string path = "output/" + fs::relative(it->path(), m_output_dir, ec).string();
            const std::uint64_t size = it->file_size(ec);
            if (!budget.list(path)) break;
            ordered_json entry{{"path", path}, {"bytes", size}};
            if (budget.inline_bytes(size, entry)) {
                std::ifstream in(it->path(), std::ios::binary);
                std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
                entry["base64"] = base64_encode(bytes);
            }
            files.push_back(std::move(entry));
        }
        fs::remove_all(m_output_dir, ec);
        closed["files"] = std::move(files);
        budget.note(closed);
        answer({{"closed", std::move(closed)}});
    }

    int done_fd() const { return m_done; }
    std::int64_t idle_seconds() const { return m_idle_seconds; }
    bool ended() const { return m_ended; }

private:
    void send_to_driver(const ordered_json& message) {
        if (m_steps >= 0 && !write_all(m_steps, message.dump() + "\n")) {
            ::close(m_steps);
            m_steps = -1;
        }
    }

    // The driver's next line, or nullopt when the interpreter ended or the
    // deadline passed.
    std::optional<nlohmann::json> next_driver_message(Clock::time_point deadline) {
        std::string line;
        for (;;) {
            // The reader may hold a whole line already: ask it first.
            const auto now = Clock::now();
            const auto until = m_interrupted ? std::min(deadline, m_interrupt_deadline) : deadline;
            if (now >= until) return std::nullopt;
            // Rounded up: a wait of 0 ms before the deadline would spin.
            const auto left = std::chrono::ceil<std::chrono::milliseconds>(until - now).count();
            pollfd fds[3] = {{m_answers, POLLIN, 0}, {m_done, POLLIN, 0}, {m_interrupt, POLLIN, 0}};
            const bool buffered = m_reader->has_buffered_line();
            int ready = buffered ? 1 : ::poll(fds, 3, static_cast<int>(std::min<long long>(left, 1000)));
            if (ready < 0 && errno != EINTR) return std::nullopt;
            if (ready <= 0) continue;
            if (!buffered && fds[2].revents != 0) {
                interrupt();
                continue;
            }
            if (buffered || fds[0].revents != 0) {
                LineReader::Next next = m_reader->next(line);
                if (next == LineReader::Next::end) return std::nullopt;
                if (next != LineReader::Next::line) continue;
                nlohmann::json message = nlohmann::json::parse(line, nullptr, false);
                if (message.is_object()) return message;
                continue;
            }
            if (fds[1].revents != 0) return std::nullopt;
        }
    }

    ordered_json step_result(const std::string& status, const std::string& out, const std::string& err,
                             Clock::time_point started, const nlohmann::json* driver) {
        ordered_json result{{"status", status}, {"stdout", out}, {"stderr", err}};
        result["value"] = driver != nullptr ? (*driver)["value"] : nlohmann::json(nullptr);
        result["traceback"] = driver != nullptr ? (*driver)["traceback"] : nlohmann::json(nullptr);
        if (driver != nullptr && driver->contains("display")) result["display"] = (*driver)["display"];
        result["truncated"] = driver != nullptr && driver->value("truncated", false);
        result["duration_ms"] =
            driver != nullptr ? (*driver)["duration_ms"]
                              : nlohmann::json(std::chrono::duration<double, std::milli>(Clock::now() - started).count());
        result["cpu_ms"] = driver != nullptr ? (*driver)["cpu_ms"] : nlohmann::json(nullptr);
        if (m_ended) result["session"] = {{"ended", true}, {"status", m_result ? runner::status_name(m_result->status) : "ended"}};
        return result;
    }

    // A `cancel` of the running step: the interpreter gets SIGINT, which the
    // driver turns into a KeyboardInterrupt in the step, and the step has
    // k_interrupt_grace to answer before its session is ended.
    void interrupt() {
        drain(m_interrupt);
        if (m_interrupted || m_ended) return;
        m_interrupted = true;
        m_interrupt_deadline = Clock::now() + k_interrupt_grace;
        const int program = m_program.load();
        if (program >= 0) ::syscall(SYS_pidfd_send_signal, program, SIGINT, nullptr, 0);
    }

    static void drain(int fd) {
        char buffer[64];
        while (fd >= 0 && ::read(fd, buffer, sizeof buffer) > 0) {
        }
    }

    std::string ended_reason() const {
        if (!m_request_error.empty()) return m_request_error;
        if (m_result) {
            std::string reason = runner::status_name(m_result->status);
            if (!m_result->error.empty()) reason += ": " + m_result->error;
            if (!m_result->err.kept.empty()) reason += ": " + m_result->err.kept.substr(0, 2000);
            return reason;
        }
        return "the interpreter ended";
    }

    // Stops the interpreter and waits for the runner: closing the step pipe
    // ends the driver; if it does not end soon, the run is cancelled.
    void finish() {
        if (m_ended) return;
        m_ended = true;
        if (m_steps >= 0) ::close(m_steps);
        m_steps = -1;
        pollfd done{m_done, POLLIN, 0};
        if (::poll(&done, 1, 2000) <= 0) signal_stop();
        if (m_thread.joinable()) m_thread.join();
        if (m_program >= 0) ::close(m_program.exchange(-1));
        if (m_answers >= 0) ::close(m_answers);
        m_answers = -1;
    }

public:
    void stop_now() {
        signal_stop();
        finish();
    }

private:
    int m_cancel;
    int m_interrupt;
    std::atomic<int> m_program{-1};  // the interpreter's pidfd, once started (set on the runner's thread)
    bool m_interrupted = false;
    Clock::time_point m_interrupt_deadline;
    analyzer::Profile m_profile;
    std::string m_profile_sha256;  // the job's, which job_profile() checked is m_profile's
    runner::Limits m_limits;
    std::int64_t m_step_seconds = 10;
    std::int64_t m_idle_seconds = 600;
    std::string m_python;
    runner::RunRequest m_request;
    std::string m_output_dir;
    std::string m_workdir;
    int m_steps = -1;
    int m_answers = -1;
    int m_done = -1;
    std::optional<LineReader> m_reader;
    std::thread m_thread;
    std::optional<runner::RunResult> m_result;
    std::string m_request_error;
    bool m_ended = false;
};

}  // namespace

int session_worker_main(pid_t parent) {
    // Before the runner's thread starts: a mount namespace is a thread's.
    runner::keep_mounts_private();
    const int stop_fd = cancel_on_stop_signals(parent);
    if (stop_fd < 0) return 4;
    const int interrupt_fd = interrupt_on_signal();
    if (interrupt_fd < 0) return 4;

    LineReader commands(STDIN_FILENO, std::size_t{1} << 30);
    std::string line;
    if (commands.next(line) != LineReader::Next::line) return 0;
    Session session(stop_fd, interrupt_fd);
    try {
        auto job = decode_worker_job(line);
        if (auto* error = std::get_if<std::string>(&job)) {
            answer_error(error_code::internal_error, *error);
            return 0;
        }
        if (!session.open(std::get<WorkerJob>(job))) return 0;
        for (;;) {
            pollfd fds[3] = {{STDIN_FILENO, POLLIN, 0}, {session.done_fd(), POLLIN, 0}, {stop_fd, POLLIN, 0}};
            int ready = commands.has_buffered_line()
                            ? 1
                            : ::poll(fds, 3, static_cast<int>(std::min<std::int64_t>(session.idle_seconds() * 1000,
                                                                                     INT32_MAX)));
            if (ready < 0 && errno == EINTR) continue;
            if (ready == 0) {
                session.close("idle_timeout");
                return 0;
            }
            if (!commands.has_buffered_line() && fds[2].revents != 0) {
                session.close("cancelled");
                return 0;
            }
            if (!commands.has_buffered_line() && fds[1].revents != 0 && fds[0].revents == 0) {
                session.close("session_lost");
                return 0;
            }
            LineReader::Next next = commands.next(line);
            if (next == LineReader::Next::end) {
                session.close("closed");
                return 0;
            }
            if (next != LineReader::Next::line) continue;
            const nlohmann::json command = nlohmann::json::parse(line);
            const std::string op = command.at("op").get<std::string>();
            if (op == "exec") {
                if (!session.exec(command)) {
                    session.close("step_ended_session");
                    return 0;
                }
            } else if (op == "files") {
                session.files(command);
            } else {
                session.close("closed");
                return 0;
            }
        }
    } catch (const std::exception& error) {
        session.stop_now();
        answer_error(error_code::internal_error, std::string("the session worker failed: ") + error.what());
    }
    return 0;
}

}  // namespace pygate::serve
