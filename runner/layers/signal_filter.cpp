#include "runner/layers/signal_filter.hpp"

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>

namespace pygate::runner {
namespace {

#if defined(__x86_64__)
constexpr std::uint32_t k_native_arch = AUDIT_ARCH_X86_64;
constexpr std::uint32_t k_x32_bit = 0x40000000;  // x32 system calls on x86-64: refused
#elif defined(__aarch64__)
constexpr std::uint32_t k_native_arch = AUDIT_ARCH_AARCH64;
constexpr std::uint32_t k_x32_bit = 0;
#else
#error "pygate's signal filter knows x86-64 and aarch64"
#endif

constexpr std::uint32_t k_allow = SECCOMP_RET_ALLOW;
constexpr std::uint32_t k_deny = SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA);
// A pid_t is an int: the kernel reads the low 32 bits of the register.
constexpr std::uint32_t k_first_argument = offsetof(seccomp_data, args[0]) + (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? 4 : 0);

constexpr sock_filter statement(std::uint16_t code, std::uint32_t k) {
    return sock_filter{code, 0, 0, k};
}
constexpr sock_filter jump_if_equal(std::uint32_t k, std::uint8_t if_true, std::uint8_t if_false) {
    return sock_filter{BPF_JMP | BPF_JEQ | BPF_K, if_true, if_false, k};
}

}  // namespace

std::array<sock_filter, k_signal_filter_length> signal_filter_program(pid_t self) noexcept {
    const auto own = static_cast<std::uint32_t>(self);
    const auto own_group = static_cast<std::uint32_t>(-self);
    // Jumps count the instructions skipped; the numbers are the positions.
    return {{
        /* 0 */ statement(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
        /* 1 */ jump_if_equal(k_native_arch, 1, 0),
        /* 2 */ statement(BPF_RET | BPF_K, k_allow),  // another architecture: the main filter kills it
        /* 3 */ statement(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
        /* 4 */ sock_filter{BPF_JMP | BPF_JSET | BPF_K, 14, 0, k_x32_bit},  // -> 19
        /* 5 */ jump_if_equal(SYS_kill, 6, 0),                              // -> 12
        /* 6 */ jump_if_equal(SYS_tkill, 10, 0),                            // -> 17
        /* 7 */ jump_if_equal(SYS_tgkill, 9, 0),                            // -> 17
        /* 8 */ jump_if_equal(SYS_rt_sigqueueinfo, 8, 0),                   // -> 17
        /* 9 */ jump_if_equal(SYS_rt_tgsigqueueinfo, 7, 0),                 // -> 17
        /* 10 */ jump_if_equal(SYS_pidfd_send_signal, 8, 0),                // -> 19
        /* 11 */ statement(BPF_RET | BPF_K, k_allow),
        // kill(pid, sig): itself, its process group (0 or -pid).
        /* 12 */ statement(BPF_LD | BPF_W | BPF_ABS, k_first_argument),
        /* 13 */ jump_if_equal(own, 6, 0),        // -> 20
        /* 14 */ jump_if_equal(0, 5, 0),          // -> 20
        /* 15 */ jump_if_equal(own_group, 4, 0),  // -> 20
        /* 16 */ statement(BPF_RET | BPF_K, k_deny),
        // The others name a thread group or thread: its own.
        /* 17 */ statement(BPF_LD | BPF_W | BPF_ABS, k_first_argument),
        /* 18 */ jump_if_equal(own, 1, 0),  // -> 20
        /* 19 */ statement(BPF_RET | BPF_K, k_deny),
        /* 20 */ statement(BPF_RET | BPF_K, k_allow),
    }};
}

int apply_signal_filter(pid_t self) noexcept {
    const std::array<sock_filter, k_signal_filter_length> program = signal_filter_program(self);
    sock_fprog filter{static_cast<unsigned short>(program.size()), const_cast<sock_filter*>(program.data())};
    return ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter, 0, 0) == 0 ? 0 : errno;
}

}  // namespace pygate::runner
