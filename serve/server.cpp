#include "serve/server.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <vector>

#include "analyzer/batch_memory.hpp"
#include "analyzer/source_file.hpp"
#include "support/line_reader.hpp"
#include "serve/profile_cache.hpp"
#include "serve/run_worker.hpp"
#include "serve/worker_job.hpp"
#include "judging/judge.hpp"
#include "serve/protocol.hpp"
#include "judging/session_program.hpp"
#include "runner/sha256.hpp"
#include "support/version.hpp"
#include "profiles/builtin_profiles.hpp"
#include "profiles/profile_toml.hpp"
#include "reporters/json_report.hpp"
#include "reporters/rule_catalogue.hpp"
#include "rules/registry.hpp"

namespace pygate::serve {

using judging::SessionProgram;
using judging::StepVerdict;
using judging::judge_read;
using judging::profile_sha256;
using judging::runner_limits;
using support::LineReader;
using support::k_pygate_version;

namespace {

using nlohmann::ordered_json;

// How many checks may wait per check thread before the reading of requests
// waits for one to start.
constexpr std::size_t k_queued_checks_per_job = 16;

// A run's answer is one line holding its output: far over any request line.
constexpr std::size_t k_max_worker_line = std::size_t{1} << 30;

// The answers, one whole line at a time whatever thread writes them.
class Output {
public:
    explicit Output(int fd) : m_fd(fd) {}

    void write(std::string_view line) {
        std::lock_guard lock(m_mutex);
        while (!line.empty() && !m_broken) {
            ssize_t n = ::write(m_fd, line.data(), line.size());
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                m_broken = true;  // the client is gone: nothing more can be answered
                break;
            }
            line.remove_prefix(static_cast<std::size_t>(n));
        }
    }
    bool broken() const { return m_broken; }

private:
    int m_fd;
    std::mutex m_mutex;
    std::atomic<bool> m_broken{false};
};

struct InFlight {
    nlohmann::json id;
    bool running = false;  // a session op is running from the start
    bool cancel_requested = false;
    pid_t worker = -1;  // a run's worker while its output is read
};

// A session of the server: its worker process, what the gate has seen of it,
// and the receipt's list of steps. One request at a time (`busy`).
struct ServerSession {
    std::string id;
    SharedProfile profile;
    RunWorker worker;
    std::optional<LineReader> answers;
    SessionProgram program;
    nlohmann::ordered_json steps = nlohmann::ordered_json::array();
    std::optional<nlohmann::ordered_json> closed;  // the worker's last answer, once it ended
    bool busy = false;
};

struct CheckJob {
    RequestId id;
    CheckOp op;
};

struct RunJob {
    RequestId id;
    RunOp op;
};

std::string cancelled_message(const char* what) {
    return fmt::format("cancelled: {}", what);
}

class Server {
public:
    Server(int output_fd, const ServeOptions& options) : m_out(output_fd), m_options(options) {
        for (unsigned i = 0; i < m_options.jobs; ++i)
            m_threads.emplace_back([this] { check_loop(); });
        for (unsigned i = 0; i < m_options.max_runs; ++i)
            m_threads.emplace_back([this] { run_loop(); });
    }

    Output& output() { return m_out; }

    void handle_line(std::string_view line) {
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) return;  // blank lines are no requests
        auto parsed = parse_request(line, m_options.default_profile);
        if (auto* error = std::get_if<ProtocolError>(&parsed)) {
            m_out.write(error_line(error->id, error->code, error->message));
            return;
        }
        dispatch(std::move(std::get<Request>(parsed)));
    }

    // End of input: everything in flight is finished and answered.
    void finish() {
        {
            std::unique_lock lock(m_mutex);
            m_idle.wait(lock, [this] { return m_in_flight.empty() && m_session_requests == 0; });
            m_stopping = true;
        }
        close_all_sessions();
        m_check_ready.notify_all();
        m_run_ready.notify_all();
        for (auto& thread : m_threads)
            thread.join();
        m_threads.clear();
    }

    // SIGTERM, SIGINT, or a client that stopped reading: queued requests are
    // dropped and runs killed, each answered `cancelled`; checks under way end.
    void cancel_everything() {
        std::vector<std::string> answers;
        {
            std::lock_guard lock(m_mutex);
            for (const auto& job : m_checks)
                answers.push_back(drop_queued(job.id, "the server is stopping"));
            for (const auto& job : m_runs)
                answers.push_back(drop_queued(job.id, "the server is stopping"));
            m_checks.clear();
            m_runs.clear();
            for (auto& [key, entry] : m_in_flight) {
                entry.cancel_requested = true;
                if (entry.worker > 0) ::kill(entry.worker, SIGTERM);
            }
            for (auto& [id, session] : m_sessions)
                if (session->worker.pid() > 0) ::kill(session->worker.pid(), SIGTERM);
        }
        for (const auto& answer : answers)
            m_out.write(answer);
        m_idle.notify_all();
        finish();
    }

private:
    void dispatch(Request request) {
        std::unique_lock lock(m_mutex);
        if (m_in_flight.count(request.id.key) != 0) {
            lock.unlock();
            m_out.write(error_line(request.id.value, error_code::duplicate_id,
                                   fmt::format("a request with id {} is still in flight", request.id.value.dump())));
            return;
        }
        if (auto* check = std::get_if<CheckOp>(&request.op)) {
            // Back-pressure: a client that sends faster than the checks are
            // done waits (its pipe fills) instead of growing the queue, so the
            // server's memory does not depend on how far ahead a client runs.
            // Checks end within their analysis budget, so this wait is short.
            m_check_room.wait(lock, [this] { return m_checks.size() < k_queued_checks_per_job * m_options.jobs; });
            m_in_flight[request.id.key] = InFlight{request.id.value};
            m_checks.push_back({std::move(request.id), std::move(*check)});
            lock.unlock();
            m_check_ready.notify_one();
            return;
        }
        if (auto* run = std::get_if<RunOp>(&request.op)) {
            m_in_flight[request.id.key] = InFlight{request.id.value};
            m_runs.push_back({std::move(request.id), std::move(*run)});
            lock.unlock();
            m_run_ready.notify_one();
            return;
        }
        if (is_session_op(request.op)) {
            // A session's worker is started here, by the thread that reads
            // requests, which lives as long as the server: the kernel's
            // parent-death signal fires when the thread that started a child
            // ends, not the process.
            std::shared_ptr<ServerSession> opened;
            if (std::holds_alternative<SessionOpenOp>(request.op)) {
                opened = std::make_shared<ServerSession>();
                std::string error;
                if (!opened->worker.spawn(error, "serve-session-worker")) {
                    lock.unlock();
                    m_out.write(error_line(request.id.value, error_code::run_error, error));
                    return;
                }
            }
            m_in_flight[request.id.key] = InFlight{request.id.value, true};
            ++m_session_requests;
            lock.unlock();
            std::thread([this, request = std::move(request), opened]() mutable {
                std::string answer = session_request(request, opened);
                complete(request.id, answer);
                std::lock_guard done(m_mutex);
                if (--m_session_requests == 0) m_idle.notify_all();
            }).detach();
            return;
        }
        if (auto* cancel = std::get_if<CancelOp>(&request.op)) {
            std::string dropped;
            std::string answer = cancel_target(cancel->target, dropped);
            lock.unlock();
            if (!dropped.empty()) m_out.write(dropped);
            m_out.write(result_line(request.id.value, answer));
            return;
        }
        lock.unlock();
        m_out.write(answer_at_once(request));
    }

    // Under m_mutex. The cancel's own result; `dropped`, the answer of a
    // queued target it dropped.
    std::string cancel_target(const RequestId& target, std::string& dropped) {
        ordered_json answer{{"target", target.value}};
        auto found = m_in_flight.find(target.key);
        if (found == m_in_flight.end()) {
            answer["cancelled"] = false;
            answer["state"] = "not_found";
            return answer.dump();
        }
        InFlight& entry = found->second;
        answer["cancelled"] = true;
        if (!entry.running) {
            answer["state"] = "queued";
            auto drop = [&](auto& queue) {
                for (auto it = queue.begin(); it != queue.end(); ++it)
                    if (it->id.key == target.key) {
                        queue.erase(it);
                        return true;
                    }
                return false;
            };
            if (drop(m_checks))
                m_check_room.notify_one();
            else
                drop(m_runs);
            dropped = drop_queued(target, "dropped before it started");
            if (m_in_flight.empty()) m_idle.notify_all();
        } else {
            answer["state"] = "running";
            entry.cancel_requested = true;
            if (entry.worker > 0) ::kill(entry.worker, SIGTERM);
        }
        return answer.dump();
    }

    // Under m_mutex: forgets a queued request; its answer, `cancelled`, is
    // written by the caller once the lock is released (a client slow to read
    // must never hold up the reading of requests).
    std::string drop_queued(const RequestId& id, const char* why) {
        m_in_flight.erase(id.key);
        return error_line(id.value, error_code::cancelled, cancelled_message(why));
    }

    // The answer of a request that finished; `cancelled` instead if a cancel
    // came while it ran.
    // The request is forgotten before its answer is written, outside the
    // lock: a client cannot reuse the id before it reads the answer, and
    // finish() joins this thread, so the answer is out before the server exits.
    void complete(const RequestId& id, const std::string& line) {
        bool cancelled = false;
        {
            std::lock_guard lock(m_mutex);
            auto found = m_in_flight.find(id.key);
            cancelled = found != m_in_flight.end() && found->second.cancel_requested;
            m_in_flight.erase(id.key);
            if (m_in_flight.empty()) m_idle.notify_all();
        }
        m_out.write(cancelled ? error_line(id.value, error_code::cancelled, cancelled_message("stopped while it ran"))
                              : line);
    }

    template <class Job>
    bool next_job(std::deque<Job>& queue, std::condition_variable& ready, Job& job) {
        std::unique_lock lock(m_mutex);
        ready.wait(lock, [&] { return !queue.empty() || m_stopping; });
        if (queue.empty()) return false;
        job = std::move(queue.front());
        queue.pop_front();
        m_in_flight[job.id.key].running = true;
        m_check_room.notify_one();
        return true;
    }

    void check_loop() {
        analyzer::Parser parser;
        CheckJob job;
        while (next_job(m_checks, m_check_ready, job))
            complete(job.id, check(job, parser));
    }

    void run_loop() {
        RunJob job;
        while (next_job(m_runs, m_run_ready, job))
            complete(job.id, run(job));
    }

    std::string check(CheckJob& job, analyzer::Parser& parser) {
        const auto& id = job.id.value;
        auto profile = m_profiles.get(job.op.profile);
        if (auto* error = std::get_if<profiles::ProfileError>(&profile))
            return error_line(id, error_code::profile_error, error->to_string());
        analyzer::ReadResult read;
        if (job.op.path) {
            read = analyzer::read_source_file(*job.op.path);
            if (auto* failure = std::get_if<analyzer::ReadFailure>(&read))
                return error_line(id, error_code::read_error,
                                  fmt::format("cannot read {}: {}", *job.op.path, failure->message));
        } else if (job.op.code->size() > analyzer::k_max_source_bytes) {
            read = analyzer::ReadFailure{fmt::format("the code is {} bytes, over the {} bytes pygate reads",
                                                     job.op.code->size(), analyzer::k_max_source_bytes)};
        } else {
            read = std::move(*job.op.code);
        }
        std::string internal_error;
        reporters::FileReport file =
            judge_read(job.op.filename, std::move(read), parser, *std::get<SharedProfile>(profile), internal_error);
        if (!internal_error.empty())
            return error_line(id, error_code::internal_error, "internal error: " + internal_error);
        return result_line(id, reporters::json_file_entry(file));
    }

    std::string run(RunJob& job) {
        const auto& id = job.id.value;
        auto profile = m_profiles.get(job.op.profile);
        if (auto* error = std::get_if<profiles::ProfileError>(&profile))
            return error_line(id, error_code::profile_error, error->to_string());
        auto limits = runner_limits(std::get<SharedProfile>(profile)->limits, job.op.overrides);
        if (auto* message = std::get_if<std::string>(&limits)) return error_line(id, error_code::limit_error, *message);

        RunWorker worker;
        std::string error;
        {
            std::lock_guard lock(m_mutex);
            InFlight& entry = m_in_flight[job.id.key];
            if (entry.cancel_requested) return "";  // complete() answers `cancelled`
            if (!worker.spawn(error)) return error_line(id, error_code::run_error, error);
            entry.worker = worker.pid();
        }
        if (!worker.send(encode_worker_job(run_job(job.op, *std::get<SharedProfile>(profile), m_options.python)),
                         error)) {
            forget_worker(job.id);
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
                m_out.write(event_line(id, message["event"].get<std::string>(), message["data"].get<std::string>()));
            } else {
                answer = std::move(message);
            }
        }
        forget_worker(job.id);
        const int status = worker.wait();
        if (answer && answer->contains("result")) return result_line(id, (*answer)["result"].dump());
        if (answer && answer->contains("error"))
            return error_line(id, (*answer)["error"].value("code", error_code::internal_error),
                              (*answer)["error"].value("message", std::string()));
        // Fail closed: a worker that died answers nothing a client could take for a result.
        const std::string how = WIFSIGNALED(status) ? fmt::format("signal {}", WTERMSIG(status))
                                                    : fmt::format("exit code {}", WEXITSTATUS(status));
        return error_line(id, error_code::internal_error,
                          fmt::format("the run worker ended without an answer ({})", how));
    }

    // The worker's output is read: from here on it must not be signalled (its
    // pid is reaped next and could be reused).
    void forget_worker(const RequestId& id) {
        std::lock_guard lock(m_mutex);
        auto found = m_in_flight.find(id.key);
        if (found != m_in_flight.end()) found->second.worker = -1;
    }

    static bool is_session_op(const Operation& op) {
        return std::holds_alternative<SessionOpenOp>(op) || std::holds_alternative<SessionExecOp>(op) ||
               std::holds_alternative<SessionFilesOp>(op) || std::holds_alternative<SessionCloseOp>(op);
    }

    // The worker's next answer; its events are forwarded under `id` when
    // `forward` is set. nullopt: the worker ended without one.
    std::optional<ordered_json> worker_answer(ServerSession& session, const nlohmann::json& id, bool forward) {
        std::string line;
        for (;;) {
            LineReader::Next next = session.answers->next(line);
            if (next == LineReader::Next::end) return std::nullopt;
            if (next != LineReader::Next::line) continue;
            ordered_json message = ordered_json::parse(line, nullptr, false);
            if (!message.is_object()) continue;
            if (message.contains("event")) {
                if (forward)
                    m_out.write(
                        event_line(id, message["event"].get<std::string>(), message["data"].get<std::string>()));
                continue;
            }
            return message;
        }
    }

    // Takes the session for one request; an error line when it cannot.
    std::shared_ptr<ServerSession> take_session(const std::string& name, const nlohmann::json& id,
                                                std::string& error) {
        std::lock_guard lock(m_mutex);
        auto found = m_sessions.find(name);
        if (found == m_sessions.end()) {
            error = error_line(id, error_code::session_closed, fmt::format("no open session `{}`", name));
            return nullptr;
        }
        if (found->second->busy) {
            error = error_line(id, error_code::session_busy,
                               fmt::format("session `{}` is still answering another request", name));
            return nullptr;
        }
        found->second->busy = true;
        return found->second;
    }

    void release_session(const std::shared_ptr<ServerSession>& session) {
        std::lock_guard lock(m_mutex);
        session->busy = false;
    }

    // The worker ended (idle timeout, a limit, closed): forget the session;
    // its last answer is what close returns.
    ordered_json end_session(const std::shared_ptr<ServerSession>& session, std::optional<ordered_json> closed) {
        session->worker.close_input();
        if (!closed) closed = worker_answer(*session, nullptr, false);
        session->worker.wait();
        {
            std::lock_guard lock(m_mutex);
            m_sessions.erase(session->id);
        }
        ordered_json result;
        const ordered_json& end = closed && closed->contains("closed") ? (*closed)["closed"] : ordered_json::object();
        result["session"] = session->id;
        result["reason"] = end.value("reason", "session_lost");
        result["files"] = end.value("files", ordered_json::array());
        ordered_json receipt{{"profile", session->profile->name},
                             {"profile_sha256", profile_sha256(*session->profile)},
                             {"steps", session->steps}};
        if (end.contains("run")) receipt["run"] = end["run"];
        if (end.contains("error")) receipt["error"] = end["error"];
        result["receipt"] = std::move(receipt);
        return result;
    }

    void set_worker(const RequestId& id, pid_t pid) {
        std::lock_guard lock(m_mutex);
        auto found = m_in_flight.find(id.key);
        if (found != m_in_flight.end()) found->second.worker = pid;
    }

    std::string session_request(Request& request, const std::shared_ptr<ServerSession>& opened) {
        const auto& id = request.id.value;
        if (auto* open = std::get_if<SessionOpenOp>(&request.op)) return session_open(request.id, *open, opened);
        std::string error;
        if (auto* exec = std::get_if<SessionExecOp>(&request.op)) {
            auto session = take_session(exec->session, id, error);
            if (!session) return error;
            std::string answer = session_exec(request.id, *session, *exec);
            if (session->closed) {
                end_session(session, session->closed);
            } else {
                release_session(session);
            }
            return answer;
        }
        if (auto* files = std::get_if<SessionFilesOp>(&request.op)) {
            auto session = take_session(files->session, id, error);
            if (!session) return error;
            nlohmann::json fetch = files->fetch;
            session->worker.write(ordered_json{{"op", "files"}, {"fetch", fetch}}.dump() + "\n");
            auto answer = worker_answer(*session, id, false);
            if (!answer || !answer->contains("files")) {
                ordered_json ended = end_session(session, answer);
                return error_line(id, error_code::session_closed,
                                  fmt::format("the session ended: {}", ended["reason"].get<std::string>()));
            }
            release_session(session);
            return result_line(id, ordered_json{{"files", (*answer)["files"]}}.dump());
        }
        auto& close = std::get<SessionCloseOp>(request.op);
        auto session = take_session(close.session, id, error);
        if (!session) return error;
        session->worker.write(ordered_json{{"op", "close"}}.dump() + "\n");
        return result_line(id, end_session(session, std::nullopt).dump(-1, ' ', false,
                                                                        ordered_json::error_handler_t::replace));
    }

    std::string session_open(const RequestId& request_id, const SessionOpenOp& open,
                             const std::shared_ptr<ServerSession>& session) {
        const auto& id = request_id.value;
        // Any answer but `opened` ends the worker started for it.
        struct EndUnlessOpened {
            ServerSession& session;
            bool opened = false;
            ~EndUnlessOpened() {
                if (opened) return;
                session.worker.close_input();
                ::kill(session.worker.pid(), SIGTERM);
                session.worker.wait();
            }
        } guard{*session};
        auto profile = m_profiles.get(open.profile);
        if (auto* error = std::get_if<profiles::ProfileError>(&profile))
            return error_line(id, error_code::profile_error, error->to_string());
        const SharedProfile& resolved = std::get<SharedProfile>(profile);
        auto limits = runner_limits(resolved->limits, open.overrides);
        if (auto* message = std::get_if<std::string>(&limits)) return error_line(id, error_code::limit_error, *message);
        // A preloaded module is an import like any other: the profile must allow it.
        if (!open.preload.empty()) {
            std::string imports;
            for (const auto& module : open.preload)
                imports += "import " + module + "\n";
            analyzer::Parser parser;
            std::string internal_error;
            reporters::FileReport report = judge_read("<preload>", imports, parser, *resolved, internal_error);
            if (report.decision != analyzer::Decision::allow || !internal_error.empty()) {
                std::string why;
                for (const auto& finding : report.findings)
                    why += (why.empty() ? "" : "; ") + finding.message;
                return error_line(id, error_code::preload_denied,
                                  fmt::format("preload refused by profile {}: {}", resolved->name,
                                              why.empty() ? internal_error : why));
            }
        }
        session->profile = resolved;
        set_worker(request_id, session->worker.pid());
        session->worker.write(encode_worker_job(session_job(open, *resolved, m_options.python)));
        session->answers.emplace(session->worker.output_fd(), k_max_worker_line);
        auto answer = worker_answer(*session, id, false);
        set_worker(request_id, -1);
        if (!answer || !answer->contains("opened")) {
            if (answer && answer->contains("error"))
                return error_line(id, (*answer)["error"].value("code", error_code::internal_error),
                                  (*answer)["error"].value("message", std::string()));
            return error_line(id, error_code::internal_error, "the session worker ended without an answer");
        }
        {
            std::lock_guard lock(m_mutex);
            session->id = fmt::format("s{}", ++m_session_counter);
            m_sessions[session->id] = session;
        }
        guard.opened = true;
        return result_line(id, ordered_json{{"session", session->id},
                                            {"profile", resolved->name},
                                            {"limits", (*answer)["opened"]["limits"]}}
                                   .dump());
    }

    std::string session_exec(const RequestId& request_id, ServerSession& session, const SessionExecOp& exec) {
        const auto& id = request_id.value;
        analyzer::Parser parser;
        StepVerdict verdict = session.program.judge(exec.code, parser, *session.profile);
        const std::size_t step = session.steps.size() + 1;
        const std::string decision = analyzer::decision_name(verdict.report.decision);
        const std::string findings = reporters::json_file_entry(verdict.report);
        session.steps.push_back({{"step", step}, {"code_sha256", runner::sha256_hex(exec.code)}, {"decision", decision}});
        if (verdict.report.decision != analyzer::Decision::allow) {
            // Never sent: the interpreter does not see a denied step, and the
            // session goes on.
            ordered_json result{{"step", step},         {"status", "gate_denied"}, {"decision", decision},
                                {"stdout", ""},         {"stderr", ""},            {"value", nullptr},
                                {"traceback", nullptr}, {"truncated", false},      {"duration_ms", 0},
                                {"cpu_ms", 0}};
            result["findings"] = ordered_json::parse(findings)["findings"];
            result["session_ended"] = false;
            return result_line(id, result.dump());
        }
        session.program.accept(exec.code, std::move(verdict));
        nlohmann::json command{{"op", "exec"}, {"step", step}, {"code", exec.code}, {"stream", exec.stream}};
        if (exec.timeout) command["timeout"] = *exec.timeout;
        set_worker(request_id, session.worker.pid());
        session.worker.write(command.dump() + "\n");
        auto answer = worker_answer(session, id, exec.stream);
        set_worker(request_id, -1);
        if (!answer || !answer->contains("step")) {
            session.closed = answer;
            return error_line(id, error_code::session_closed,
                              "the session ended before the step answered" + (answer ? ": " + answer->dump() : std::string()));
        }
        ordered_json result = (*answer)["step"];
        if (result.contains("session")) {
            // The step ended the session (a limit, a timeout): its last answer follows.
            session.closed = worker_answer(session, nullptr, false);
            if (!session.closed) session.closed = ordered_json::object();
        }
        ordered_json shaped{{"step", step}, {"status", result["status"]}, {"decision", decision}};
        for (const char* key : {"stdout", "stderr", "value", "traceback", "truncated", "duration_ms", "cpu_ms"})
            shaped[key] = result.value(key, ordered_json(nullptr));
        shaped["findings"] = ordered_json::parse(findings)["findings"];
        shaped["session_ended"] = result.contains("session");
        return result_line(id, shaped.dump(-1, ' ', false, ordered_json::error_handler_t::replace));
    }

    void close_all_sessions() {
        std::vector<std::shared_ptr<ServerSession>> sessions;
        {
            std::lock_guard lock(m_mutex);
            for (auto& [name, session] : m_sessions)
                sessions.push_back(session);
        }
        for (auto& session : sessions)
            end_session(session, std::nullopt);
    }

    std::string answer_at_once(const Request& request) {
        const auto& id = request.id.value;
        if (auto* profiles_op = std::get_if<ProfilesOp>(&request.op)) {
            if (profiles_op->name) {
                auto profile = m_profiles.get(*profiles_op->name);
                if (auto* error = std::get_if<profiles::ProfileError>(&profile))
                    return error_line(id, error_code::profile_error, error->to_string());
                std::ostringstream toml;
                profiles::write_profile_toml(toml, *std::get<SharedProfile>(profile));
                return result_line(id, ordered_json{{"name", *profiles_op->name}, {"toml", toml.str()}}.dump());
            }
            ordered_json list = ordered_json::array();
            for (const profiles::BuiltinProfile& builtin : profiles::builtin_profiles()) {
                auto profile = m_profiles.get(std::string(builtin.name));
                if (auto* error = std::get_if<profiles::ProfileError>(&profile))
                    return error_line(id, error_code::internal_error, error->to_string());
                const std::string parent = profiles::builtin_parent(builtin.name);
                list.push_back({{"name", builtin.name},
                                {"extends", parent.empty() ? ordered_json(nullptr) : ordered_json(parent)},
                                {"description", std::get<SharedProfile>(profile)->description},
                                {"default", builtin.name == m_options.default_profile}});
            }
            return result_line(id, ordered_json{{"profiles", std::move(list)}}.dump());
        }
        if (std::holds_alternative<RulesOp>(request.op)) {
            ordered_json list = ordered_json::array();
            for (const rules::RuleMetadata* rule : rules::all_rules())
                list.push_back(reporters::rule_json(*rule));
            return result_line(id, ordered_json{{"rules", std::move(list)}}.dump());
        }
        if (auto* explain = std::get_if<ExplainOp>(&request.op)) {
            const rules::RuleMetadata* rule = rules::find_rule(explain->rule);
            if (rule == nullptr)
                return error_line(id, error_code::not_found,
                                  fmt::format("no rule `{}` (the `rules` op lists them)", explain->rule));
            return result_line(
                id, ordered_json{{"rule", reporters::rule_json(*rule)}, {"help", reporters::rule_help_markdown(*rule)}}
                        .dump());
        }
        return result_line(id, ordered_json{{"pygate_version", k_pygate_version},
                                            {"protocol", k_protocol_version},
                                            {"python", m_options.python},
                                            {"default_profile", m_options.default_profile}}
                                   .dump());
    }

    Output m_out;
    ServeOptions m_options;
    ProfileCache m_profiles;
    std::mutex m_mutex;
    std::condition_variable m_check_ready;
    std::condition_variable m_check_room;
    std::condition_variable m_run_ready;
    std::condition_variable m_idle;
    std::unordered_map<std::string, InFlight> m_in_flight;
    std::unordered_map<std::string, std::shared_ptr<ServerSession>> m_sessions;
    std::size_t m_session_requests = 0;  // detached threads answering session ops
    std::uint64_t m_session_counter = 0;
    std::deque<CheckJob> m_checks;
    std::deque<RunJob> m_runs;
    bool m_stopping = false;
    std::vector<std::thread> m_threads;
};

}  // namespace

int serve(int input_fd, int output_fd, const ServeOptions& given) {
    ServeOptions options = given;
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    if (options.jobs == 0) options.jobs = cores;
    if (options.max_runs == 0) options.max_runs = cores;
    analyzer::keep_freed_memory_for_reuse();
    // A client that closes its end makes writes fail, not the process die.
    ::signal(SIGPIPE, SIG_IGN);
    // SIGTERM and SIGINT are read through a descriptor by the reading loop;
    // blocked here, before any thread starts, so every thread has them blocked.
    sigset_t stop_signals;
    ::sigemptyset(&stop_signals);
    ::sigaddset(&stop_signals, SIGTERM);
    ::sigaddset(&stop_signals, SIGINT);
    ::pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    const int signal_fd = ::signalfd(-1, &stop_signals, SFD_CLOEXEC);

    Server server(output_fd, options);
    server.output().write(hello_line(options.max_line, options.max_runs, options.jobs));
    LineReader reader(input_fd, options.max_line, signal_fd);
    std::string line;
    for (;;) {
        LineReader::Next next = reader.next(line);
        if (next == LineReader::Next::line) {
            server.handle_line(line);
        } else if (next == LineReader::Next::too_long) {
            server.output().write(error_line(nullptr, error_code::line_too_long,
                                             fmt::format("the line is over {} bytes (--max-line); it was skipped",
                                                         options.max_line)));
        } else if (next == LineReader::Next::woken) {
            server.cancel_everything();
            break;
        } else {
            server.finish();
            break;
        }
        if (server.output().broken()) {
            server.cancel_everything();
            break;
        }
    }
    if (signal_fd >= 0) ::close(signal_fd);
    return 0;
}

}  // namespace pygate::serve
