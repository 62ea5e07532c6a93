#include "runner/layers/namespaces.hpp"

#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>

namespace pygate::runner {
namespace {

// "<id> <id> 1\n" without snprintf (not async-signal-safe).
std::size_t format_id_map(char* buffer, unsigned id) {
    char digits[16];
    std::size_t count = 0;
    do {
        digits[count++] = static_cast<char>('0' + id % 10);
        id /= 10;
    } while (id != 0);
    std::size_t length = 0;
    for (int copy = 0; copy < 2; ++copy) {
        for (std::size_t i = count; i > 0; --i)
            buffer[length++] = digits[i - 1];
        buffer[length++] = ' ';
    }
    buffer[length++] = '1';
    buffer[length++] = '\n';
    return length;
}

int write_file(const char* path, const char* text, std::size_t length) {
    int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    ssize_t written = ::write(fd, text, length);
    int error = written == static_cast<ssize_t>(length) ? 0 : (written < 0 ? errno : EIO);
    ::close(fd);
    return error;
}

}  // namespace

int pid_namespace_clone_flags(bool as_root) noexcept {
    return as_root ? CLONE_NEWPID : CLONE_NEWUSER | CLONE_NEWPID;
}

NamespaceOutcome map_own_ids(uid_t uid, gid_t gid) noexcept {
    // The same ids inside as outside: the program still runs as its own
    // non-zero uid, so exec drops the namespace's capabilities.
    char map[48];
    std::size_t length = format_id_map(map, uid);
    if (int error = write_file("/proc/self/setgroups", "deny\n", 5)) return {NamespaceStep::setgroups, error};
    if (int error = write_file("/proc/self/uid_map", map, length)) return {NamespaceStep::uid_map, error};
    length = format_id_map(map, gid);
    if (int error = write_file("/proc/self/gid_map", map, length)) return {NamespaceStep::gid_map, error};
    return {};
}

NamespaceOutcome enter_network_namespace(bool as_root, bool in_user_namespace, uid_t uid, gid_t gid) noexcept {
    if (as_root || in_user_namespace) {
        if (::unshare(CLONE_NEWNET) != 0) return {NamespaceStep::unshare, errno};
        return {};
    }
    if (::unshare(CLONE_NEWUSER | CLONE_NEWNET) != 0) return {NamespaceStep::unshare, errno};
    return map_own_ids(uid, gid);
}

}  // namespace pygate::runner
