#include "runner/layers/landlock.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <utility>

namespace pygate::runner {
namespace {

// The kernel's UAPI, spelled out so older headers still build.
#ifndef SYS_landlock_create_ruleset
constexpr long SYS_landlock_create_ruleset = 444;
constexpr long SYS_landlock_add_rule = 445;
constexpr long SYS_landlock_restrict_self = 446;
#endif
constexpr std::uint32_t k_create_ruleset_version = 1u << 0;
constexpr int k_rule_path_beneath = 1;

struct RulesetAttr {
    std::uint64_t handled_access_fs;
    std::uint64_t handled_access_net;
    std::uint64_t scoped;
};

struct __attribute__((packed)) PathBeneathAttr {
    std::uint64_t allowed_access;
    std::int32_t parent_fd;
};

constexpr std::uint64_t k_fs_execute = 1ull << 0;
constexpr std::uint64_t k_fs_write_file = 1ull << 1;
constexpr std::uint64_t k_fs_read_file = 1ull << 2;
constexpr std::uint64_t k_fs_read_dir = 1ull << 3;
constexpr std::uint64_t k_fs_abi1 = (1ull << 13) - 1;  // execute .. make_sym
constexpr std::uint64_t k_fs_refer = 1ull << 13;       // ABI 2
constexpr std::uint64_t k_fs_truncate = 1ull << 14;    // ABI 3
constexpr std::uint64_t k_fs_ioctl_dev = 1ull << 15;   // ABI 5
constexpr std::uint64_t k_net_bind_tcp = 1ull << 0;    // ABI 4
constexpr std::uint64_t k_net_connect_tcp = 1ull << 1;
constexpr std::uint64_t k_scope_abstract_unix = 1ull << 0;  // ABI 6
constexpr std::uint64_t k_scope_signal = 1ull << 1;

// Rights that make sense on a file (as opposed to a directory).
constexpr std::uint64_t k_file_rights =
    k_fs_execute | k_fs_write_file | k_fs_read_file | k_fs_truncate | k_fs_ioctl_dev;

std::uint64_t handled_fs(int abi) {
    std::uint64_t rights = k_fs_abi1;
    if (abi >= 2) rights |= k_fs_refer;
    if (abi >= 3) rights |= k_fs_truncate;
    if (abi >= 5) rights |= k_fs_ioctl_dev;
    return rights;
}

// Adds one path; missing paths are skipped. Returns an errno, 0 on success.
int add_path(int ruleset, const std::string& path, std::uint64_t rights, std::uint64_t handled) {
    const support::UniqueFd fd(::open(path.c_str(), O_PATH | O_CLOEXEC));
    if (!fd.valid()) return errno == ENOENT ? 0 : errno;
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0) return errno;
    rights &= handled;
    if (!S_ISDIR(info.st_mode)) rights &= k_file_rights;
    PathBeneathAttr rule{rights, fd.get()};
    return ::syscall(SYS_landlock_add_rule, ruleset, k_rule_path_beneath, &rule, 0) == 0 ? 0 : errno;
}

}  // namespace

int landlock_abi() {
    long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, k_create_ruleset_version);
    return abi < 0 ? 0 : static_cast<int>(abi);
}

LandlockRuleset build_landlock_ruleset(const LandlockPaths& paths) {
    LandlockRuleset result;
    result.abi = landlock_abi();
    if (result.abi <= 0) return result;
    const std::uint64_t fs = handled_fs(result.abi);
    RulesetAttr attr{fs, 0, 0};
    std::size_t size = sizeof(std::uint64_t);
    if (result.abi >= 4) {
        size = 2 * sizeof(std::uint64_t);
        // Handled with no rule: every TCP bind and connect is denied.
        if (paths.deny_tcp) attr.handled_access_net = k_net_bind_tcp | k_net_connect_tcp;
    }
    if (result.abi >= 6) {
        size = sizeof(RulesetAttr);
        attr.scoped = k_scope_abstract_unix | k_scope_signal;
    }
    support::UniqueFd ruleset(static_cast<int>(::syscall(SYS_landlock_create_ruleset, &attr, size, 0)));
    if (!ruleset.valid()) {
        result.error = std::string("landlock_create_ruleset: ") + std::strerror(errno);
        return result;
    }
    const std::uint64_t read = k_fs_read_file | k_fs_read_dir;
    struct Group {
        const std::vector<std::string>* paths;
        std::uint64_t rights;
    };
    for (const Group& group :
         {Group{&paths.read_exec, read | k_fs_execute}, Group{&paths.read, read}, Group{&paths.read_write, fs}}) {
        for (const std::string& path : *group.paths) {
            if (int error = add_path(ruleset.get(), path, group.rights, fs)) {
                result.error = "landlock_add_rule " + path + ": " + std::strerror(error);
                return result;
            }
        }
    }
    result.fd = std::move(ruleset);
    result.tcp_denied = attr.handled_access_net != 0;
    result.signals_scoped = (attr.scoped & k_scope_signal) != 0;
    return result;
}

int apply_landlock(int ruleset_fd) noexcept {
    return ::syscall(SYS_landlock_restrict_self, ruleset_fd, 0) == 0 ? 0 : errno;
}

}  // namespace pygate::runner
