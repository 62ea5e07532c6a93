#pragma once
// A file descriptor with one owner: closed when the owner ends, so that no
// early return can leak it. Header only, so a folder may use it without
// linking anything of ours.

#include <unistd.h>

#include <cerrno>

namespace pygate::support {

class UniqueFd {
public:
    UniqueFd() = default;
    explicit UniqueFd(int fd) noexcept : m_fd(fd) {}
    UniqueFd(UniqueFd&& other) noexcept : m_fd(other.release()) {}
    UniqueFd& operator=(UniqueFd&& other) noexcept {
        if (this != &other) reset(other.release());
        return *this;
    }
    UniqueFd(const UniqueFd&) = delete;
    UniqueFd& operator=(const UniqueFd&) = delete;
    ~UniqueFd() { reset(); }

    // -1 when it owns none.
    int get() const noexcept { return m_fd; }
    bool valid() const noexcept { return m_fd >= 0; }

    // The caller owns the descriptor from here on.
    int release() noexcept {
        const int fd = m_fd;
        m_fd = -1;
        return fd;
    }

    // Closes the descriptor owned so far, and owns `fd`. errno is kept, so a
    // failure can be reported after the descriptors of the attempt closed.
    void reset(int fd = -1) noexcept {
        if (m_fd >= 0) {
            const int saved = errno;
            ::close(m_fd);
            errno = saved;
        }
        m_fd = fd;
    }

private:
    int m_fd = -1;
};

}  // namespace pygate::support
