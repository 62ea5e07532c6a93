#pragma once
// How a server's worker process (a run's, a session's) learns to stop:
// SIGTERM, SIGINT and SIGHUP, and the server's death through the parent-death signal
// (SIGTERM too), become a byte on a pipe whose read end the runner watches
// as its cancel descriptor, so a stop kills the program's process group and
// removes its work directory instead of leaving them behind.

#include <sys/types.h>

namespace pygate::serve {

// Installs the handlers; returns the pipe's read end, or -1 when the pipe
// cannot be made or the worker's parent is no longer `parent` (the server
// died before the worker could ask to die with it).
int cancel_on_stop_signals(pid_t parent);

// A stop, as if SIGTERM had come (async-signal-safe).
void signal_stop() noexcept;

// SIGUSR1, a server's `cancel` of a session's step, becomes a byte on a
// pipe: returns its read end (-1 when the pipe cannot be made).
int interrupt_on_signal();

}  // namespace pygate::serve
