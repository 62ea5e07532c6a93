#pragma once
// Reading a file's bytes without surprises: only regular files, never
// blocking on a FIFO or device, and never reading more than pygate analyses.

#include <cstddef>
#include <string>
#include <variant>

namespace pygate::analyzer {

// Files above this size are refused unread: analysing them would cost more
// memory and time than a gate in front of an interpreter may spend.
inline constexpr std::size_t k_max_source_bytes = 10 * 1024 * 1024;

struct ReadFailure {
    std::string message;  // says what went wrong, e.g. "not a regular file (a FIFO)"
};

using ReadResult = std::variant<std::string, ReadFailure>;

ReadResult read_source_file(const std::string& path);

// Reads a stream (standard input, say) up to the same limit.
ReadResult read_source_stream(int fd, std::size_t expected_size = 0);

}  // namespace pygate::analyzer
