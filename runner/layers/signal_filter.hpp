#pragma once
// A second system-call filter, for a program of one process: it may signal
// only itself. kill names its own pid, 0 or its own process group (the child
// is a session and group of its own); tkill, tgkill, rt_sigqueueinfo and
// rt_tgsigqueueinfo name its own pid; pidfd_send_signal is refused (a pidfd
// could name anyone). Everything else is EPERM, so the program can signal
// neither pygate nor any process of its uid, on any kernel: Landlock's signal
// scoping (ABI 6, Linux 6.12) does the same where the kernel has it. It is
// built in the child, which alone knows its pid, from async-signal-safe code.

#include <sys/types.h>

namespace pygate::runner {

// In the child, after PR_SET_NO_NEW_PRIVS. Returns 0 or an errno.
int apply_signal_filter(pid_t self) noexcept;

}  // namespace pygate::runner
