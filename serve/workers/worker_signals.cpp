#include "serve/workers/worker_signals.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace pygate::serve {
namespace {

int g_stop_write_end = -1;
int g_interrupt_write_end = -1;

void on_stop_signal(int) {
    signal_stop();
}

void on_interrupt_signal(int) {
    const char byte = 1;
    ssize_t ignored = ::write(g_interrupt_write_end, &byte, 1);
    (void)ignored;
}

}  // namespace

void signal_stop() noexcept {
    const char byte = 1;
    ssize_t ignored = ::write(g_stop_write_end, &byte, 1);
    (void)ignored;
}

int cancel_on_stop_signals(pid_t parent) {
    int stop_pipe[2];
    if (::pipe2(stop_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    g_stop_write_end = stop_pipe[1];
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    ::sigemptyset(&action.sa_mask);
    ::sigaction(SIGTERM, &action, nullptr);
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGHUP, &action, nullptr);  // a closed terminal (pygate repl's)
    ::signal(SIGPIPE, SIG_IGN);
    ::prctl(PR_SET_PDEATHSIG, SIGTERM, 0, 0, 0);
    if (::getppid() != parent) return -1;
    return stop_pipe[0];
}

int interrupt_on_signal() {
    int interrupt_pipe[2];
    if (::pipe2(interrupt_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    g_interrupt_write_end = interrupt_pipe[1];
    struct sigaction action {};
    action.sa_handler = on_interrupt_signal;
    ::sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGUSR1, &action, nullptr);
    return interrupt_pipe[0];
}

}  // namespace pygate::serve
