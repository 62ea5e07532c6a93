#include "scanning/stream_scan.hpp"


#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>


namespace pygate::scanning {
namespace {

// One input in flight: written by the emitting thread before a worker takes
// it, by that worker until `done`, read by the emitting thread after.
struct Slot {
    ScanInput input;
    ScanOutcome outcome;
    std::string internal_error;
    bool done = false;
};

class Pipeline {
public:
    Pipeline(const StreamOptions& options, const StreamCallbacks& callbacks)
        : m_options(options),
          m_callbacks(callbacks),
          m_slots(std::max<std::size_t>(1, options.window_per_job) * std::max(1u, options.jobs)) {}

    void run() {
        std::vector<std::thread> workers;
        try {
            for (unsigned t = 0; t < std::max(1u, m_options.jobs); ++t)
                workers.emplace_back([this] { work(); });
            feed_and_emit();
        } catch (...) {
            stop(workers);
            throw;
        }
        stop(workers);
        if (m_worker_error) std::rethrow_exception(m_worker_error);
    }

private:
    void stop(std::vector<std::thread>& workers) {
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_work_ready.notify_all();
        for (auto& worker : workers)
            worker.join();
    }

    void work() {
        try {
            analyzer::Parser parser;
            for (;;) {
                std::unique_lock lock(m_mutex);
                m_work_ready.wait(lock, [&] { return m_taken < m_filled || m_stopping; });
                if (m_taken == m_filled) return;  // stopping, nothing left
                Slot& slot = m_slots[m_taken++ % m_slots.size()];
                lock.unlock();
                slot.outcome = judging::judge_input(std::move(slot.input), parser, *m_options.profile, slot.internal_error,
                                           m_options.cache, m_options.context_lines);
                lock.lock();
                slot.done = true;
                m_slot_done.notify_one();
            }
        } catch (...) {
            // A worker that cannot run (no parser: out of memory) ends the
            // scan with an error rather than leave its inputs unjudged.
            std::lock_guard lock(m_mutex);
            if (!m_worker_error) m_worker_error = std::current_exception();
            m_slot_done.notify_one();
        }
    }

    void feed_and_emit() {
        bool input_ended = false;
        for (;;) {
            while (!input_ended && m_filled_local - m_emitted < m_slots.size()) {
                std::optional<ScanInput> input = m_callbacks.next();
                if (!input) {
                    input_ended = true;
                    break;
                }
                Slot& slot = m_slots[m_filled_local % m_slots.size()];
                slot = Slot{std::move(*input), {}, {}, false};
                ++m_filled_local;
                {
                    std::lock_guard lock(m_mutex);
                    m_filled = m_filled_local;
                }
                m_work_ready.notify_one();
            }
            if (m_emitted == m_filled_local) return;
            Slot& head = m_slots[m_emitted % m_slots.size()];
            {
                std::unique_lock lock(m_mutex);
                if (!head.done && !m_worker_error) {
                    lock.unlock();
                    if (m_callbacks.before_waiting) m_callbacks.before_waiting();
                    lock.lock();
                    m_slot_done.wait(lock, [&] { return head.done || m_worker_error; });
                }
                if (m_worker_error) return;
            }
            ++m_emitted;
            if (!head.internal_error.empty()) m_callbacks.internal_error(std::move(head.internal_error));
            m_callbacks.emit(std::move(head.outcome));
        }
    }

    const StreamOptions& m_options;
    const StreamCallbacks& m_callbacks;
    std::vector<Slot> m_slots;  // a ring: input i lives in slot i % size
    std::mutex m_mutex;
    std::condition_variable m_work_ready;
    std::condition_variable m_slot_done;
    // Guarded by m_mutex:
    std::uint64_t m_filled = 0;  // inputs handed to the workers
    std::uint64_t m_taken = 0;   // inputs a worker has taken
    bool m_stopping = false;
    std::exception_ptr m_worker_error;
    // The emitting thread's own:
    std::uint64_t m_filled_local = 0;
    std::uint64_t m_emitted = 0;
};

}  // namespace

void scan_stream(const StreamOptions& options, const StreamCallbacks& callbacks) {
    Pipeline(options, callbacks).run();
}

}  // namespace pygate::scanning
