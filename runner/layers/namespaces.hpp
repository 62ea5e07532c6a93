#pragma once
// Namespaces the child is born into or enters.
//
// No network: a new, empty network namespace (only a loopback that is down).
// root can make one directly; anyone else needs a user namespace around it,
// in which the child maps only its own uid and gid.
//
// Nothing outlives the run: a run that may start processes is born into a
// PID namespace of its own, whose init is the program. When the program
// ends, however it ends (its parent-death signal when pygate is killed), the
// kernel kills every process left in the namespace: a process that left
// the program's session or was orphaned by a double fork included, and
// pygate's own death included. Unprivileged, the PID namespace needs a user
// namespace around it too, born with it, in which the child maps its ids.

#include <sys/types.h>

namespace pygate::runner {

enum class NamespaceStep { none, unshare, setgroups, uid_map, gid_map };

struct NamespaceOutcome {
    NamespaceStep failed_step = NamespaceStep::none;
    int error = 0;  // errno of the failed step
};

// The clone flags of a child born into its own PID namespace (and, without
// root, the user namespace that allows it).
int pid_namespace_clone_flags(bool as_root) noexcept;

// In a child born into a new user namespace: its own ids, `uid` and `gid` of
// the parent's namespace, mapped to themselves (nothing else is mapped).
NamespaceOutcome map_own_ids(uid_t uid, gid_t gid) noexcept;

// In the child. `uid` and `gid` are the child's own ids (the parent's
// getuid()/getgid()); used only when a user namespace is needed.
// `in_user_namespace`: the child was born into a user namespace of its own
// (pid_namespace_clone_flags), whose ids it mapped: the network namespace
// is made inside it.
NamespaceOutcome enter_network_namespace(bool as_root, bool in_user_namespace, uid_t uid, gid_t gid) noexcept;

}  // namespace pygate::runner
