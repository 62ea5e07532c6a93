#pragma once
// A fuzz input read as a server reads its requests: cut into lines by the
// bounded LineReader, from a memory file, so over-long lines (over
// `max_line`) are exercised as they are on a pipe.

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "support/line_reader.hpp"

namespace pygate::fuzz {

// Calls `visit(line)` for each whole line within the bound; lines over it are
// skipped, as the server answers them with an error of its own.
template <class Visit>
void for_each_line(const std::uint8_t* data, std::size_t size, std::size_t max_line, Visit&& visit) {
    int fd = ::memfd_create("fuzz-lines", MFD_CLOEXEC);
    if (fd < 0) return;
    if (size > 0 && ::write(fd, data, size) != static_cast<ssize_t>(size)) {
        ::close(fd);
        return;
    }
    ::lseek(fd, 0, SEEK_SET);
    support::LineReader reader(fd, max_line);
    std::string line;
    for (;;) {
        support::LineReader::Next next = reader.next(line);
        if (next == support::LineReader::Next::end) break;
        if (next == support::LineReader::Next::line) visit(line);
    }
    ::close(fd);
}

}  // namespace pygate::fuzz
