#include "serve/request_queue.hpp"

#include <fmt/format.h>
#include <signal.h>

namespace pygate::serve {

namespace {

std::string cancelled_line(const nlohmann::json& id, const char* why) {
    return error_line(id, error_code::cancelled, fmt::format("cancelled: {}", why));
}

}  // namespace

bool RequestQueue::in_flight(const RequestId& id) {
    std::lock_guard lock(m_mutex);
    return m_in_flight.count(id.key) != 0;
}

bool RequestQueue::add_check(CheckJob job) {
    std::unique_lock lock(m_mutex);
    if (m_in_flight.count(job.id.key) != 0) return false;
    // Back-pressure: a client that sends faster than the checks are done
    // waits (its pipe fills) instead of growing the queue, so the server's
    // memory does not depend on how far ahead a client runs. Checks end
    // within their analysis budget, so this wait is short.
    m_check_room.wait(lock, [this] { return m_checks.size() < m_max_queued_checks; });
    m_in_flight[job.id.key] = InFlight{job.id.value};
    m_checks.push_back(std::move(job));
    lock.unlock();
    m_check_ready.notify_one();
    return true;
}

bool RequestQueue::add_run(RunJob job) {
    std::unique_lock lock(m_mutex);
    if (m_in_flight.count(job.id.key) != 0) return false;
    m_in_flight[job.id.key] = InFlight{job.id.value};
    m_runs.push_back(std::move(job));
    lock.unlock();
    m_run_ready.notify_one();
    return true;
}

bool RequestQueue::add_running(const RequestId& id) {
    std::lock_guard lock(m_mutex);
    if (m_in_flight.count(id.key) != 0) return false;
    m_in_flight[id.key] = InFlight{id.value, true};
    return true;
}

template <class Job>
bool RequestQueue::next_job(std::deque<Job>& queue, std::condition_variable& ready, Job& job) {
    std::unique_lock lock(m_mutex);
    ready.wait(lock, [&] { return !queue.empty() || m_stopping; });
    if (queue.empty()) return false;
    job = std::move(queue.front());
    queue.pop_front();
    m_in_flight[job.id.key].running = true;
    m_check_room.notify_one();
    return true;
}

bool RequestQueue::next_check(CheckJob& job) {
    return next_job(m_checks, m_check_ready, job);
}

bool RequestQueue::next_run(RunJob& job) {
    return next_job(m_runs, m_run_ready, job);
}

std::string RequestQueue::cancel(const RequestId& target, std::string& dropped) {
    nlohmann::ordered_json answer{{"target", target.value}};
    std::lock_guard lock(m_mutex);
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
    } else if (entry.worker > 0 && entry.interruptible) {
        answer["state"] = "running";
        ::kill(entry.worker, SIGUSR1);
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
std::string RequestQueue::drop_queued(const RequestId& id, const char* why) {
    m_in_flight.erase(id.key);
    return cancelled_line(id.value, why);
}

bool RequestQueue::cancel_requested(const RequestId& id) {
    std::lock_guard lock(m_mutex);
    auto found = m_in_flight.find(id.key);
    return found != m_in_flight.end() && found->second.cancel_requested;
}

void RequestQueue::set_worker(const RequestId& id, pid_t pid, bool interruptible) {
    std::lock_guard lock(m_mutex);
    auto found = m_in_flight.find(id.key);
    if (found == m_in_flight.end()) return;
    found->second.worker = pid;
    found->second.interruptible = interruptible && pid > 0;
    // A cancel that came while the worker was being started found no pid to signal.
    if (pid > 0 && found->second.cancel_requested) ::kill(pid, SIGTERM);
}

std::string RequestQueue::complete(const RequestId& id, const std::string& answer) {
    bool cancelled = false;
    {
        std::lock_guard lock(m_mutex);
        auto found = m_in_flight.find(id.key);
        cancelled = found != m_in_flight.end() && found->second.cancel_requested;
        m_in_flight.erase(id.key);
        if (m_in_flight.empty()) m_idle.notify_all();
    }
    return cancelled ? cancelled_line(id.value, "stopped while it ran") : answer;
}

std::vector<std::string> RequestQueue::cancel_everything() {
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
    }
    m_check_room.notify_all();
    m_idle.notify_all();
    return answers;
}

void RequestQueue::wait_until_idle() {
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [this] { return m_in_flight.empty(); });
}

void RequestQueue::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_check_ready.notify_all();
    m_run_ready.notify_all();
}

}  // namespace pygate::serve
