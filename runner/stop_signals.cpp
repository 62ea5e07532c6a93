#include "runner/stop_signals.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>

namespace pygate::runner {
namespace {

constexpr std::array<int, 3> k_stop_signals = {SIGTERM, SIGHUP, SIGINT};

volatile std::sig_atomic_t g_received = 0;
int g_write_end = -1;

void on_stop_signal(int signal) {
    if (g_received == 0) g_received = signal;
    const char byte = 1;
    ssize_t ignored = ::write(g_write_end, &byte, 1);  // non-blocking: a full pipe is readable already
    (void)ignored;
}

}  // namespace

StopSignals::StopSignals() {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) return;
    m_read.reset(ends[0]);
    m_write.reset(ends[1]);
    g_received = 0;
    g_write_end = m_write.get();
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    // The run goes on to its tidy end: its reads and waits are restarted,
    // and it sees the stop through the pipe.
    action.sa_flags = SA_RESTART;
    ::sigemptyset(&action.sa_mask);
    for (std::size_t i = 0; i < k_stop_signals.size(); ++i) {
        ::sigaction(k_stop_signals[i], nullptr, &m_old[i]);
        // An ignored signal stays ignored: nohup's SIGHUP, a background
        // job's SIGINT.
        if (m_old[i].sa_handler != SIG_IGN) ::sigaction(k_stop_signals[i], &action, nullptr);
    }
    m_installed = true;
}

StopSignals::~StopSignals() {
    if (!m_installed) return;
    for (std::size_t i = 0; i < k_stop_signals.size(); ++i)
        ::sigaction(k_stop_signals[i], &m_old[i], nullptr);
    g_write_end = -1;
}

int StopSignals::received() const {
    return g_received;
}

}  // namespace pygate::runner
