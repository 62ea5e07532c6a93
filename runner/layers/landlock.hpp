#pragma once
// Filesystem (and, from ABI 4, TCP; from ABI 6, signal and abstract-socket)
// confinement with Landlock, detected at run time. The ruleset is built in
// the parent before fork; the child only calls landlock_restrict_self.

#include <string>
#include <vector>

#include "support/unique_fd.hpp"

namespace pygate::runner {

// The Landlock ABI this kernel offers; 0 when it has none (or it is disabled).
int landlock_abi();

struct LandlockPaths {
    std::vector<std::string> read_exec;   // the interpreter's installation, system libraries
    std::vector<std::string> read;        // input/
    std::vector<std::string> read_write;  // output/, the work directory
    bool deny_tcp = true;                 // ABI 4+: no TCP bind or connect
};

struct LandlockRuleset {
    support::UniqueFd fd;  // none: Landlock unavailable; nothing to apply
    int abi = 0;
    bool tcp_denied = false;      // ABI 4+
    bool signals_scoped = false;  // ABI 6+: no signal to a process outside the sandbox
    std::string error;            // why there is no ruleset though the kernel has Landlock
};

// Paths that do not exist are skipped.
LandlockRuleset build_landlock_ruleset(const LandlockPaths& paths);

// In the child; needs PR_SET_NO_NEW_PRIVS first. Returns 0 or an errno.
int apply_landlock(int ruleset_fd) noexcept;

}  // namespace pygate::runner
