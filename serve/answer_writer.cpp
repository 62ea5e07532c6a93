#include "serve/answer_writer.hpp"

#include <unistd.h>

#include <cerrno>

namespace pygate::serve {

void AnswerWriter::write(std::string_view line) {
    std::lock_guard lock(m_mutex);
    while (!line.empty() && !m_broken) {
        ssize_t n = ::write(m_fd, line.data(), line.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            m_broken = true;  // the client is gone: nothing more can be answered
            break;
        }
        line.remove_prefix(static_cast<std::size_t>(n));
    }
}

}  // namespace pygate::serve
