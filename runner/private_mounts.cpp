#include "runner/private_mounts.hpp"

#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace pygate::runner {
namespace {

std::atomic<bool> g_private{false};

}  // namespace

std::string keep_mounts_private() {
    if (g_private.load()) return "";
    if (::geteuid() != 0) return "not root: mounts cannot be made private";
    if (::unshare(CLONE_NEWNS) != 0) return std::string("unshare(CLONE_NEWNS): ") + std::strerror(errno);
    // A new namespace keeps its mounts' peer groups: without this, a mount
    // made here would propagate back to the host's namespace.
    if (::mount(nullptr, "/", nullptr, MS_REC | MS_SLAVE, nullptr) != 0)
        return std::string("mount --make-rslave /: ") + std::strerror(errno);
    g_private.store(true);
    return "";
}

bool mounts_are_private() {
    return g_private.load();
}

}  // namespace pygate::runner
