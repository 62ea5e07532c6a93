#pragma once
// The server's side of one worker process, a run's or a session's: started
// as `pygate serve-run-worker` or `pygate serve-session-worker` (this same
// executable, --parent the server), handed its job on its input, read on its
// output, reaped. The runner holds only with one run per process, so each
// run and each session gets a process of its own (ARCHITECTURE.md).

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace pygate::serve {

enum class WorkerKind { run, session, template_process };

// A warm run's worker and a template's worker find their link to the
// template (runner/template_link.hpp) here.
inline constexpr int k_worker_link_fd = 3;

// The hidden subcommand that is each kind's main.
const char* worker_subcommand(WorkerKind kind);

// A worker's answer is one line holding its output: far over any request line.
inline constexpr std::size_t k_max_worker_line = std::size_t{1} << 30;

class WorkerProcess {
public:
    WorkerProcess() = default;
    WorkerProcess(const WorkerProcess&) = delete;
    WorkerProcess& operator=(const WorkerProcess&) = delete;
    ~WorkerProcess();

    // Starts the worker, with `link` (when not -1) as its k_worker_link_fd;
    // false with `error` set when it could not start.
    bool start(WorkerKind kind, std::string& error, int link = -1);
    // Hands it its whole input and ends it (a run's job); false with `error`
    // set when it could not.
    bool send(const std::string& job, std::string& error);
    // Writes to its input and keeps it open (a session's job, then its commands).
    bool write(std::string_view text);
    void close_input();
    pid_t pid() const { return m_pid; }
    int output_fd() const { return m_output; }
    // Reaps the worker; its wait status.
    int wait();

private:
    pid_t m_pid = -1;
    int m_output = -1;
    int m_input = -1;
};

}  // namespace pygate::serve
