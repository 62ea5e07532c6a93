#include "tests/support/allocation_counter.hpp"

#include <cstdlib>
#include <new>

#if defined(__SANITIZE_ADDRESS__)
#define PYGATE_COUNT_ALLOCATIONS 0
#else
#define PYGATE_COUNT_ALLOCATIONS 1
#endif

namespace {
thread_local std::uint64_t t_allocations = 0;
}

namespace pygate::testing {

bool allocation_counting_available() {
    return PYGATE_COUNT_ALLOCATIONS != 0;
}

std::uint64_t allocations_on_this_thread() {
    return t_allocations;
}

}  // namespace pygate::testing

#if PYGATE_COUNT_ALLOCATIONS
// Replacements of the global allocation functions (C++ [replacement.functions]):
// the same as the library's, plus a count.
void* operator new(std::size_t size) {
    ++t_allocations;
    if (void* memory = std::malloc(size == 0 ? 1 : size)) return memory;
    throw std::bad_alloc();
}

void* operator new[](std::size_t size) {
    return ::operator new(size);
}

void operator delete(void* memory) noexcept {
    std::free(memory);
}

void operator delete[](void* memory) noexcept {
    std::free(memory);
}

void operator delete(void* memory, std::size_t) noexcept {
    std::free(memory);
}

void operator delete[](void* memory, std::size_t) noexcept {
    std::free(memory);
}
#endif
