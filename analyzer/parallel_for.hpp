#pragma once
// Runs work(state, i) for i in [0, count) on `jobs` threads, each with its own
// per-thread state (a Parser, say). Items are handed out one at a time, so a
// large file does not hold up a whole share of small ones.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace pygate::analyzer {

template <class MakeState, class Work>
void parallel_for(std::size_t count, unsigned jobs, MakeState&& make_state, Work&& work) {
    std::atomic<std::size_t> next{0};
    std::exception_ptr first_error;
    std::atomic<bool> failed{false};
    auto worker = [&] {
        try {
            auto state = make_state();
            for (std::size_t i = next++; i < count && !failed; i = next++) work(state, i);
        } catch (...) {
            if (!failed.exchange(true)) first_error = std::current_exception();
        }
    };
    unsigned threads = static_cast<unsigned>(std::min<std::size_t>(std::max(1u, jobs), std::max<std::size_t>(count, 1)));
    if (threads == 1) {
        worker();
    } else {
        std::vector<std::thread> pool;
        pool.reserve(threads);
        for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
        for (auto& thread : pool) thread.join();
    }
    if (first_error) std::rethrow_exception(first_error);
}

}  // namespace pygate::analyzer
