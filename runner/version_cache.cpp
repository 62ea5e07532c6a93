#include "runner/version_cache.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>
#include <string_view>

#include "runner/sha256.hpp"

namespace pygate::runner {
namespace {

constexpr std::string_view k_format = "pygate-python-version 1\n";

// "3.11.2", "3.13.0rc1", "3.12.1+": nothing that could break the line format
// or the receipt.
bool plausible_version(std::string_view version) {
    if (version.empty() || version.size() > 64) return false;
    for (char c : version) {
        const bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' ||
                        c == '+' || c == '-';
        if (!ok) return false;
    }
    return true;
}

std::string entry_path(const std::string& cache_dir, const std::string& identity) {
    return cache_dir + "/python-" + sha256_hex(identity).substr(0, 32);
}

bool make_private_dir(const std::string& path) {
    // Its parent ($HOME/.cache) may be missing too; one level is enough.
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (::mkdir(path.c_str(), 0700) == 0 || errno == EEXIST) return true;
        if (errno != ENOENT || attempt == 1) return false;
        const std::size_t slash = path.rfind('/');
        if (slash == 0 || slash == std::string::npos) return false;
        if (::mkdir(path.substr(0, slash).c_str(), 0700) != 0 && errno != EEXIST) return false;
    }
    return false;
}

}  // namespace

std::optional<std::string> interpreter_identity(const std::string& python, std::chrono::seconds settle) {
    char* resolved = ::realpath(python.c_str(), nullptr);
    if (resolved == nullptr) return std::nullopt;
    std::string real(resolved);
    ::free(resolved);
    int fd = ::open(real.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return std::nullopt;
    struct stat info {};
    char magic[2] = {};
    const bool regular = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
    const bool script = regular && ::read(fd, magic, 2) == 2 && magic[0] == '#' && magic[1] == '!';
    ::close(fd);
    // A script (a pyenv shim, a wrapper) may start another interpreter each
    // time, chosen by files or variables its stat does not show.
    if (!regular || script) return std::nullopt;
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    const auto age = std::chrono::seconds(now.tv_sec - info.st_ctim.tv_sec) +
                     std::chrono::nanoseconds(now.tv_nsec - info.st_ctim.tv_nsec);
    if (age < settle) return std::nullopt;
    std::string key = real;
    for (auto value : {static_cast<long long>(info.st_dev), static_cast<long long>(info.st_ino),
                       static_cast<long long>(info.st_size), static_cast<long long>(info.st_mtim.tv_sec),
                       static_cast<long long>(info.st_mtim.tv_nsec), static_cast<long long>(info.st_ctim.tv_sec),
                       static_cast<long long>(info.st_ctim.tv_nsec)})
        key += ' ' + std::to_string(value);
    // A path with a newline cannot be one line of the entry.
    if (key.find('\n') != std::string::npos) return std::nullopt;
    return key;
}

std::string default_version_cache_dir() {
    const char* xdg = ::getenv("XDG_CACHE_HOME");
    if (xdg != nullptr && xdg[0] == '/') return std::string(xdg) + "/pygate";
    const char* home = ::getenv("HOME");
    if (home != nullptr && home[0] == '/') return std::string(home) + "/.cache/pygate";
    return "";
}

std::optional<std::string> cached_python_version(const std::string& cache_dir, const std::string& identity) {
    if (cache_dir.empty()) return std::nullopt;
    const std::optional<std::string> read = read_cache_file(entry_path(cache_dir, identity), 4096);
    if (!read || read->empty()) return std::nullopt;
    // "pygate-python-version 1\n<identity>\n<version>\n"
    const std::string_view text(*read);
    const std::string expected_head = std::string(k_format) + identity + "\n";
    if (text.substr(0, expected_head.size()) != expected_head) return std::nullopt;
    std::string_view version = text.substr(expected_head.size());
    if (version.empty() || version.back() != '\n') return std::nullopt;
    version.remove_suffix(1);
    if (!plausible_version(version)) return std::nullopt;
    return std::string(version);
}

void store_python_version(const std::string& cache_dir, const std::string& identity, const std::string& version) {
    if (cache_dir.empty() || !plausible_version(version)) return;
    write_cache_file(cache_dir, entry_path(cache_dir, identity), std::string(k_format) + identity + "\n" + version + "\n");
}

std::optional<std::string> read_cache_file(const std::string& path, std::size_t limit) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return std::nullopt;
    struct stat info {};
    std::optional<std::string> text;
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_uid == ::geteuid() &&
        static_cast<std::size_t>(info.st_size) < limit) {
        std::string buffer(static_cast<std::size_t>(info.st_size) + 1, '\0');  // one more: a file that grew is seen
        ssize_t size = ::read(fd, buffer.data(), buffer.size());
        if (size >= 0 && static_cast<std::size_t>(size) <= static_cast<std::size_t>(info.st_size)) {
            buffer.resize(static_cast<std::size_t>(size));
            text = std::move(buffer);
        }
    }
    ::close(fd);
    return text;
}

void write_cache_file(const std::string& cache_dir, const std::string& path, const std::string& text) {
    if (cache_dir.empty() || !make_private_dir(cache_dir)) return;
    std::string temp = path + ".XXXXXX";
    int fd = ::mkostemp(temp.data(), O_CLOEXEC);
    if (fd < 0) return;
    const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    if (::close(fd) != 0 || !written || ::rename(temp.c_str(), path.c_str()) != 0) ::unlink(temp.c_str());
}

}  // namespace pygate::runner
