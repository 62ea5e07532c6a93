#include "serve/ops/session_ops.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <signal.h>

#include <optional>
#include <thread>
#include <vector>

#include "analyzer/syntax/parse.hpp"
#include "judging/gated_run.hpp"
#include "judging/judge.hpp"
#include "judging/session_program.hpp"
#include "reporters/json_report.hpp"
#include "runner/sha256.hpp"
#include "serve/workers/worker_job.hpp"
#include "serve/workers/worker_process.hpp"
#include "support/line_reader.hpp"

namespace pygate::serve {

using judging::SessionProgram;
using judging::StepVerdict;
using nlohmann::ordered_json;
using support::LineReader;

struct ServerSession {
    std::string id;
    SharedProfile profile;  // what every step is gated under, and what its worker was handed
    WorkerProcess worker;
    std::optional<LineReader> answers;
    SessionProgram program;
    ordered_json steps = ordered_json::array();
    std::optional<ordered_json> closed;  // the worker's last answer, once it ended
    bool busy = false;                   // answering a request
};

namespace {

// The worker's next answer; its events are forwarded under `id` when
// `forward` is set. nullopt: the worker ended without one.
std::optional<ordered_json> worker_answer(ServerSession& session, AnswerWriter& out, const nlohmann::json& id,
                                          bool forward) {
    std::string line;
    for (;;) {
        LineReader::Next next = session.answers->next(line);
        if (next == LineReader::Next::end) return std::nullopt;
        if (next != LineReader::Next::line) continue;
        ordered_json message = ordered_json::parse(line, nullptr, false);
        if (!message.is_object()) continue;
        if (message.contains("event")) {
            if (forward)
                out.write(event_line(id, message["event"].get<std::string>(), message["data"].get<std::string>()));
            continue;
        }
        return message;
    }
}

}  // namespace

Sessions::Sessions(RequestQueue& requests, AnswerWriter& out, ProfileCache& profiles, std::string python,
                   unsigned max_sessions)
    : m_requests(requests),
      m_out(out),
      m_profiles(profiles),
      m_python(std::move(python)),
      m_max_sessions(max_sessions) {}

Sessions::~Sessions() = default;

void Sessions::start(const RequestId& id, SessionOpenOp op) {
    std::string refusal;
    if (!reserve_opening(refusal, id.value)) {
        m_out.write(m_requests.complete(id, refusal));
        return;
    }
    auto opened = std::make_shared<ServerSession>();
    std::string error;
    if (!opened->worker.start(WorkerKind::session, error)) {
        {
            std::lock_guard lock(m_mutex);
            --m_opening;
        }
        m_out.write(m_requests.complete(id, error_line(id.value, error_code::run_error, error)));
        return;
    }
    answer_on_thread(id, std::move(op), std::move(opened));
}

void Sessions::start(const RequestId& id, SessionExecOp op) {
    answer_on_thread(id, std::move(op), nullptr);
}

void Sessions::start(const RequestId& id, SessionFilesOp op) {
    answer_on_thread(id, std::move(op), nullptr);
}

void Sessions::start(const RequestId& id, SessionCloseOp op) {
    answer_on_thread(id, std::move(op), nullptr);
}

template <class Op>
void Sessions::answer_on_thread(const RequestId& id, Op op, std::shared_ptr<ServerSession> opened) {
    {
        std::lock_guard lock(m_mutex);
        ++m_answering;
    }
    std::thread([this, id, op = std::move(op), opened = std::move(opened)] {
        const std::string line = answer(id, op, opened);
        m_out.write(m_requests.complete(id, line));
        std::lock_guard lock(m_mutex);
        if (--m_answering == 0) m_done.notify_all();
    }).detach();
}

void Sessions::wait_for_requests() {
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [this] { return m_answering == 0; });
}

void Sessions::signal_workers() {
    std::lock_guard lock(m_mutex);
    for (auto& [name, session] : m_sessions)
        if (session->worker.pid() > 0) ::kill(session->worker.pid(), SIGTERM);
}

void Sessions::close_all() {
    std::vector<std::shared_ptr<ServerSession>> sessions;
    {
        std::lock_guard lock(m_mutex);
        for (auto& [name, session] : m_sessions)
            sessions.push_back(session);
    }
    for (auto& session : sessions)
        end(session, std::nullopt);
}

std::string Sessions::answer(const RequestId& request_id, const SessionOpenOp& open,
                             const std::shared_ptr<ServerSession>& session) {
    const auto& id = request_id.value;
    // Any answer but `opened` ends the worker started for it, and only then
    // stops counting as opening (an opened session counts as open instead).
    struct EndUnlessOpened {
        ServerSession& session;
        std::mutex& mutex;
        std::size_t& opening;
        bool opened = false;
        ~EndUnlessOpened() {
            if (opened) return;
            session.worker.close_input();
            ::kill(session.worker.pid(), SIGTERM);
            session.worker.wait();
            std::lock_guard lock(mutex);
            --opening;
        }
    } guard{*session, m_mutex, m_opening};
    auto profile = m_profiles.get(open.profile);
    if (auto* error = std::get_if<profiles::ProfileError>(&profile))
        return error_line(id, error_code::profile_error, error->to_string());
    const SharedProfile& resolved = std::get<SharedProfile>(profile);
    auto limits = judging::runner_limits(resolved->limits, open.overrides);
    if (auto* message = std::get_if<std::string>(&limits)) return error_line(id, error_code::limit_error, *message);
    // A preloaded module is an import like any other: the profile must allow it.
    if (!open.preload.empty()) {
        std::string imports;
        for (const auto& module : open.preload)
            imports += "import " + module + "\n";
        analyzer::Parser parser;
        std::string internal_error;
        reporters::FileReport report = judging::judge_read("<preload>", imports, parser, *resolved, internal_error);
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
    m_requests.set_worker(request_id, session->worker.pid());
    session->worker.write(encode_worker_job(session_job(open, *resolved, m_python)));
    session->answers.emplace(session->worker.output_fd(), k_max_worker_line);
    auto answer = worker_answer(*session, m_out, id, false);
    m_requests.set_worker(request_id, -1);
    if (!answer || !answer->contains("opened")) {
        if (answer && answer->contains("error"))
            return error_line(id, (*answer)["error"].value("code", error_code::internal_error),
                              (*answer)["error"].value("message", std::string()));
        return error_line(id, error_code::internal_error, "the session worker ended without an answer");
    }
    {
        std::lock_guard lock(m_mutex);
        session->id = fmt::format("s{}", ++m_counter);
        m_sessions[session->id] = session;
        --m_opening;  // in the same step as it becomes open: never counted twice or not at all
        guard.opened = true;
    }
    return result_line(id, ordered_json{{"session", session->id},
                                        {"profile", resolved->name},
                                        {"limits", (*answer)["opened"]["limits"]}}
                               .dump());
}

std::string Sessions::answer(const RequestId& request_id, const SessionExecOp& exec,
                             const std::shared_ptr<ServerSession>&) {
    std::string error;
    auto session = take(exec.session, request_id.value, error);
    if (!session) return error;
    std::string answer = step(request_id, *session, exec);
    if (session->closed) {
        end(session, session->closed);
    } else {
        release(session);
    }
    return answer;
}

std::string Sessions::answer(const RequestId& request_id, const SessionFilesOp& files,
                             const std::shared_ptr<ServerSession>&) {
    const auto& id = request_id.value;
    std::string error;
    auto session = take(files.session, id, error);
    if (!session) return error;
    nlohmann::json fetch = files.fetch;
    session->worker.write(ordered_json{{"op", "files"}, {"fetch", fetch}}.dump() + "\n");
    auto answer = worker_answer(*session, m_out, id, false);
    if (!answer || !answer->contains("files")) {
        ordered_json ended = end(session, answer);
        return error_line(id, error_code::session_closed,
                          fmt::format("the session ended: {}", ended["reason"].get<std::string>()));
    }
    release(session);
    return result_line(id, ordered_json{{"files", (*answer)["files"]}}.dump());
}

std::string Sessions::answer(const RequestId& request_id, const SessionCloseOp& close,
                             const std::shared_ptr<ServerSession>&) {
    std::string error;
    auto session = take(close.session, request_id.value, error);
    if (!session) return error;
    session->worker.write(ordered_json{{"op", "close"}}.dump() + "\n");
    return result_line(request_id.value,
                       end(session, std::nullopt).dump(-1, ' ', false, ordered_json::error_handler_t::replace));
}

std::string Sessions::step(const RequestId& request_id, ServerSession& session, const SessionExecOp& exec) {
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
    nlohmann::json command{
        {"op", "exec"}, {"step", step}, {"code", exec.code}, {"stream", exec.stream}, {"display", exec.display}};
    if (exec.timeout) command["timeout"] = *exec.timeout;
    m_requests.set_worker(request_id, session.worker.pid(), true);
    session.worker.write(command.dump() + "\n");
    auto answer = worker_answer(session, m_out, id, exec.stream);
    m_requests.set_worker(request_id, -1);
    if (!answer || !answer->contains("step")) {
        session.closed = answer;
        return error_line(id, error_code::session_closed,
                          "the session ended before the step answered" + (answer ? ": " + answer->dump() : std::string()));
    }
    ordered_json result = (*answer)["step"];
    if (result.contains("session")) {
        // The step ended the session (a limit, a timeout): its last answer follows.
        session.closed = worker_answer(session, m_out, nullptr, false);
        if (!session.closed) session.closed = ordered_json::object();
    }
    ordered_json shaped{{"step", step}, {"status", result["status"]}, {"decision", decision}};
    for (const char* key : {"stdout", "stderr", "value", "traceback", "truncated", "duration_ms", "cpu_ms"})
        shaped[key] = result.value(key, ordered_json(nullptr));
    if (exec.display) shaped["display"] = result.value("display", ordered_json(nullptr));
    shaped["findings"] = ordered_json::parse(findings)["findings"];
    shaped["session_ended"] = result.contains("session");
    return result_line(id, shaped.dump(-1, ' ', false, ordered_json::error_handler_t::replace));
}

// Counts one more session as opening, or sets `refusal` to the error line
// when the server holds its bound already.
bool Sessions::reserve_opening(std::string& refusal, const nlohmann::json& id) {
    std::unique_lock lock(m_mutex);
    if (m_sessions.size() + m_opening >= m_max_sessions) {
        lock.unlock();
        forget_ended_sessions();
        lock.lock();
    }
    const std::size_t held = m_sessions.size() + m_opening;
    if (held >= m_max_sessions) {
        refusal = error_line(id, error_code::too_many_sessions,
                             fmt::format("too many sessions: {} of {} are open or opening (--max-sessions); "
                                         "close one (session_close) before opening another",
                                         held, m_max_sessions));
        return false;
    }
    ++m_opening;
    return true;
}

// Sessions whose worker ended on its own (the idle timeout) while no request
// was using them still count until something reads their last answer: a
// session not answering a request has said something only when it ended.
void Sessions::forget_ended_sessions() {
    std::vector<std::shared_ptr<ServerSession>> ended;
    {
        std::lock_guard lock(m_mutex);
        for (auto& [name, session] : m_sessions) {
            if (session->busy) continue;
            pollfd ready{session->worker.output_fd(), POLLIN, 0};
            const bool said_something = (session->answers && session->answers->has_buffered_line()) ||
                                        ::poll(&ready, 1, 0) == 1;
            if (said_something) {
                session->busy = true;  // no request takes it while it is forgotten
                ended.push_back(session);
            }
        }
    }
    for (auto& session : ended)
        end(session, std::nullopt);
}

// Takes the session for one request; an error line when it cannot.
std::shared_ptr<ServerSession> Sessions::take(const std::string& name, const nlohmann::json& id, std::string& error) {
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

void Sessions::release(const std::shared_ptr<ServerSession>& session) {
    std::lock_guard lock(m_mutex);
    session->busy = false;
}

// The worker ended (idle timeout, a limit, closed): forget the session; its
// last answer is what close returns.
ordered_json Sessions::end(const std::shared_ptr<ServerSession>& session, std::optional<ordered_json> closed) {
    session->worker.close_input();
    if (!closed) closed = worker_answer(*session, m_out, nullptr, false);
    session->worker.wait();
    {
        std::lock_guard lock(m_mutex);
        m_sessions.erase(session->id);
    }
    ordered_json result;
    const ordered_json& ending = closed && closed->contains("closed") ? (*closed)["closed"] : ordered_json::object();
    result["session"] = session->id;
    result["reason"] = ending.value("reason", "session_lost");
    result["files"] = ending.value("files", ordered_json::array());
    ordered_json receipt{{"profile", session->profile->name},
                         {"profile_sha256", judging::profile_sha256(*session->profile)},
                         {"steps", session->steps}};
    if (ending.contains("run")) receipt["run"] = ending["run"];
    if (ending.contains("error")) receipt["error"] = ending["error"];
    result["receipt"] = std::move(receipt);
    return result;
}

}  // namespace pygate::serve
