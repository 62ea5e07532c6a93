#pragma once
// A run of the server in a process of its own. The runner assumes one run
// per process (it reaps every child and adopts orphans as a subreaper), so
// the server starts `pygate serve-run-worker` (serve/workers/worker_process) for
// each run: the worker reads one job (serve/workers/worker_job) on stdin, gates and
// runs it with gated_run() under the profile the job carries, and writes
// JSON lines on stdout: output events as they come, then one answer. SIGTERM
// cancels the run (its process group is killed, its work directory removed);
// the worker gets SIGTERM too when the server dies.

#include <sys/types.h>

namespace pygate::serve {

// The worker's main: `pygate serve-run-worker --parent PID`.
int run_worker_main(pid_t parent);

}  // namespace pygate::serve
