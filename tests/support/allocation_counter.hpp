#pragma once
// Counts the allocations made through operator new on the calling thread, so
// a test can show that a piece of code allocates nothing. The test binary
// replaces the global operator new (allocation_counter.cpp) to count them,
// except under AddressSanitizer, which owns operator new itself: there the
// count is unavailable and such tests say so and stop.

#include <cstdint>

namespace pygate::testing {

bool allocation_counting_available();
std::uint64_t allocations_on_this_thread();

// Allocations made on this thread while `work` runs.
template <class Work>
std::uint64_t allocations_during(Work&& work) {
    std::uint64_t before = allocations_on_this_thread();
    work();
    return allocations_on_this_thread() - before;
}

}  // namespace pygate::testing
