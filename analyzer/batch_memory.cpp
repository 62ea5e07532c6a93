#include "analyzer/batch_memory.hpp"

#include <malloc.h>

namespace pygate::analyzer {

void keep_freed_memory_for_reuse() {
    // The largest file pygate reads is 10 MiB (source_file.hpp): its buffers
    // stay in the heap rather than in mappings of their own, and up to
    // 256 MiB of freed heap stays mapped.
    constexpr int k_mmap_threshold = 32 << 20;
    constexpr int k_trim_threshold = 256 << 20;
    mallopt(M_MMAP_THRESHOLD, k_mmap_threshold);
    mallopt(M_TRIM_THRESHOLD, k_trim_threshold);
}

}  // namespace pygate::analyzer
