#include "serve/workers/worker_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "support/write_all.hpp"

extern char** environ;

namespace pygate::serve {

using support::write_all;

namespace {

const char* worker_name(WorkerKind kind) {
    switch (kind) {
        case WorkerKind::run:
            return "run worker";
        case WorkerKind::session:
            return "session worker";
        case WorkerKind::template_process:
            return "template worker";
    }
    return "worker";
}

}  // namespace

const char* worker_subcommand(WorkerKind kind) {
    switch (kind) {
        case WorkerKind::run:
            return "serve-run-worker";
        case WorkerKind::session:
            return "serve-session-worker";
        case WorkerKind::template_process:
            return "serve-template-worker";
    }
    return "";
}

WorkerProcess::~WorkerProcess() {
    if (m_input >= 0) ::close(m_input);
    if (m_output >= 0) ::close(m_output);
    if (m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        wait();
    }
}

bool WorkerProcess::start(WorkerKind kind, std::string& error, int link) {
    int input_pipe[2], output_pipe[2];
    if (::pipe2(input_pipe, O_CLOEXEC) != 0) {
        error = std::string("cannot create a pipe: ") + std::strerror(errno);
        return false;
    }
    if (::pipe2(output_pipe, O_CLOEXEC) != 0) {
        error = std::string("cannot create a pipe: ") + std::strerror(errno);
        ::close(input_pipe[0]);
        ::close(input_pipe[1]);
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, input_pipe[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, output_pipe[1], STDOUT_FILENO);
    if (link >= 0) posix_spawn_file_actions_adddup2(&actions, link, k_worker_link_fd);
    // The server blocks the signals it reads through a signalfd; the worker
    // starts with none blocked and the default actions.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, defaults;
    ::sigemptyset(&none);
    ::sigemptyset(&defaults);
    for (int signal : {SIGTERM, SIGINT, SIGPIPE, SIGCHLD})
        ::sigaddset(&defaults, signal);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    const std::string parent = std::to_string(::getpid());
    const char* argv[] = {"pygate", worker_subcommand(kind), "--parent", parent.c_str(), nullptr};
    const int spawned = ::posix_spawn(&m_pid, "/proc/self/exe", &actions, &attributes, const_cast<char**>(argv),
                                      environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(input_pipe[0]);
    ::close(output_pipe[1]);
    if (spawned != 0) {
        m_pid = -1;
        ::close(input_pipe[1]);
        ::close(output_pipe[0]);
        error = std::string("cannot start the ") + worker_name(kind) + ": " + std::strerror(spawned);
        return false;
    }
    m_output = output_pipe[0];
    m_input = input_pipe[1];
    return true;
}

bool WorkerProcess::send(const std::string& job, std::string& error) {
    // The worker reads the whole job before it writes anything: no deadlock.
    const bool sent = write_all(m_input, job);
    if (!sent) error = std::string("cannot hand the job to its worker: ") + std::strerror(errno);
    ::close(m_input);
    m_input = -1;
    return sent;
}

bool WorkerProcess::write(std::string_view text) {
    return m_input >= 0 && write_all(m_input, text);
}

void WorkerProcess::close_input() {
    if (m_input >= 0) ::close(m_input);
    m_input = -1;
}

int WorkerProcess::wait() {
    int status = 0;
    if (m_pid > 0) {
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
        }
        m_pid = -1;
    }
    return status;
}

}  // namespace pygate::serve
