#include "runner/layers/limits.hpp"

#include <cerrno>

namespace pygate::runner {
namespace {

rlim_t mebibytes(std::int64_t mb) {
    return static_cast<rlim_t>(mb) * 1024 * 1024;
}

}  // namespace

RlimitPlan plan_rlimits(const Limits& limits) {
    RlimitPlan plan;
    auto cpu = static_cast<rlim_t>(limits.cpu_seconds);
    plan.limits = {{
        // Soft below hard: SIGXCPU at the soft limit tells a CPU limit apart
        // from any other kill; SIGKILL at the hard one if it is caught.
        {RLIMIT_CPU, cpu, cpu + 1},
        {RLIMIT_AS, mebibytes(limits.memory_mb), mebibytes(limits.memory_mb)},
        {RLIMIT_FSIZE, mebibytes(limits.file_size_mb), mebibytes(limits.file_size_mb)},
        {RLIMIT_NOFILE, static_cast<rlim_t>(limits.open_files), static_cast<rlim_t>(limits.open_files)},
        {RLIMIT_NPROC, static_cast<rlim_t>(limits.processes + k_thread_allowance),
         static_cast<rlim_t>(limits.processes + k_thread_allowance)},
        {RLIMIT_CORE, 0, 0},
        {RLIMIT_STACK, static_cast<rlim_t>(k_stack_bytes), static_cast<rlim_t>(k_stack_bytes)},
    }};
    return plan;
}

int apply_rlimits(const RlimitPlan& plan) noexcept {
    for (const ResourceLimit& limit : plan.limits) {
        const rlimit value{limit.soft, limit.hard};
        if (::setrlimit(static_cast<__rlimit_resource>(limit.resource), &value) != 0) return errno;
    }
    return 0;
}

}  // namespace pygate::runner
