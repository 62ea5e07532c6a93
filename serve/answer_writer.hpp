#pragma once
// The server's answers to its client: whole lines on one descriptor, whatever
// thread writes them, and the knowledge that the client is gone (a write
// failed), after which nothing more can be answered.

#include <atomic>
#include <mutex>
#include <string_view>

namespace pygate::serve {

class AnswerWriter {
public:
    explicit AnswerWriter(int fd) : m_fd(fd) {}

    // One line, newline included, never interleaved with another's.
    void write(std::string_view line);
    bool broken() const { return m_broken; }

private:
    int m_fd;
    std::mutex m_mutex;
    std::atomic<bool> m_broken{false};
};

}  // namespace pygate::serve
