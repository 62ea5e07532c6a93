#pragma once
// The runner's own limits (cli/ maps a profile's RunnerLimits onto them) and
// the resource limits (setrlimit) they become in the child.

#include <sys/resource.h>

#include <array>
#include <cstdint>

namespace pygate::runner {

struct Limits {
    std::int64_t wall_seconds = 10;
    std::int64_t cpu_seconds = 10;
    std::int64_t memory_mb = 512;
    std::int64_t processes = 1;  // 1: the program may not create processes (threads are allowed)
    std::int64_t open_files = 64;
    std::int64_t file_size_mb = 16;
    std::int64_t disk_mb = 256;  // the work directory's total size (as root: a tmpfs)
    std::int64_t output_bytes = 1048576;  // kept per stream; the rest is counted
    std::int64_t output_lines = 100000;   // kept per stream
    bool network = false;
};

// Linux counts threads against RLIMIT_NPROC, and counts them for the uid
// across the whole system, so the limit gets this allowance on top of
// `processes`; process creation itself is held by seccomp when processes is 1.
inline constexpr std::int64_t k_thread_allowance = 64;
inline constexpr std::int64_t k_stack_bytes = 8 * 1024 * 1024;

struct ResourceLimit {
    int resource = 0;
    rlim_t soft = 0;
    rlim_t hard = 0;
};

// Built before fork; applying it is async-signal-safe.
struct RlimitPlan {
    std::array<ResourceLimit, 7> limits{};
};

RlimitPlan plan_rlimits(const Limits& limits);

// In the child: setrlimit for every entry. Returns 0, or the errno of the
// first failure.
int apply_rlimits(const RlimitPlan& plan) noexcept;

}  // namespace pygate::runner
