#pragma once
// A second system-call filter, for a program of one process: it may signal
// only itself. kill names its own pid, 0 or its own process group (the child
// is a session and group of its own); tkill, tgkill, rt_sigqueueinfo and
// rt_tgsigqueueinfo name its own pid; pidfd_send_signal is refused (a pidfd
// could name anyone). Everything else is EPERM, so the program can signal
// neither pygate nor any process of its uid, on any kernel: Landlock's signal
// scoping (ABI 6, Linux 6.12) does the same where the kernel has it. It is
// built in the child, which alone knows its pid, from async-signal-safe code.

#include <linux/filter.h>
#include <sys/types.h>

#include <array>
#include <cstddef>

namespace pygate::runner {

inline constexpr std::size_t k_signal_filter_length = 21;

// The filter for the process `self`, for a caller that installs it elsewhere
// (a warm run's child, forked from its template, gets it from its worker).
std::array<sock_filter, k_signal_filter_length> signal_filter_program(pid_t self) noexcept;

// In the child, after PR_SET_NO_NEW_PRIVS. Returns 0 or an errno.
int apply_signal_filter(pid_t self) noexcept;

}  // namespace pygate::runner
