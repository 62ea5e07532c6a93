#pragma once
// File descriptors in the child: the three standard streams, nothing else
// survives exec.

namespace pygate::runner {

// In the child: stdin, stdout and stderr become these descriptors. Returns 0
// or an errno.
int redirect_stdio(int stdin_fd, int stdout_fd, int stderr_fd) noexcept;

// In the child: every descriptor from 3 up is marked close-on-exec, so the
// setup can still use its own (the error pipe, the Landlock ruleset) and exec
// closes them all. Returns 0 or an errno.
int close_other_fds_on_exec() noexcept;

}  // namespace pygate::runner
