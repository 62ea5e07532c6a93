#pragma once
// Reads lines from a descriptor with a bound on their length: a line longer
// than the bound is reported once and its rest discarded up to the next
// newline, so one huge line neither fills memory nor stops the reading.

#include <cstddef>
#include <string>

namespace pygate::support {

class LineReader {
public:
    // `wake_fd`: when readable, next() returns `woken` (a signal's descriptor,
    // say); -1: none.
    LineReader(int fd, std::size_t max_line, int wake_fd = -1) : m_fd(fd), m_wake_fd(wake_fd), m_max_line(max_line) {}

    enum class Next {
        line,      // `line` holds it, without its newline (a final line without one counts)
        too_long,  // a line over max_line; its bytes are being skipped
        woken,     // wake_fd became readable
        end,       // end of input (or a read error)
    };
    Next next(std::string& line);

    // True when a whole line is already read and waiting: next() returns it
    // without reading the descriptor, so a caller that polls the descriptor
    // first must ask this first.
    bool has_buffered_line() const;

private:
    bool fill();  // reads more into m_buffer; false at the end
    int m_fd;
    int m_wake_fd;
    std::size_t m_max_line;
    std::string m_buffer;
    std::size_t m_start = 0;     // where the unread part of m_buffer begins
    bool m_skipping = false;     // discarding the rest of a line over the bound
    bool m_at_end = false;
    bool m_woken = false;
};

}  // namespace pygate::support
