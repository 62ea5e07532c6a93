#pragma once
// The run's mounts (its work directory's tmpfs) in a mount namespace of the
// process's own, so that they end with it: whatever kills the process, even
// SIGKILL, the kernel unmounts them when its last process is gone, and the
// host's mount table never holds them.

#include <string>

namespace pygate::runner {

// Moves this process into a new mount namespace whose mounts receive the
// host's but send none back (MS_SLAVE, recursively). Needs root (else an
// error, and mounts stay where they are made). Only while the process has
// one thread (else an error): the namespace is a thread's, and the threads
// that later read the work directory must share it. Once it succeeded, later
// calls do nothing.
// Returns an empty string, or why not.
std::string keep_mounts_private();

// Whether keep_mounts_private has succeeded in this process.
bool mounts_are_private();

}  // namespace pygate::runner
