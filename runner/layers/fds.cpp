#include "runner/layers/fds.hpp"

#include <fcntl.h>
#include <linux/close_range.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

namespace pygate::runner {

int redirect_stdio(int stdin_fd, int stdout_fd, int stderr_fd) noexcept {
    const int sources[3] = {stdin_fd, stdout_fd, stderr_fd};
    for (int target = 0; target < 3; ++target) {
        if (sources[target] == target) {
            // dup2 onto itself keeps close-on-exec: clear it.
            if (::fcntl(target, F_SETFD, 0) != 0) return errno;
        } else if (::dup2(sources[target], target) < 0) {
            return errno;
        }
    }
    return 0;
}

int close_other_fds_on_exec() noexcept {
    if (::syscall(SYS_close_range, 3u, ~0u, CLOSE_RANGE_CLOEXEC) == 0) return 0;
    // Kernels before 5.11: every possible descriptor, one at a time.
    rlimit files{};
    if (::getrlimit(RLIMIT_NOFILE, &files) != 0) return errno;
    const rlim_t last = files.rlim_cur == RLIM_INFINITY ? 65536 : files.rlim_cur;
    for (rlim_t fd = 3; fd < last; ++fd) {
        if (::fcntl(static_cast<int>(fd), F_SETFD, FD_CLOEXEC) != 0 && errno != EBADF) return errno;
    }
    return 0;
}

}  // namespace pygate::runner
