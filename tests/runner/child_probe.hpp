#pragma once
// For the runner's layer tests: fork a real child, apply one layer in it,
// then exec a probe program and collect its output and exit code.

#include <functional>
#include <string>
#include <vector>

namespace pygate::testing {

struct ProbeResult {
    int setup_error = 0;  // the layer's errno, 0 when it applied
    int exit_code = -1;   // the probe's, or 128 + signal
    std::string out;
};

// `setup` runs in the child after fork (so it must only make async-signal-
// safe calls) and returns 0 or an errno; then argv[0] is executed with argv.
ProbeResult run_in_child(const std::function<int()>& setup, const std::vector<std::string>& argv);

// Whether the kernel lets a process make the runner's network namespace,
// asked with the bare system call in a forked child, apart from the runner:
// 0, or the errno of the refusal (a chroot, a container's seccomp profile or
// user.max_user_namespaces = 0 refuse a user namespace). The process is the
// test's own, or nobody when `as_nobody` (the test must be root); as root it
// needs unshare(CLONE_NEWNET) only, as anyone else a user namespace around it.
int network_namespace_refusal(bool as_nobody);

// The interpreter the runner uses by default.
inline constexpr const char* k_python = "/usr/bin/python3";

}  // namespace pygate::testing
