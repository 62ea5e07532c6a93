#pragma once
// A session of the server in a process of its own (`pygate
// serve-session-worker`): one interpreter started by the runner with the
// session driver (runner/session_driver.py) as its main.py, alive until the
// session is closed, idle too long, or over a limit. The server sends it
// JSON lines on stdin (the job, serve/workers/worker_job, then `exec`, `files`,
// `close`) and reads its answers on stdout. Steps reach it already gated: it
// only runs them, in a sandbox built from the profile the job carries, the
// very one the server gates the steps with.

#include <sys/types.h>

namespace pygate::serve {

// The worker's main: `pygate serve-session-worker --parent PID`.
int session_worker_main(pid_t parent);

}  // namespace pygate::serve
