#pragma once
// A fresh cgroup per run in the pids and memory controllers: it bounds the
// run's tasks (processes and threads) and its memory exactly, for root too,
// and names every process of the run so that none is left behind.
//
// cgroup v2 when /sys/fs/cgroup is a pure v2 mount with pids and memory
// enabled in the current cgroup's cgroup.subtree_control; else v1, a
// directory in /sys/fs/cgroup/pids and one in /sys/fs/cgroup/memory, each
// under this process's own cgroup for that controller (/proc/self/cgroup).
// Creating them needs write access there (root, or a delegated subtree);
// without it the run goes on and the result says why there is no cgroup.

#include <sys/types.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pygate::runner {

struct CgroupLimits {
    std::int64_t pids_max = 0;      // tasks, threads included
    std::int64_t memory_bytes = 0;  // memory and swap together
};

// What the child needs to join: the cgroup.procs files, opened before it
// starts (write-only, close-on-exec); -1 where unused.
struct CgroupJoin {
    std::array<int, 2> procs_fds{-1, -1};
};

// In the child, before it drops root: writes its own pid into each
// cgroup.procs. Async-signal-safe. Returns 0 or the errno of the failure.
int join_cgroup(const CgroupJoin& join) noexcept;

// The same for another process, `pid`: a warm run's child, which its
// template forked as the unprivileged user, is moved in by its root worker.
int move_into_cgroup(const CgroupJoin& join, pid_t pid) noexcept;

// Owns the run's cgroup directories: they are removed when it ends, also
// when the setup fails halfway. A directory left by a killed pygate stays
// (nothing owns it), but names are unique, so it never stops a later run.
class Cgroup {
public:
    // Never fails loudly: a cgroup the machine cannot give is !active(),
    // with error() saying why.
    static Cgroup create(const CgroupLimits& limits);
    // No cgroup, on purpose: error() says why.
    static Cgroup not_made(std::string why);

    Cgroup() = default;
    Cgroup(Cgroup&& other) noexcept;
    Cgroup& operator=(Cgroup&& other) noexcept;
    Cgroup(const Cgroup&) = delete;
    Cgroup& operator=(const Cgroup&) = delete;
    ~Cgroup();

    bool active() const { return !m_dirs.empty(); }
    int version() const { return m_version; }
    const std::string& error() const { return m_error; }
    const CgroupJoin& join() const { return m_join; }
    const std::vector<std::string>& directories() const { return m_dirs; }

    // Processes the kernel killed for going over the memory limit.
    std::uint64_t oom_kills() const;

    // SIGKILL to every process in the cgroup until none is left (bounded).
    // Returns whether it emptied.
    bool kill_all() const;

    // kill_all, then removes the directories. Returns whether they are gone.
    bool remove();

private:
    void close_join();

    int m_version = 0;
    std::vector<std::string> m_dirs;  // v1: pids, memory; v2: one (the memory controller's is the last)
    CgroupJoin m_join;
    std::string m_error;
};

}  // namespace pygate::runner
