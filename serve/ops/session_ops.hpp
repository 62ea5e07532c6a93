#pragma once
// The server's sessions (docs/protocol.md): `session_open`, `session_exec`,
// `session_files` and `session_close`. Each session is a session worker
// process (serve/workers/session_worker) handed the profile resolved here, the one
// every step is gated under; what the gate has seen of the session; and the
// receipt's list of steps. A session answers one request at a time; each
// request is answered on a thread of its own. At most `max_sessions` are open
// or opening at once; one more is refused `too_many_sessions`, and no open
// session is closed to make room (sessions that already ended on their own,
// an idle timeout, are forgotten first).

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>

#include "serve/answer_writer.hpp"
#include "serve/profile_cache.hpp"
#include "serve/protocol.hpp"
#include "serve/request_queue.hpp"

namespace pygate::serve {

struct ServerSession;

class Sessions {
public:
    Sessions(RequestQueue& requests, AnswerWriter& out, ProfileCache& profiles, std::string python,
             unsigned max_sessions);
    Sessions(const Sessions&) = delete;
    Sessions& operator=(const Sessions&) = delete;
    ~Sessions();

    // Each starts answering a request already in flight (RequestQueue::
    // add_running), on a thread of its own. Called on the thread that reads
    // requests, which lives as long as the server: a session's worker is
    // started there, as the kernel's parent-death signal fires when the
    // thread that started a child ends, not the process.
    void start(const RequestId& id, SessionOpenOp op);
    void start(const RequestId& id, SessionExecOp op);
    void start(const RequestId& id, SessionFilesOp op);
    void start(const RequestId& id, SessionCloseOp op);

    // Waits until every request's thread is done.
    void wait_for_requests();
    // SIGTERM to every session's worker: each ends its interpreter.
    void signal_workers();
    // Ends every open session (end of input).
    void close_all();

private:
    template <class Op>
    void answer_on_thread(const RequestId& id, Op op, std::shared_ptr<ServerSession> opened);
    std::string answer(const RequestId& id, const SessionOpenOp& open, const std::shared_ptr<ServerSession>& session);
    std::string answer(const RequestId& id, const SessionExecOp& exec, const std::shared_ptr<ServerSession>& unused);
    std::string answer(const RequestId& id, const SessionFilesOp& files, const std::shared_ptr<ServerSession>& unused);
    std::string answer(const RequestId& id, const SessionCloseOp& close, const std::shared_ptr<ServerSession>& unused);
    std::string step(const RequestId& id, ServerSession& session, const SessionExecOp& exec);
    std::shared_ptr<ServerSession> take(const std::string& name, const nlohmann::json& id, std::string& error);
    void release(const std::shared_ptr<ServerSession>& session);
    bool reserve_opening(std::string& refusal, const nlohmann::json& id);
    void forget_ended_sessions();
    nlohmann::ordered_json end(const std::shared_ptr<ServerSession>& session,
                               std::optional<nlohmann::ordered_json> closed);

    RequestQueue& m_requests;
    AnswerWriter& m_out;
    ProfileCache& m_profiles;
    const std::string m_python;
    const unsigned m_max_sessions;
    std::mutex m_mutex;
    std::condition_variable m_done;
    std::unordered_map<std::string, std::shared_ptr<ServerSession>> m_sessions;
    std::size_t m_answering = 0;  // detached threads answering requests
    std::size_t m_opening = 0;    // session_open requests under way, counted against m_max_sessions
    std::uint64_t m_counter = 0;
};

}  // namespace pygate::serve
