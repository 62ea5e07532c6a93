#pragma once
// The requests a server has in flight: each id at most once, the checks and
// runs waiting for a thread, and cancellation. A request is in flight from
// its reading until its answer is handed back to be written; `cancel` drops
// a queued one at once and marks a running one, whose worker, if it has
// one, gets SIGTERM. Safe to share between threads.

#include <sys/types.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "serve/protocol.hpp"

namespace pygate::serve {

struct CheckJob {
    RequestId id;
    CheckOp op;
};

struct RunJob {
    RequestId id;
    RunOp op;
};

class RequestQueue {
public:
    // At most `max_queued_checks` checks wait: the reading of requests waits
    // for room beyond that.
    explicit RequestQueue(std::size_t max_queued_checks) : m_max_queued_checks(max_queued_checks) {}

    bool in_flight(const RequestId& id);

    // Each false when a request with this id is in flight already.
    bool add_check(CheckJob job);
    bool add_run(RunJob job);
    bool add_running(const RequestId& id);  // a session op: running from the start

    // The next queued job, running from now; false once the queue stops.
    bool next_check(CheckJob& job);
    bool next_run(RunJob& job);

    // A `cancel` of `target`: its result, and in `dropped` the answer of a
    // queued target it dropped (to be written after the cancel's own).
    std::string cancel(const RequestId& target, std::string& dropped);

    // Whether the request was cancelled while it ran.
    bool cancel_requested(const RequestId& id);
    // The process the request's work runs in, for a cancel to signal; -1 once
    // its output is read (from then on it is reaped and its pid may be
    // reused). A request already cancelled signals it at once. An
    // `interruptible` worker (a session's step) is sent SIGUSR1 by a cancel,
    // and interrupts the step instead of ending: its answer is the step's own.
    void set_worker(const RequestId& id, pid_t pid, bool interruptible = false);

    // The request is answered: forgotten, and its answer line returned to be
    // written (`cancelled` instead if a cancel came while it ran). Forgotten
    // before the answer is written: a client cannot reuse the id before it
    // reads the answer.
    std::string complete(const RequestId& id, const std::string& answer);

    // Everything is cancelled (a stop signal, a client gone): the queued are
    // dropped, their answers returned; the running are marked and their
    // workers signalled.
    std::vector<std::string> cancel_everything();

    // Waits until nothing is in flight.
    void wait_until_idle();
    // No job is handed out any more: the threads waiting in next_* return.
    void stop();

private:
    struct InFlight {
        nlohmann::json id;
        bool running = false;
        bool cancel_requested = false;
        pid_t worker = -1;
        bool interruptible = false;
    };

    template <class Job>
    bool next_job(std::deque<Job>& queue, std::condition_variable& ready, Job& job);
    std::string drop_queued(const RequestId& id, const char* why);

    const std::size_t m_max_queued_checks;
    std::mutex m_mutex;
    std::condition_variable m_check_ready;
    std::condition_variable m_check_room;
    std::condition_variable m_run_ready;
    std::condition_variable m_idle;
    std::unordered_map<std::string, InFlight> m_in_flight;
    std::deque<CheckJob> m_checks;
    std::deque<RunJob> m_runs;
    bool m_stopping = false;
};

}  // namespace pygate::serve
