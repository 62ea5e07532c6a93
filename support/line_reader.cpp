#include "support/line_reader.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

namespace pygate::support {

bool LineReader::fill() {
    if (m_start > 0) {
        m_buffer.erase(0, m_start);
        m_start = 0;
    }
    for (;;) {
        pollfd fds[2] = {{m_fd, POLLIN, 0}, {m_wake_fd, POLLIN, 0}};
        int ready = ::poll(fds, m_wake_fd >= 0 ? 2 : 1, -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        if (m_wake_fd >= 0 && fds[1].revents != 0) {
            m_woken = true;
            return true;
        }
        char chunk[65536];
        ssize_t n = ::read(m_fd, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) return false;
        m_buffer.append(chunk, static_cast<std::size_t>(n));
        return true;
    }
}

bool LineReader::has_buffered_line() const {
    return !m_skipping && m_buffer.find('\n', m_start) != std::string::npos;
}

LineReader::Next LineReader::next(std::string& line) {
    for (;;) {
        if (m_woken) {
            m_woken = false;
            return Next::woken;
        }
        const std::size_t newline = m_buffer.find('\n', m_start);
        if (m_skipping) {
            if (newline != std::string::npos) {
                m_start = newline + 1;
                m_skipping = false;
                continue;
            }
            m_buffer.clear();
            m_start = 0;
        } else if (newline != std::string::npos) {
            if (newline - m_start > m_max_line) {
                m_start = newline + 1;
                return Next::too_long;
            }
            line.assign(m_buffer, m_start, newline - m_start);
            m_start = newline + 1;
            return Next::line;
        } else if (m_buffer.size() - m_start > m_max_line) {
            m_skipping = true;
            m_buffer.clear();
            m_start = 0;
            return Next::too_long;
        }
        if (m_at_end || !fill()) {
            m_at_end = true;
            if (m_skipping || m_start >= m_buffer.size()) return Next::end;
            line.assign(m_buffer, m_start, std::string::npos);
            m_buffer.clear();
            m_start = 0;
            return Next::line;
        }
    }
}

}  // namespace pygate::support
