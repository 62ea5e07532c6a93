#pragma once
// A run of the server in a process of its own. The runner assumes one run
// per process (it reaps every child and adopts orphans as a subreaper), so
// the server starts `pygate serve-run-worker` for each run: the worker reads
// one job (serve/worker_job) on stdin, gates and runs it with gated_run()
// under the profile the job carries, and writes JSON lines on stdout: output events as they come, then one answer. SIGTERM
// cancels the run (its process group is killed, its work directory removed);
// the worker gets SIGTERM too when the server dies.

#include <sys/types.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "serve/protocol.hpp"

namespace pygate::serve {

// The worker's main: `pygate serve-run-worker --parent PID`.
int run_worker_main(pid_t parent);

// The server's side of one worker.
class RunWorker {
public:
    RunWorker() = default;
    RunWorker(const RunWorker&) = delete;
    RunWorker& operator=(const RunWorker&) = delete;
    ~RunWorker();

    // Starts the worker (`pygate COMMAND --parent PID`); false with `error`
    // set when it could not start.
    bool spawn(std::string& error, const char* command = "serve-run-worker");
    // Hands it its job and ends its input; false with `error` set when it could not.
    bool send(const std::string& job, std::string& error);
    // Writes to its input and keeps it open (a session's commands).
    bool write(std::string_view text);
    void close_input();
    pid_t pid() const { return m_pid; }
    int output_fd() const { return m_output; }
    // Reaps the worker; its wait status.
    int wait();

private:
    pid_t m_pid = -1;
    int m_output = -1;
    int m_job = -1;
};

}  // namespace pygate::serve
