#pragma once
// No network: a new, empty network namespace (only a loopback that is down).
// root can make one directly; anyone else needs a user namespace around it,
// in which the child maps only its own uid and gid.

#include <sys/types.h>

namespace pygate::runner {

enum class NamespaceStep { none, unshare, setgroups, uid_map, gid_map };

struct NamespaceOutcome {
    NamespaceStep failed_step = NamespaceStep::none;
    int error = 0;  // errno of the failed step
};

// In the child. `uid` and `gid` are the child's own ids (getuid()/getgid()
// before the call); used only when a user namespace is needed.
NamespaceOutcome enter_network_namespace(bool as_root, uid_t uid, gid_t gid) noexcept;

}  // namespace pygate::runner
