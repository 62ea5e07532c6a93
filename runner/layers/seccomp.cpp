#include "runner/layers/seccomp.hpp"

#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "support/unique_fd.hpp"

namespace pygate::runner {
namespace {

// A comparison of a call's first argument. libseccomp's SCMP_A0 macro builds
// it as a C compound literal, which Clang refuses in C++ under -Werror.
scmp_arg_cmp first_argument(scmp_compare op, scmp_datum_t a, scmp_datum_t b = 0) {
    return scmp_arg_cmp{0, op, a, b};
}

constexpr const char* k_denied_calls[] = {
    "ptrace",          "mount",          "umount2",        "pivot_root",        "chroot",
    "unshare",         "setns",          "kexec_load",     "kexec_file_load",   "bpf",
    "perf_event_open", "keyctl",         "add_key",        "request_key",       "reboot",
    "swapon",          "swapoff",        "init_module",    "finit_module",      "delete_module",
    "personality",     "io_uring_setup", "io_uring_enter", "io_uring_register", "open_by_handle_at",
    "userfaultfd",
};

constexpr scmp_datum_t k_namespace_flags[] = {CLONE_NEWNS,  CLONE_NEWUSER, CLONE_NEWNET,   CLONE_NEWPID,
                                              CLONE_NEWIPC, CLONE_NEWUTS,  CLONE_NEWCGROUP};

using Context = std::unique_ptr<void, void (*)(scmp_filter_ctx)>;

std::string failure(const char* what, int rc) {
    return std::string(what) + ": " + std::strerror(-rc);
}

}  // namespace

SeccompProgram build_seccomp_program(const SeccompOptions& options) {
    SeccompProgram program;
    Context ctx(seccomp_init(SCMP_ACT_ALLOW), seccomp_release);
    if (!ctx) {
        program.error = "seccomp_init failed";
        return program;
    }
    int rc = 0;
    for (const char* name : k_denied_calls) {
        int call = seccomp_syscall_resolve_name(name);
        if (call == __NR_SCMP_ERROR) continue;  // not on this architecture
        if ((rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EPERM), call, 0)) != 0) {
            program.error = failure(name, rc);
            return program;
        }
    }
    for (scmp_datum_t flag : k_namespace_flags) {
        rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                              first_argument(SCMP_CMP_MASKED_EQ, flag, flag));
        if (rc != 0) {
            program.error = failure("clone namespace flags", rc);
            return program;
        }
    }
    rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    if (rc == 0 && options.deny_process_creation) {
        rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EAGAIN), SCMP_SYS(fork), 0);
        if (rc == 0) rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EAGAIN), SCMP_SYS(vfork), 0);
        // A thread is a clone with CLONE_THREAD; anything else is a new process.
        if (rc == 0)
            rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EAGAIN), SCMP_SYS(clone), 1,
                                  first_argument(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
    }
    if (rc == 0 && options.deny_inet_sockets)
        rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socket), 1, first_argument(SCMP_CMP_NE, AF_UNIX));
    if (rc != 0) {
        program.error = failure("seccomp_rule_add", rc);
        return program;
    }
    // libseccomp 2.5 exports BPF only to a descriptor: a memfd, read back.
    const support::UniqueFd fd(::memfd_create("pygate-seccomp", MFD_CLOEXEC));
    if (!fd.valid()) {
        program.error = std::string("memfd_create: ") + std::strerror(errno);
        return program;
    }
    rc = seccomp_export_bpf(ctx.get(), fd.get());
    off_t size = rc == 0 ? ::lseek(fd.get(), 0, SEEK_END) : -1;
    if (size <= 0 || size % static_cast<off_t>(sizeof(sock_filter)) != 0) {
        program.error = rc != 0 ? failure("seccomp_export_bpf", rc) : "seccomp_export_bpf: bad size";
        return program;
    }
    program.instructions.resize(static_cast<std::size_t>(size) / sizeof(sock_filter));
    ssize_t got = ::pread(fd.get(), program.instructions.data(), static_cast<std::size_t>(size), 0);
    if (got != size) {
        program.instructions.clear();
        program.error = "seccomp_export_bpf: short read";
    }
    return program;
}

int apply_seccomp(const SeccompProgram& program) noexcept {
    sock_fprog prog{static_cast<unsigned short>(program.instructions.size()),
                    const_cast<sock_filter*>(program.instructions.data())};
    return ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) == 0 ? 0 : errno;
}

}  // namespace pygate::runner
