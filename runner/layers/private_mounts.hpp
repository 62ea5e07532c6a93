#pragma once
// The run's mounts (its work directory's tmpfs) in a mount namespace of the
// process's own, so that they end with it: whatever kills the process, even
// SIGKILL, the kernel unmounts them when its last process is gone, and the
// host's mount table never holds them.

#include <sys/types.h>

#include <string>

namespace pygate::runner {

// Moves this process into a new mount namespace whose mounts receive the
// host's but send none back (MS_SLAVE, recursively). Needs root (else an
// error, and mounts stay where they are made). Only while the process has
// one thread (else an error): the namespace is a thread's, and the threads
// that later read the work directory must share it. Once it succeeded, later
// calls do nothing; once the kernel refused (in a chroot, whose root is no
// mount point, `mount --make-rslave /` fails), later calls give the same
// reason, and no tmpfs is mounted (workdir.hpp).
// Returns an empty string, or why not.
std::string keep_mounts_private();

// Moves this process into the mount namespace of `process`, one that
// keep_mounts_private made there: a warm run's worker enters its template
// worker's, where the template's work directory, and so the run's, is
// mounted. The same conditions as keep_mounts_private; its mounts then end
// with that namespace. Returns an empty string, or why not.
std::string enter_private_mounts_of(pid_t process);

// Whether keep_mounts_private (or enter_private_mounts_of) has succeeded in this process.
bool mounts_are_private();

}  // namespace pygate::runner
