#include "runner/runner.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

#include "runner/child_steps.hpp"
#include "runner/layers/cgroup.hpp"
#include "runner/layers/env.hpp"
#include "runner/layers/fds.hpp"
#include "runner/layers/landlock.hpp"
#include "runner/layers/namespaces.hpp"
#include "runner/layers/seccomp.hpp"
#include "runner/layers/signal_filter.hpp"
#include "runner/template_link.hpp"
#include "runner/version_cache.hpp"
#include "runner/warm_layers.hpp"
#include "support/unique_fd.hpp"

namespace pygate::runner {
namespace {

using Clock = std::chrono::steady_clock;
using support::UniqueFd;

// One message on the error pipe. A note does not stop the setup.
struct ChildMessage {
    std::uint8_t fatal;
    ChildStep step;
    std::uint8_t detail;  // for the network step: the NamespaceStep that failed
    std::int32_t error;
};

// Everything the child needs, built before fork. Filled by name only
// (designated initializers: GCC refuses them out of this order, and with
// -Werror a field left out), so that two of its descriptors cannot trade
// places unseen.
struct ChildPlan {
    const char* python;
    char* const* argv;
    char* const* envp;
    const char* workdir;
    int stdin_fd;
    int stdout_fd;
    int stderr_fd;
    int report_fd;  // the error pipe's write end, close-on-exec
    pid_t parent;
    int parent_pidfd;  // the parent's pidfd, close-on-exec; -1: none (getppid() is asked)
    const CgroupJoin* cgroup;
    bool as_root;
    bool cut_network;
    bool pid_namespace;  // born into a PID namespace of its own, as its init
    uid_t own_uid;       // the parent's ids, mapped in a user namespace the child is born into
    gid_t own_gid;
    uid_t uid;
    gid_t gid;
    const RlimitPlan* rlimits;
    int landlock_fd;  // -1: none
    const SeccompProgram* seccomp;
    bool signal_filter;           // one process: it may signal only itself
    const sigset_t* signal_mask;  // the parent's, restored at exec
    const int* pass_fds;          // become 3, 4, ... at exec; all >= k_passed_fd_floor
    std::size_t pass_count;
};

// Descriptors handed to the program are moved this high in the parent, and
// the error pipe above 2 + their count, so that moving them down to 3, 4, ...
// in the child, last, never lands on a descriptor the setup still uses.
constexpr int k_passed_fd_floor = 100;

void report(const ChildPlan& plan, bool fatal, ChildStep step, int error, std::uint8_t detail = 0) noexcept {
    const ChildMessage message{static_cast<std::uint8_t>(fatal ? 1 : 0), step, detail, error};
    ssize_t ignored = ::write(plan.report_fd, &message, sizeof message);
    (void)ignored;
}

[[noreturn]] void fail(const ChildPlan& plan, ChildStep step, int error) noexcept {
    report(plan, true, step, error);
    ::_exit(127);
}

// Whether the parent still lives. In a PID namespace of its own the child's
// getppid() is 0 (its parent is outside): the parent's pidfd says instead.
bool parent_alive(const ChildPlan& plan) noexcept {
    if (plan.parent_pidfd >= 0) {
        pollfd parent{plan.parent_pidfd, POLLIN, 0};
        return ::poll(&parent, 1, 0) == 0;
    }
    return ::getppid() == plan.parent;
}

// One step of the child between fork and exec (child_steps.hpp): async-
// signal-safe calls only; a step that fails reports it and ends the child.
void take_step(const ChildPlan& plan, ChildStep step) noexcept {
    const bool in_user_namespace = plan.pid_namespace && !plan.as_root;
    switch (step) {
        // Its own session and process group, so the parent can kill the
        // group. A run that may start processes was born the init of a PID
        // namespace of its own (start_child): when it dies, every process it
        // started dies.
        case ChildStep::session:
            if (::setsid() < 0) fail(plan, step, errno);
            return;
        // Death with the parent (checked after, in case it already died).
        case ChildStep::parent_death:
            if (::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) fail(plan, step, errno);
            if (!parent_alive(plan)) fail(plan, step, ESRCH);
            return;
        // Unprivileged, that PID namespace came with a user namespace: the
        // child's own ids are mapped in it, and nothing else.
        case ChildStep::user_namespace:
            if (in_user_namespace) {
                const NamespaceOutcome mapped = map_own_ids(plan.own_uid, plan.own_gid);
                if (mapped.failed_step != NamespaceStep::none) fail(plan, step, mapped.error);
            }
            return;
        // Into the run's cgroup, first, so that every process the program
        // starts is in it; while still root, who owns the cgroup's files. The
        // child writes itself: the parent of a vfork child is suspended until
        // the exec, so it could only move the program once running.
        case ChildStep::cgroup:
            if (int error = join_cgroup(*plan.cgroup)) fail(plan, step, error);
            return;
        case ChildStep::stdio:
            if (int error = redirect_stdio(plan.stdin_fd, plan.stdout_fd, plan.stderr_fd)) fail(plan, step, error);
            return;
        // Every other descriptor closes at exec.
        case ChildStep::close_fds:
            if (int error = close_other_fds_on_exec()) fail(plan, step, error);
            return;
        // The work directory is the program's cwd (and HOME).
        case ChildStep::workdir:
            if (::chdir(plan.workdir) != 0) fail(plan, step, errno);
            return;
        // No network: an empty network namespace. If the kernel refuses, the
        // seccomp socket filter and Landlock's TCP rules still hold: a note.
        case ChildStep::network:
            if (plan.cut_network) {
                NamespaceOutcome outcome =
                    enter_network_namespace(plan.as_root, in_user_namespace, plan.own_uid, plan.own_gid);
                if (outcome.failed_step != NamespaceStep::none)
                    report(plan, false, step, outcome.error, static_cast<std::uint8_t>(outcome.failed_step));
            }
            return;
        // Resource limits, while still allowed to set any value.
        case ChildStep::rlimits:
            if (int error = apply_rlimits(*plan.rlimits)) fail(plan, step, error);
            return;
        // No privilege from exec from here on (Landlock and seccomp need it).
        case ChildStep::no_new_privs:
            if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail(plan, step, errno);
            return;
        // Filesystem confinement (binds root too).
        case ChildStep::landlock:
            if (plan.landlock_fd >= 0) {
                if (int error = apply_landlock(plan.landlock_fd)) fail(plan, step, error);
            }
            return;
        // root becomes the unprivileged uid, with no supplementary groups, so
        // RLIMIT_NPROC and file permissions apply. Raw system calls: glibc's
        // wrappers would signal the threads of the parent, whose memory this
        // child shares, to change their ids too.
        case ChildStep::drop_user:
            if (plan.as_root) {
                if (::syscall(SYS_setgroups, 0, nullptr) != 0) fail(plan, step, errno);
                if (::syscall(SYS_setresgid, plan.gid, plan.gid, plan.gid) != 0) fail(plan, step, errno);
                if (::syscall(SYS_setresuid, plan.uid, plan.uid, plan.uid) != 0) fail(plan, step, errno);
                if (::geteuid() == 0 || ::getegid() == 0) fail(plan, step, EPERM);
                // Changing the euid cleared the parent-death signal: set it again.
                if (::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) fail(plan, ChildStep::parent_death, errno);
                if (!parent_alive(plan)) fail(plan, ChildStep::parent_death, ESRCH);
            }
            return;
        // The system-call filters, last: they deny calls the steps above make.
        case ChildStep::seccomp:
            if (int error = apply_seccomp(*plan.seccomp)) fail(plan, step, error);
            return;
        // A program of one process also gets the signal filter: it may signal
        // only itself, on kernels without Landlock's signal scoping too.
        case ChildStep::signal_filter:
            if (plan.signal_filter) {
                if (int error = apply_signal_filter(::getpid())) fail(plan, step, error);
            }
            return;
        // The descriptors the program inherits, as 3, 4, ... (dup2 leaves the
        // copies without close-on-exec); then the interpreter, with the
        // signals the parent had unblocked. The error pipe closes on success.
        case ChildStep::exec:
            for (std::size_t i = 0; i < plan.pass_count; ++i)
                if (::dup2(plan.pass_fds[i], 3 + static_cast<int>(i)) < 0) fail(plan, step, errno);
            ::sigprocmask(SIG_SETMASK, plan.signal_mask, nullptr);
            ::execve(plan.python, plan.argv, plan.envp);
            fail(plan, step, errno);
    }
}

// The child between fork and exec: every step, in child_steps.hpp's order.
[[noreturn]] void child_main(const ChildPlan& plan) noexcept {
    for (ChildStep step : k_child_steps)
        take_step(plan, step);
    fail(plan, ChildStep::exec, ENOEXEC);  // the exec step returns only by failing
}

int child_entry(void* plan) {
    child_main(*static_cast<const ChildPlan*>(plan));
}

// The child shares the parent's memory until it execs (the parent waits
// meanwhile), as posix_spawn does: no copy of pygate's page tables and no
// copy-on-write faults in either process. AddressSanitizer's builds fork:
// the child's instrumented code would write the shared shadow memory.
#if defined(__SANITIZE_ADDRESS__)  // GCC
constexpr bool k_share_memory = false;
#elif defined(__has_feature)  // Clang
constexpr bool k_share_memory = !__has_feature(address_sanitizer);
#else
constexpr bool k_share_memory = true;
#endif
constexpr std::size_t k_child_stack_bytes = 256 * 1024;

// Starts the child. All signals stay blocked in both processes until the
// child execs (it shares the parent's handlers' memory); the caller
// restores its mask.
pid_t start_child(const ChildPlan& plan) {
    const int namespaces = plan.pid_namespace ? pid_namespace_clone_flags(plan.as_root) : 0;
    if (!k_share_memory && namespaces == 0) {
        pid_t child = ::fork();
        if (child == 0) child_main(plan);
        return child;
    }
    // Uninitialised: only the pages the setup touches are faulted in.
    std::unique_ptr<char[]> stack(new char[k_child_stack_bytes]);
    const int sharing = k_share_memory ? CLONE_VM | CLONE_VFORK : 0;
    return ::clone(child_entry, stack.get() + k_child_stack_bytes, sharing | SIGCHLD | namespaces,
                   const_cast<ChildPlan*>(&plan));
}

// Both ends of a pipe, close-on-exec and above the standard streams.
struct Pipe {
    UniqueFd read;
    UniqueFd write;
};

// A descriptor above the standard streams: `fd` itself, or a copy of it
// (closing `fd`). Invalid, with errno, when no copy can be made.
UniqueFd above_stdio(UniqueFd fd) {
    if (!fd.valid() || fd.get() > 2) return fd;
    return UniqueFd(::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3));
}

// nullopt, with errno, when the pipe cannot be made.
std::optional<Pipe> make_pipe() {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) return std::nullopt;
    Pipe pipe{above_stdio(UniqueFd(ends[0])), above_stdio(UniqueFd(ends[1]))};
    if (!pipe.read.valid() || !pipe.write.valid()) return std::nullopt;
    return pipe;
}

std::string iso_utc_now() {
    std::time_t now = std::time(nullptr);
    std::tm utc{};
    ::gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

void capture(StreamCapture& stream, const char* data, std::size_t size, const Limits& limits) {
    stream.bytes += size;
    stream.tail.append(data, size);
    if (stream.tail.size() > 4096) stream.tail.erase(0, stream.tail.size() - 4096);
    if (stream.truncated) return;
    const auto byte_cap = static_cast<std::uint64_t>(std::max<std::int64_t>(limits.output_bytes, 0));
    const auto line_cap = static_cast<std::uint64_t>(std::max<std::int64_t>(limits.output_lines, 0));
    std::size_t take = 0;
    for (; take < size; ++take) {
        if (stream.kept.size() + take >= byte_cap || stream.lines >= line_cap) break;
        if (data[take] == '\n') ++stream.lines;
    }
    stream.kept.append(data, take);
    if (take < size) stream.truncated = true;
}

// The direct children of this process, from /proc.
std::vector<pid_t> own_children() {
    std::vector<pid_t> children;
    const pid_t self = ::getpid();
    DIR* proc = ::opendir("/proc");
    if (proc == nullptr) return children;
    while (dirent* entry = ::readdir(proc)) {
        if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
        std::ifstream stat(std::string("/proc/") + entry->d_name + "/stat");
        std::string text;
        std::getline(stat, text);
        std::size_t close_paren = text.rfind(')');
        if (close_paren == std::string::npos) continue;
        std::istringstream fields(text.substr(close_paren + 2));
        char state = 0;
        long ppid = 0;
        if (fields >> state >> ppid && ppid == self) children.push_back(static_cast<pid_t>(std::stol(entry->d_name)));
    }
    ::closedir(proc);
    return children;
}

// Kills the process group and every process left of the run: this process
// is a child subreaper, so whatever escaped the group (setsid, double fork)
// is re-parented here once its parent dies. Reaps them all. `group` is the
// program's pid when it is this process's child (not yet reaped, so neither
// its pid nor its group can name another process); -1 for a warm run, whose
// program is its template's child and is killed through its pidfd.
void kill_and_reap_everything(pid_t group) {
    if (group > 0) ::kill(-group, SIGKILL);
    for (;;) {
        int status = 0;
        // No child left, alive or zombie, means no descendant left: any
        // orphan would have been re-parented here. The common case skips
        // reading /proc.
        pid_t reaped = ::waitpid(-1, &status, WNOHANG);
        if (reaped < 0 && errno == ECHILD) return;
        if (reaped > 0) continue;
        for (pid_t child : own_children())
            ::kill(child, SIGKILL);
        reaped = ::waitpid(-1, &status, 0);
        if (reaped < 0 && errno == ECHILD) return;
        if (reaped < 0 && errno != EINTR) return;
    }
}

// `python -V`, started before the program and read after it: the version
// for the receipt without delaying the run.
struct VersionProbe {
    pid_t pid = -1;
    UniqueFd out;
};

VersionProbe start_version_probe(const std::string& python) {
    VersionProbe probe;
    std::optional<Pipe> pipe = make_pipe();
    if (!pipe) return probe;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipe->write.get(), STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    CStringArray argv({python, "-V"});
    CStringArray envp({"PATH=/usr/bin:/bin", "LANG=C.UTF-8"});
    if (::posix_spawn(&probe.pid, python.c_str(), &actions, nullptr, argv.data(), envp.data()) != 0) probe.pid = -1;
    posix_spawn_file_actions_destroy(&actions);
    if (probe.pid >= 0) probe.out = std::move(pipe->read);
    return probe;
}

std::string finish_version_probe(VersionProbe& probe) {
    if (probe.pid < 0) return "";
    std::string text;
    char buffer[256];
    const auto deadline = Clock::now() + std::chrono::seconds(5);
    while (Clock::now() < deadline) {
        pollfd fd{probe.out.get(), POLLIN, 0};
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (::poll(&fd, 1, static_cast<int>(std::max<long long>(left, 0))) <= 0) break;
        ssize_t n = ::read(probe.out.get(), buffer, sizeof buffer);
        if (n <= 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
    }
    probe.out.reset();
    ::kill(probe.pid, SIGKILL);
    int status = 0;
    ::waitpid(probe.pid, &status, 0);
    probe.pid = -1;
    // "Python 3.11.2\n"
    const std::string prefix = "Python ";
    if (text.rfind(prefix, 0) != 0) return "";
    text.erase(0, prefix.size());
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
    return text;
}

std::string describe_child_error(const ChildMessage& message) {
    return std::string("could not sandbox the program: ") + step_name(message.step) + ": " +
           std::strerror(message.error);
}

const char* namespace_step_name(int step) {
    switch (static_cast<NamespaceStep>(step)) {
        case NamespaceStep::unshare:
            return "unshare";
        case NamespaceStep::setgroups:
            return "setgroups deny";
        case NamespaceStep::uid_map:
            return "uid_map";
        case NamespaceStep::gid_map:
            return "gid_map";
        case NamespaceStep::none:
            break;
    }
    return "?";
}

Status classify(const RunResult& result, bool timed_out, bool cancelled, int wait_status, const Limits& limits,
                bool oom_killed) {
    if (cancelled) return Status::cancelled;
    if (timed_out) return Status::timeout;
    if (WIFSIGNALED(wait_status)) {
        int sig = WTERMSIG(wait_status);
        if (sig == SIGXCPU) return Status::cpu_limit;
        // The cgroup's memory limit: the kernel's OOM killer sends SIGKILL.
        if (sig == SIGKILL && oom_killed) return Status::memory_limit;
        const double cpu_ms = result.cpu_user_ms + result.cpu_sys_ms;
        if (sig == SIGKILL && cpu_ms >= static_cast<double>(limits.cpu_seconds) * 1000.0) return Status::cpu_limit;
        return Status::killed;
    }
    int code = WEXITSTATUS(wait_status);
    if (code != 0) {
        // It failed after the kernel killed one of its processes for memory.
        if (oom_killed) return Status::memory_limit;
        // CPython ends an unhandled MemoryError (RLIMIT_AS) with this line; or, when
        // printing the traceback runs out of memory too (as CPython 3.13's often
        // does), with a dump of the exception object and "lost sys.stderr".
        const std::string& tail = result.err.tail;
        std::size_t last_line = tail.find_last_of('\n', tail.size() >= 2 ? tail.size() - 2 : 0);
        std::string line = last_line == std::string::npos ? tail : tail.substr(last_line + 1);
        if (line.rfind("MemoryError", 0) == 0) return Status::memory_limit;
        if (line.rfind("lost sys.stderr", 0) == 0 && tail.find("\nobject type name: MemoryError\n") != std::string::npos)
            return Status::memory_limit;
        return Status::exit_nonzero;
    }
    if (result.out.truncated || result.err.truncated) return Status::output_truncated;
    return Status::ok;
}

// A memory file holding `bytes`, read from its start: the program's stdin
// when it was given as bytes. Invalid, with errno, on failure.
UniqueFd stdin_from_bytes(const std::string& bytes) {
    UniqueFd fd(::memfd_create("pygate-stdin", MFD_CLOEXEC));
    if (!fd.valid()) return fd;
    std::size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd.get(), bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return UniqueFd();
        done += static_cast<std::size_t>(n);
    }
    if (::lseek(fd.get(), 0, SEEK_SET) != 0) return UniqueFd();
    return fd;
}

// What Landlock opens to the interpreter: its installation, <prefix> for
// <prefix>/bin/python3 (a pyenv version, /usr/local), else only its own
// folder, and never "/".
std::string interpreter_installation(const std::string& python) {
    std::error_code ec;
    std::filesystem::path real = std::filesystem::canonical(python, ec);
    if (ec) real = python;
    std::filesystem::path folder = real.parent_path();
    if (folder.filename() == "bin" && folder.parent_path() != folder.root_path()) return folder.parent_path().string();
    if (folder != folder.root_path()) return folder.string();
    return real.string();
}

// The work directory, removed when the run ends however it ends.
class OwnedWorkdir {
public:
    explicit OwnedWorkdir(Workdir workdir) : m_workdir(std::move(workdir)) {}
    OwnedWorkdir(const OwnedWorkdir&) = delete;
    OwnedWorkdir& operator=(const OwnedWorkdir&) = delete;
    ~OwnedWorkdir() {
        if (!m_removed) remove_workdir(m_workdir.path);
    }
    const Workdir& get() const { return m_workdir; }
    // Returns whether nothing remains.
    bool remove() {
        m_removed = true;
        return remove_workdir(m_workdir.path);
    }
    // The same, before any program ran in it (runner/workdir.hpp).
    bool remove_unused() {
        m_removed = true;
        return remove_unused_workdir(m_workdir);
    }

private:
    Workdir m_workdir;
    bool m_removed = false;
};

// Stage 1: the program's standard input, above the standard streams and
// blocking.
std::variant<UniqueFd, RunRequestError> open_stdin(const RunRequest& request) {
    UniqueFd fd;
    if (request.stdin_path.empty() && request.stdin_data) {
        fd = stdin_from_bytes(*request.stdin_data);
        if (!fd.valid()) return RunRequestError{std::string("cannot hold the standard input: ") + std::strerror(errno)};
    } else {
        fd.reset(::open(request.stdin_path.empty() ? "/dev/null" : request.stdin_path.c_str(),
                        O_RDONLY | O_CLOEXEC | O_NONBLOCK));
        if (!fd.valid()) return RunRequestError{"cannot read " + request.stdin_path + ": " + std::strerror(errno)};
    }
    fd = above_stdio(std::move(fd));
    if (!fd.valid()) return RunRequestError{std::string("cannot hold the standard input: ") + std::strerror(errno)};
    ::fcntl(fd.get(), F_SETFL, 0);  // O_NONBLOCK was only for opening a FIFO
    return fd;
}

// Stage 2: the layers, built before fork. The child applies all but the
// cgroup, which the parent makes, empties and removes.
struct Sandbox {
    RlimitPlan rlimits;
    LandlockRuleset landlock;
    SeccompOptions seccomp_options;
    SeccompProgram seccomp;
    Cgroup cgroup;
};

// An error when a layer the machine offers could not be built: the program
// never runs with less than the machine offers.
std::variant<Sandbox, std::string> build_sandbox(const RunRequest& request, const Workdir& workdir,
                                                 Isolation& isolation) {
    const Limits& limits = request.limits;
    const bool cut_network = !limits.network;
    Sandbox sandbox;
    sandbox.rlimits = plan_rlimits(limits);

    LandlockPaths paths;
    paths.read_exec.push_back(interpreter_installation(request.python));
    // /etc/matplotlibrc: Debian's matplotlib reads its defaults there (its
    // mpl-data/matplotlibrc is a link to it) and cannot be imported without it.
    for (const char* system : {"/usr", "/lib", "/lib64", "/bin", "/sbin", "/etc/ld.so.cache", "/etc/localtime",
                               "/etc/matplotlibrc", "/sys/devices/system/cpu", "/dev/urandom", "/dev/zero"})
        paths.read_exec.emplace_back(system);
    paths.read_write = {workdir.path, "/dev/null"};
    paths.deny_tcp = cut_network;
    sandbox.landlock = build_landlock_ruleset(paths);
    isolation.landlock_abi = sandbox.landlock.abi;
    isolation.landlock_error = sandbox.landlock.error;
    if (sandbox.landlock.abi > 0 && !sandbox.landlock.fd.valid())
        return "could not sandbox the program: " + sandbox.landlock.error;

    // A template forks its runs' children, each of which adds its run's filters.
    sandbox.seccomp_options.deny_process_creation = limits.processes <= 1 && !request.template_process;
    sandbox.seccomp_options.deny_inet_sockets = cut_network;
    sandbox.seccomp = build_seccomp_program(sandbox.seccomp_options);
    if (sandbox.seccomp.instructions.empty()) return "could not sandbox the program: " + sandbox.seccomp.error;

    // Threads count as tasks in pids.max as in RLIMIT_NPROC, so the same
    // allowance; RLIMIT_AS's number bounds the run's memory as a whole. A
    // run of one process (seccomp refuses it any other) is bounded exactly by
    // RLIMIT_AS already, and Python starting in a fresh memory cgroup costs
    // every run about 5 ms: the cgroup is made only for runs that may fork.
    sandbox.cgroup =
        request.template_process ? Cgroup::not_made("not needed: a template (RLIMIT_AS bounds its memory; each run that "
                                                    "may fork gets a cgroup of its own)")
        : limits.processes > 1
            ? Cgroup::create({limits.processes + k_thread_allowance, limits.memory_mb * 1024 * 1024})
            : Cgroup::not_made("not needed: one process (seccomp refuses new processes; RLIMIT_AS bounds its memory)");
    return sandbox;
}

// Stage 3: the descriptors the child needs. The parent keeps the read ends.
struct ChildDescriptors {
    Pipe out;
    Pipe err;
    Pipe report;                   // the setup's report, then EOF at exec
    std::vector<UniqueFd> passed;  // copies of RunRequest::pass_fds, high up
};

std::variant<ChildDescriptors, std::string> make_child_descriptors(const std::vector<int>& pass_fds) {
    ChildDescriptors fds;
    for (Pipe* pipe : {&fds.out, &fds.err, &fds.report}) {
        std::optional<Pipe> made = make_pipe();
        if (!made) return std::string("cannot create pipes: ") + std::strerror(errno);
        *pipe = std::move(*made);
    }
    for (int fd : pass_fds) {
        UniqueFd copy(::fcntl(fd, F_DUPFD_CLOEXEC, k_passed_fd_floor));
        if (!copy.valid()) return std::string("cannot hand descriptors to the program: ") + std::strerror(errno);
        fds.passed.push_back(std::move(copy));
    }
    const int first_free = 3 + static_cast<int>(fds.passed.size());
    if (!fds.passed.empty() && fds.report.write.get() < first_free) {
        fds.report.write = UniqueFd(::fcntl(fds.report.write.get(), F_DUPFD_CLOEXEC, first_free));
        if (!fds.report.write.valid())
            return std::string("cannot hand descriptors to the program: ") + std::strerror(errno);
    }
    return fds;
}

// Stage 4: the child started, all signals blocked in both processes until
// it execs (it shares the parent's handlers' memory).
struct Started {
    pid_t pid = -1;
    int error = 0;                    // fork's errno when pid < 0
    bool pid_namespace = false;       // the child is the init of a PID namespace of its own
    std::string pid_namespace_error;  // why not, when it was to be
};

// A kernel that refuses the PID namespace (no user namespaces for the
// unprivileged, say) gets a child without one, and the run says why.
Started start_with_signals_blocked(const ChildPlan& plan, const sigset_t& parent_mask) {
    sigset_t all_signals;
    ::sigfillset(&all_signals);
    ::pthread_sigmask(SIG_SETMASK, &all_signals, nullptr);
    Started started;
    started.pid = start_child(plan);
    started.error = errno;
    started.pid_namespace = plan.pid_namespace && started.pid > 0;
    if (plan.pid_namespace && started.pid < 0 && started.error != EAGAIN && started.error != ENOMEM) {
        started.pid_namespace_error = std::string("clone: ") + std::strerror(started.error);
        ChildPlan without = plan;
        without.pid_namespace = false;
        started.pid = start_child(without);
        started.error = errno;
    }
    ::pthread_sigmask(SIG_SETMASK, &parent_mask, nullptr);
    return started;
}

// Stage 5: the setup's report, read until EOF (the exec) or a fatal
// message. Returns whether the setup failed; notes go into `isolation`.
bool read_setup_report(int report_fd, RunResult& result) {
    bool setup_failed = false;
    for (;;) {
        ChildMessage message{};
        ssize_t n = ::read(report_fd, &message, sizeof message);
        if (n < 0 && errno == EINTR) continue;
        if (n != static_cast<ssize_t>(sizeof message)) break;
        if (message.fatal) {
            setup_failed = true;
            result.error = describe_child_error(message);
        } else if (message.step == ChildStep::network) {
            result.isolation.netns = false;
            result.isolation.netns_error =
                std::string(namespace_step_name(message.detail)) + ": " + std::strerror(message.error);
        }
    }
    return setup_failed;
}

// What held, once the setup reported: every layer of a setup that went
// through, none of one that failed.
void record_isolation(Isolation& isolation, bool setup_failed, const Sandbox& sandbox, const RunRequest& request,
                      const Workdir& workdir, bool as_root) {
    if (!setup_failed) {
        isolation.rlimits = true;
        isolation.no_new_privs = true;
        isolation.landlock_fs = sandbox.landlock.abi > 0;
        isolation.landlock_tcp = sandbox.landlock.tcp_denied;
        isolation.landlock_signals = sandbox.landlock.signals_scoped;
        isolation.seccomp = true;
        isolation.cgroup = sandbox.cgroup.active();
        isolation.socket_filter = sandbox.seccomp_options.deny_inet_sockets;
        isolation.process_filter = sandbox.seccomp_options.deny_process_creation;
        isolation.signal_filter = sandbox.seccomp_options.deny_process_creation;
        isolation.uid = as_root ? static_cast<long>(request.run_as_uid) : static_cast<long>(::getuid());
        isolation.gid = as_root ? static_cast<long>(request.run_as_gid) : static_cast<long>(::getgid());
    } else {
        isolation.netns = false;
    }
    isolation.cgroup_error = sandbox.cgroup.error();
    isolation.disk = workdir.disk_bounded;
    isolation.disk_error = workdir.disk_error;
}

// Stage 6: the program's two streams, kept within the limits as they come.
class OutputPump {
public:
    OutputPump(RunResult& result, const RunRequest& request, UniqueFd out, UniqueFd err)
        : m_result(result), m_request(request), m_out(std::move(out)), m_err(std::move(err)) {}

    // The two entries to poll, -1 once a stream reached its end.
    pollfd out_entry() const { return {m_out.get(), POLLIN, 0}; }
    pollfd err_entry() const { return {m_err.get(), POLLIN, 0}; }

    // Reads once from each stream that `out` and `err` (polled) say is ready.
    void drain_ready(const pollfd& out, const pollfd& err) {
        drain(out, m_out, m_result.out, false);
        drain(err, m_err, m_result.err, true);
    }

    // Once every writer is gone: what is left in the pipes, then EOF.
    void drain_to_end() {
        for (;;) {
            pollfd fds[2] = {out_entry(), err_entry()};
            if (fds[0].fd < 0 && fds[1].fd < 0) break;
            if (::poll(fds, 2, 1000) <= 0) break;
            drain_ready(fds[0], fds[1]);
        }
        m_out.reset();
        m_err.reset();
    }

private:
    void drain(const pollfd& polled, UniqueFd& fd, StreamCapture& stream, bool from_stderr) {
        if (polled.fd < 0 || polled.revents == 0) return;
        ssize_t n = ::read(fd.get(), m_buffer, sizeof m_buffer);
        if (n > 0) {
            const std::size_t kept_before = stream.kept.size();
            capture(stream, m_buffer, static_cast<std::size_t>(n), m_request.limits);
            if (m_request.on_output && stream.kept.size() > kept_before)
                m_request.on_output(from_stderr, std::string_view(stream.kept).substr(kept_before));
        } else if (n == 0 || errno != EINTR) {
            fd.reset();
        }
    }

    RunResult& m_result;
    const RunRequest& m_request;
    UniqueFd m_out;
    UniqueFd m_err;
    char m_buffer[65536];
};

struct Ending {
    bool timed_out = false;
    bool cancelled = false;
    int wait_status = 0;
    rusage usage{};
    Clock::time_point end;
};

// A warm run's program is the template's child, not this process's: the
// template reaps it and sends its wait status and resource use on the link.
// A template gone before it could is a program killed.
void receive_warm_ending(int link, Ending& ending, std::vector<std::string>& notes) {
    LinkMessage message;
    const LinkRead read = receive_link_message(link, 10000, message);
    const std::optional<ChildExit> exit = read == LinkRead::message ? child_exit(message.text) : std::nullopt;
    if (!exit) {
        ending.wait_status = SIGKILL;  // as WIFSIGNALED with SIGKILL
        notes.push_back("the template ended before it could report the run's end");
        return;
    }
    ending.wait_status = exit->wait_status;
    auto to_timeval = [](double ms) {
        return timeval{static_cast<time_t>(ms / 1000.0), static_cast<suseconds_t>(std::fmod(ms, 1000.0) * 1000.0)};
    };
    ending.usage.ru_utime = to_timeval(exit->user_ms);
    ending.usage.ru_stime = to_timeval(exit->sys_ms);
    ending.usage.ru_maxrss = exit->max_rss_kb;
}

// The run's program, as this process watches and stops it. A cold program
// is this process's child: its pid (and its process group's id) cannot name
// another process until it is reaped here. A warm program is its template's
// child, which the template may reap at any moment: it is known only by the
// pidfd the child sent, which names it and nothing else for as long as it is
// held, and nothing is ever signalled by its bare pid.
struct Program {
    pid_t own_child = -1;  // cold: this process's child; -1 for a warm run
    UniqueFd pidfd;        // warm: the child's own; cold: opened here, or invalid (no pidfd_open)

    void kill() const {
        if (own_child > 0) {
            ::kill(-own_child, SIGKILL);
            ::kill(own_child, SIGKILL);
        } else if (pidfd.valid()) {
            ::syscall(SYS_pidfd_send_signal, pidfd.get(), SIGKILL, nullptr, 0);
        }
    }
};

// Reads both streams until the program ends, the wall clock runs out or the
// run is cancelled (then it is killed); reaps the program (a warm one through
// its template's link). The run's end is when its program ended, or was
// killed: not when the template got round to saying so.
Ending watch_child(const Program& program, OutputPump& pump, int cancel_fd, Clock::time_point deadline,
                   const WarmStart* warm, std::vector<std::string>& notes) {
    Ending ending;
    bool exited = false;
    while (!exited) {
        // Rounded up: the wall clock has run out only once the deadline has
        // passed, so a run stopped by it always lasted its whole limit.
        auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) {
            ending.timed_out = true;
            break;
        }
        pollfd fds[4] = {pump.out_entry(), pump.err_entry(), {program.pidfd.get(), POLLIN, 0}, {cancel_fd, POLLIN, 0}};
        int wait_ms = static_cast<int>(std::min<long long>(left, 1000));
        if (!program.pidfd.valid()) wait_ms = std::min(wait_ms, 10);  // no pidfd: look with waitid
        int ready = ::poll(fds, 4, wait_ms);
        if (ready < 0 && errno != EINTR) break;
        if (ready > 0) pump.drain_ready(fds[0], fds[1]);
        if (fds[3].revents != 0) {
            ending.cancelled = true;
            break;
        }
        if (program.pidfd.valid() && (fds[2].revents & POLLIN) != 0) exited = true;
        if (!program.pidfd.valid() && program.own_child > 0) {
            siginfo_t info{};
            if (::waitid(P_PID, static_cast<id_t>(program.own_child), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
                info.si_pid == program.own_child)
                exited = true;
        }
    }
    ending.end = Clock::now();
    if (ending.timed_out || ending.cancelled) program.kill();
    if (warm != nullptr) {
        receive_warm_ending(warm->link, ending, notes);
    } else {
        while (::wait4(program.own_child, &ending.wait_status, 0, &ending.usage) < 0 && errno == EINTR) {
        }
    }
    return ending;
}

double milliseconds(const timeval& time) {
    return static_cast<double>(time.tv_sec) * 1000.0 + static_cast<double>(time.tv_usec) / 1000.0;
}

// A run that ended before its program started: the error, and the work
// directory removed.
RunResult not_started(RunResult result, std::string error, OwnedWorkdir& workdir) {
    result.status = Status::internal_error;
    result.error = std::move(error);
    result.workdir_removed = workdir.remove_unused();
    if (!result.workdir_removed) result.notes.push_back("could not remove the work directory " + workdir.get().path);
    return result;
}

// A warm run's child, forked by its template from the `fork` request the
// server sent with this run's link. It reports its pid; it is moved into the
// run's cgroup (it runs as the unprivileged user already, so this process,
// root, writes it there); then it is handed, in the cold child's order, its
// standard streams, its work directory, the resource limits, the Landlock
// ruleset for that directory and the seccomp filters (the signal filter built
// for its pid), and reports its setup as a cold child does. Nothing of the
// run's code executes before that report.
struct WarmChild {
    pid_t pid = -1;
    UniqueFd pidfd;  // the child's, sent with its pid: the only handle this process uses
    bool setup_failed = false;
    bool netns = false;  // its network namespace is not its worker's (the child said so)
    std::string error;  // pid < 0: why there is no child
};

// The pid a pidfd names, as its fdinfo says; -1 when the process has ended,
// nullopt when `fd` is no pidfd.
std::optional<pid_t> pid_of_pidfd(int fd) {
    std::ifstream info("/proc/self/fdinfo/" + std::to_string(fd));
    std::string line;
    while (std::getline(info, line))
        if (line.rfind("Pid:", 0) == 0) return static_cast<pid_t>(std::strtol(line.c_str() + 4, nullptr, 10));
    return std::nullopt;
}

// The inode of this process's network namespace; 0 when it cannot be read.
std::uint64_t own_network_namespace() {
    struct stat info {};
    return ::stat("/proc/self/ns/net", &info) == 0 ? static_cast<std::uint64_t>(info.st_ino) : 0;
}

WarmChild start_warm_child(const RunRequest& request, const Workdir& workdir, const Sandbox& sandbox, int stdin_fd,
                           const ChildDescriptors& fds, RunResult& result) {
    const WarmStart& warm = *request.warm;
    WarmChild started;
    LinkMessage message;
    const LinkRead read = receive_link_message(warm.link, 10000, message);
    const std::optional<pid_t> forked = read == LinkRead::message ? forked_child(message.text) : std::nullopt;
    if (!forked) {
        started.error = read == LinkRead::timeout ? "the template did not fork the run within 10 s"
                                                  : "the template did not fork the run (it ended, or the kernel refused it a process)";
        return started;
    }
    // The child's pidfd rides with its pid: it names the child for as long as
    // this process holds it, whenever the template reaps the child.
    if (message.fds.size() != 1 || pid_of_pidfd(message.fds.front().get()) != *forked) {
        started.error = "the template's child sent no pidfd of its own";
        return started;
    }
    started.pid = *forked;
    started.pidfd = std::move(message.fds.front());
    if (sandbox.cgroup.active()) {
        if (int error = move_into_cgroup(sandbox.cgroup.join(), started.pid)) {
            started.setup_failed = true;
            result.error = std::string("could not sandbox the program: joining the cgroup: ") + std::strerror(error);
            return started;
        }
    }
    // The same layers as a cold child's plan, as data its template's driver
    // interprets step by step (warm_layers.hpp).
    WarmLayers layers;
    layers.cgroup = sandbox.cgroup.active();
    layers.workdir = workdir.path;
    layers.cut_network = !request.limits.network;
    layers.host_network_namespace = own_network_namespace();
    layers.rlimits = sandbox.rlimits;
    layers.landlock = sandbox.landlock.fd.valid();
    layers.drop_user = ::geteuid() == 0;
    layers.uid = static_cast<uid_t>(request.run_as_uid);
    layers.gid = static_cast<gid_t>(request.run_as_gid);
    layers.seccomp = sandbox.seccomp.instructions;
    if (sandbox.seccomp_options.deny_process_creation) {
        const auto program = signal_filter_program(started.pid);
        layers.signal_filter.assign(program.begin(), program.end());
    }
    layers.environment = clean_environment(workdir.path);
    layers.argv = {"main.py"};
    std::vector<int> handed{stdin_fd, fds.out.write.get(), fds.err.write.get()};
    if (sandbox.landlock.fd.valid()) handed.push_back(sandbox.landlock.fd.get());
    if (int error = send_link_message(warm.link, encode_warm_layers(layers), handed)) {
        started.setup_failed = true;
        result.error = std::string("could not hand the run to its template's child: ") + std::strerror(error);
        return started;
    }
    const LinkRead answered = receive_link_message(warm.link, 10000, message);
    const std::optional<ChildSetup> setup_report =
        answered == LinkRead::message ? child_setup(message.text) : std::nullopt;
    // A child that did not say it is in a network namespace of its own,
    // when the run cuts the network, would have less than a cold run.
    if (setup_report && setup_report->ready && (!layers.cut_network || setup_report->netns)) {
        started.netns = layers.cut_network;
        return started;
    }
    started.setup_failed = true;
    if (setup_report && setup_report->ready) {
        result.error = std::string("could not sandbox the program: ") + step_name(ChildStep::network) +
                       ": the template's child is in its worker's network namespace";
    } else if (setup_report) {
        const std::optional<ChildStep> step = step_of_id(setup_report->failed_step);
        result.error = "could not sandbox the program: " + (step ? step_name(*step) : setup_report->failed_step) +
                       ": " + std::strerror(setup_report->error);
    } else {
        result.error = "could not sandbox the program: the template's child ended during its setup";
    }
    return started;
}

}  // namespace

const char* status_name(Status status) {
    switch (status) {
        case Status::ok:
            return "ok";
        case Status::exit_nonzero:
            return "exit_nonzero";
        case Status::timeout:
            return "timeout";
        case Status::cpu_limit:
            return "cpu_limit";
        case Status::memory_limit:
            return "memory_limit";
        case Status::output_truncated:
            return "output_truncated";
        case Status::killed:
            return "killed";
        case Status::disk_limit:
            return "disk_limit";
        case Status::cancelled:
            return "cancelled";
        case Status::internal_error:
            return "internal_error";
    }
    return "internal_error";
}

namespace {

// One run. A warm one that fails before any of its code executes (the
// template gone, its work directory with it, a layer its child could not
// take) sets `warm_failure` and is not a result: run() starts it cold.
std::variant<RunResult, RunRequestError> run_once(const RunRequest& request, std::string& warm_failure) {
    if (request.python.empty() || request.python.front() != '/')
        return RunRequestError{"the interpreter must be an absolute path: " + request.python};
    if (::access(request.python.c_str(), X_OK) != 0)
        return RunRequestError{"cannot execute the interpreter " + request.python + ": " + std::strerror(errno)};
    auto opened_stdin = open_stdin(request);
    if (auto* error = std::get_if<RunRequestError>(&opened_stdin)) return *error;
    UniqueFd stdin_fd = std::move(std::get<UniqueFd>(opened_stdin));

    const bool as_root = ::geteuid() == 0;
    std::optional<WorkdirOwner> owner;
    if (as_root) owner = WorkdirOwner{request.run_as_uid, request.run_as_gid};
    const WarmStart* warm = request.warm ? &*request.warm : nullptr;
    auto created = create_workdir(request.code, request.inputs, owner, request.input_files, request.limits.disk_mb,
                                  warm != nullptr ? warm->template_dir : std::string());
    if (auto* message = std::get_if<std::string>(&created)) {
        if (warm != nullptr) warm_failure = *message;
        return RunRequestError{*message};
    }
    OwnedWorkdir workdir(std::move(std::get<Workdir>(created)));

    RunResult result;
    result.inputs = workdir.get().inputs;
    const Limits& limits = request.limits;
    auto built = build_sandbox(request, workdir.get(), result.isolation);
    if (auto* error = std::get_if<std::string>(&built)) return not_started(std::move(result), *error, workdir);
    Sandbox& sandbox = std::get<Sandbox>(built);
    auto made = make_child_descriptors(request.pass_fds);
    if (auto* error = std::get_if<std::string>(&made)) return not_started(std::move(result), *error, workdir);
    ChildDescriptors& fds = std::get<ChildDescriptors>(made);

    // --- Everything else the child needs, built before fork.
    const CStringArray argv(python_argv(request.python));
    const CStringArray envp(clean_environment(workdir.get().path));
    std::vector<int> passed;
    for (const UniqueFd& fd : fds.passed)
        passed.push_back(fd.get());
    sigset_t parent_mask;
    ::pthread_sigmask(SIG_SETMASK, nullptr, &parent_mask);
    // A child in a PID namespace of its own sees no parent (getppid() is 0):
    // it watches this process's pidfd instead.
    const UniqueFd parent_pidfd(static_cast<int>(::syscall(SYS_pidfd_open, ::getpid(), 0)));
    const bool pid_namespace = limits.processes > 1 && !request.template_process && parent_pidfd.valid();
    const ChildPlan plan{
        .python = request.python.c_str(),
        .argv = argv.data(),
        .envp = envp.data(),
        .workdir = workdir.get().path.c_str(),
        .stdin_fd = stdin_fd.get(),
        .stdout_fd = fds.out.write.get(),
        .stderr_fd = fds.err.write.get(),
        .report_fd = fds.report.write.get(),
        .parent = ::getpid(),
        .parent_pidfd = parent_pidfd.get(),
        .cgroup = &sandbox.cgroup.join(),
        .as_root = as_root,
        .cut_network = !limits.network,
        .pid_namespace = pid_namespace,
        .own_uid = ::getuid(),
        .own_gid = ::getgid(),
        .uid = static_cast<uid_t>(request.run_as_uid),
        .gid = static_cast<gid_t>(request.run_as_gid),
        .rlimits = &sandbox.rlimits,
        .landlock_fd = sandbox.landlock.fd.get(),
        .seccomp = &sandbox.seccomp,
        .signal_filter = sandbox.seccomp_options.deny_process_creation,
        .signal_mask = &parent_mask,
        .pass_fds = passed.data(),
        .pass_count = passed.size(),
    };

    // Whatever leaves the process group is re-parented here, to be killed.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    // The version: remembered from an earlier run of this very interpreter
    // file, else asked in parallel with the program.
    const std::optional<std::string> identity = request.version_cache_dir.empty() || warm != nullptr
                                                    ? std::nullopt
                                                    : interpreter_identity(request.python);
    const std::optional<std::string> cached_version =
        identity ? cached_python_version(request.version_cache_dir, *identity) : std::nullopt;
    VersionProbe probe;
    // A template says its own version, once it has preloaded.
    if (!cached_version && warm == nullptr && !request.template_process) probe = start_version_probe(request.python);

    result.started_at = iso_utc_now();
    const auto start = Clock::now();
    Started started;
    WarmChild warm_child;
    if (warm != nullptr) {
        warm_child = start_warm_child(request, workdir.get(), sandbox, stdin_fd.get(), fds, result);
        started.pid = warm_child.pid;
    } else {
        started = start_with_signals_blocked(plan, parent_mask);
    }
    // The child holds its own copies now, or never will: the parent's close,
    // so that the report pipe reads EOF at the exec.
    fds.out.write.reset();
    fds.err.write.reset();
    fds.report.write.reset();
    fds.passed.clear();
    sandbox.landlock.fd.reset();
    stdin_fd.reset();
    if (started.pid < 0) {
        finish_version_probe(probe);
        if (warm != nullptr) {
            warm_failure = warm_child.error;
            return not_started(std::move(result), warm_child.error, workdir);
        }
        return not_started(std::move(result), std::string("fork: ") + std::strerror(started.error), workdir);
    }
    const pid_t child = started.pid;
    Program program;
    if (warm != nullptr) {
        program.pidfd = std::move(warm_child.pidfd);
    } else {
        program.own_child = child;
        program.pidfd.reset(static_cast<int>(::syscall(SYS_pidfd_open, child, 0)));
    }

    bool setup_failed = false;
    if (warm != nullptr) {
        // The template entered the network namespace a run gets; its
        // children share it, and each says whether it is in it.
        result.isolation.netns = warm_child.netns;
        setup_failed = warm_child.setup_failed;
        if (setup_failed) {
            program.kill();
            warm_failure = result.error;
        }
        result.warm = warm->identity;
    } else {
        result.isolation.netns = !limits.network;
        setup_failed = read_setup_report(fds.report.read.get(), result);
    }
    fds.report.read.reset();
    record_isolation(result.isolation, setup_failed, sandbox, request, workdir.get(), as_root);
    result.isolation.pidns = !setup_failed && started.pid_namespace;
    if (!result.isolation.pidns)
        result.isolation.pidns_error = limits.processes <= 1 ? "not needed: one process (seccomp refuses it another)"
                                       : !started.pid_namespace_error.empty() ? started.pid_namespace_error
                                       : !parent_pidfd.valid() ? "no pidfd for the child to watch its parent with"
                                                               : "";
    if (!setup_failed && request.on_started) request.on_started(workdir.get().path, child);

    OutputPump pump(result, request, std::move(fds.out.read), std::move(fds.err.read));
    std::vector<std::string> ending_notes;
    const Ending ending = watch_child(program, pump, request.cancel_fd,
                                      start + std::chrono::seconds(limits.wall_seconds), warm, ending_notes);
    if (warm != nullptr) {
        result.python_version = warm->identity.python;
    } else if (cached_version) {
        result.python_version = *cached_version;
    } else {
        result.python_version = finish_version_probe(probe);
        if (identity && !result.python_version.empty())
            store_python_version(request.version_cache_dir, *identity, result.python_version);
    }

    // --- Nothing of the run is left, then what it left is judged.
    const std::uint64_t oom_kills = sandbox.cgroup.oom_kills();
    kill_and_reap_everything(program.own_child);
    const bool cgroup_removed = sandbox.cgroup.remove();  // kills whatever is left in it first
    pump.drain_to_end();
    result.ended_at = iso_utc_now();

    result.duration_ms = std::chrono::duration<double, std::milli>(ending.end - start).count();
    result.cpu_user_ms = milliseconds(ending.usage.ru_utime);
    result.cpu_sys_ms = milliseconds(ending.usage.ru_stime);
    result.max_rss_kb = ending.usage.ru_maxrss;
    if (WIFEXITED(ending.wait_status)) result.exit_code = WEXITSTATUS(ending.wait_status);
    if (WIFSIGNALED(ending.wait_status)) result.signal = WTERMSIG(ending.wait_status);
    result.status =
        setup_failed ? Status::internal_error
                     : classify(result, ending.timed_out, ending.cancelled, ending.wait_status, limits, oom_kills > 0);
    if (setup_failed) result.exit_code.reset();
    // The program filled its bounded work directory: whatever it made of the
    // ENOSPC, the run ended at the disk limit.
    if ((result.status == Status::ok || result.status == Status::exit_nonzero ||
         result.status == Status::output_truncated) &&
        workdir_disk_full(workdir.get()))
        result.status = Status::disk_limit;

    CollectedOutputs collected = collect_outputs(workdir.get(), setup_failed ? std::string() : request.output_dir);
    result.outputs = std::move(collected.files);
    result.notes = std::move(collected.notes);
    result.notes.insert(result.notes.end(), ending_notes.begin(), ending_notes.end());
    if (oom_kills > 0 && result.status != Status::memory_limit)
        result.notes.push_back("the kernel killed " + std::to_string(oom_kills) +
                               " process(es) of the run over the memory limit");
    if (!cgroup_removed) result.notes.push_back("could not remove the run's cgroup");
    result.workdir_removed = workdir.remove();
    if (!result.workdir_removed) result.notes.push_back("could not remove the work directory " + workdir.get().path);
    return result;
}

}  // namespace

std::variant<RunResult, RunRequestError> run(const RunRequest& request) {
    std::string warm_failure;
    auto ran = run_once(request, warm_failure);
    if (warm_failure.empty()) return ran;
    RunRequest cold = request;
    cold.warm.reset();
    auto again = run_once(cold, warm_failure);
    if (auto* result = std::get_if<RunResult>(&again)) result->warm_unavailable = "the warm start failed: " + warm_failure;
    return again;
}

}  // namespace pygate::runner
