#pragma once
// Writes all of `bytes` to a descriptor, across short writes and signals.

#include <unistd.h>

#include <cerrno>
#include <string_view>

namespace pygate::support {

// False when the descriptor refuses (a closed pipe, a full disk): what was
// written before stays written.
inline bool write_all(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

}  // namespace pygate::support
