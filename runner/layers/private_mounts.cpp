#include "runner/layers/private_mounts.hpp"

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <mutex>

namespace pygate::runner {
namespace {

std::atomic<bool> g_private{false};
// Set once the kernel refused: the reason, for every later call (a second
// unshare would only nest another namespace as useless as the first).
std::mutex g_refusal_mutex;
std::string g_refusal;

std::size_t thread_count() {
    std::error_code ec;
    std::size_t count = 0;
    for (std::filesystem::directory_iterator task("/proc/self/task", ec), end; !ec && task != end; task.increment(ec))
        ++count;
    return count;
}

}  // namespace

std::string keep_mounts_private() {
    if (g_private.load()) return "";
    if (::geteuid() != 0) return "not root: mounts cannot be made private";
    {
        std::lock_guard lock(g_refusal_mutex);
        if (!g_refusal.empty()) return g_refusal;
    }
    auto refused = [](std::string why) {
        std::lock_guard lock(g_refusal_mutex);
        g_refusal = why;
        return why;
    };
    // The namespace would be this thread's alone, and the process's other
    // threads would not see the work directory's tmpfs.
    if (const std::size_t threads = thread_count(); threads != 1)
        return "the process has " + std::to_string(threads) + " threads: mounts cannot be made private";
    if (::unshare(CLONE_NEWNS) != 0) return refused(std::string("unshare(CLONE_NEWNS): ") + std::strerror(errno));
    // A new namespace keeps its mounts' peer groups: without this, a mount
    // made here would propagate back to the host's namespace. In a chroot
    // "/" is no mount point (EINVAL), and the mount that holds it lies
    // outside, where no path reaches: nothing here can be private.
    if (::mount(nullptr, "/", nullptr, MS_REC | MS_SLAVE, nullptr) != 0) {
        const int error = errno;
        return refused(std::string("mount --make-rslave /: ") + std::strerror(error) +
                       (error == EINVAL ? " (a chroot, whose root is no mount point?)" : ""));
    }
    g_private.store(true);
    return "";
}

std::string enter_private_mounts_of(pid_t process) {
    if (g_private.load()) return "this process's mounts are private already";
    if (const std::size_t threads = thread_count(); threads != 1)
        return "the process has " + std::to_string(threads) + " threads: it cannot enter a mount namespace";
    const std::string path = "/proc/" + std::to_string(process) + "/ns/mnt";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return path + ": " + std::strerror(errno);
    const int entered = ::setns(fd, CLONE_NEWNS);
    const int error = errno;
    ::close(fd);
    if (entered != 0) return std::string("setns: ") + std::strerror(error);
    g_private.store(true);
    return "";
}

bool mounts_are_private() {
    return g_private.load();
}

}  // namespace pygate::runner
