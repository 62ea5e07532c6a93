#pragma once
// The system-call filter (libseccomp), compiled to BPF in the parent before
// fork; the child installs it with one prctl, after PR_SET_NO_NEW_PRIVS.

#include <linux/filter.h>

#include <string>
#include <vector>

namespace pygate::runner {

struct SeccompOptions {
    bool deny_process_creation = true;  // fork, vfork, clone without CLONE_THREAD: EAGAIN
    bool deny_inet_sockets = true;      // socket() for every family but AF_UNIX: EPERM
};

struct SeccompProgram {
    std::vector<sock_filter> instructions;  // empty: building failed, see `error`
    std::string error;
};

// Denied with EPERM whatever the options: ptrace, mount, umount2, pivot_root,
// chroot, unshare, setns, kexec_load, kexec_file_load, bpf, perf_event_open,
// keyctl, add_key, request_key, reboot, swapon, swapoff, init_module,
// finit_module, delete_module, personality, the io_uring calls (they would
// bypass this filter), and clone with any namespace flag. clone3 gets ENOSYS
// (its flags cannot be inspected), so libc falls back to clone. Any other
// architecture's system calls (32-bit x86 on x86-64) kill the process.
SeccompProgram build_seccomp_program(const SeccompOptions& options);

// In the child. Returns 0 or an errno.
int apply_seccomp(const SeccompProgram& program) noexcept;

}  // namespace pygate::runner
