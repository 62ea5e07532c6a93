#include "analyzer/text/source_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fmt/format.h>

namespace pygate::analyzer {
namespace {

const char* file_kind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    return "not a regular file";
}

std::string too_large_message(std::size_t size) {
    return fmt::format("file is {} bytes, over pygate's analysis limit of {} bytes: refused unread",
                       size, k_max_source_bytes);
}

class FileDescriptor {
public:
    explicit FileDescriptor(int fd) : m_fd(fd) {}
    ~FileDescriptor() {
        if (m_fd >= 0) ::close(m_fd);
    }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

}  // namespace

ReadResult read_source_stream(int fd, std::size_t expected_size) {
    std::string bytes;
    bytes.reserve(expected_size + 1);
    char buffer[65536];
    for (;;) {
        ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR) continue;
            return ReadFailure{fmt::format("cannot read: {}", std::strerror(errno))};
        }
        if (n == 0) break;
        bytes.append(buffer, static_cast<std::size_t>(n));
        if (bytes.size() > k_max_source_bytes) return ReadFailure{too_large_message(bytes.size())};
    }
    return bytes;
}

ReadResult read_source_file(const std::string& path) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer.
    FileDescriptor file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (file.get() < 0) return ReadFailure{fmt::format("cannot open: {}", std::strerror(errno))};
    struct stat status{};
    if (::fstat(file.get(), &status) != 0) return ReadFailure{fmt::format("cannot stat: {}", std::strerror(errno))};
    if (!S_ISREG(status.st_mode)) return ReadFailure{fmt::format("cannot analyse {}", file_kind(status.st_mode))};
    auto size = static_cast<std::size_t>(status.st_size);
    if (size > k_max_source_bytes) return ReadFailure{too_large_message(size)};
    int flags = ::fcntl(file.get(), F_GETFL);
    if (flags >= 0) ::fcntl(file.get(), F_SETFL, flags & ~O_NONBLOCK);
    return read_source_stream(file.get(), size);
}

}  // namespace pygate::analyzer
