#include "serve/capacity.hpp"

#include <unistd.h>

#include <algorithm>

namespace pygate::serve {

unsigned default_max_sessions(unsigned cores, std::uint64_t memory_bytes) {
    const std::uint64_t by_memory = memory_bytes / 2 / k_session_memory_bytes;
    const std::uint64_t by_cores = std::uint64_t{std::max(1u, cores)} * k_sessions_per_core;
    return static_cast<unsigned>(std::max<std::uint64_t>(1, std::min(by_memory, by_cores)));
}

std::uint64_t physical_memory_bytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return 0;
    return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
}

}  // namespace pygate::serve
