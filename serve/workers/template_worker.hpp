#pragma once
// A warm-run template in a process of its own (`pygate
// serve-template-worker`): the runner starts the template driver
// (runner/template_driver.py) as a template run (RunRequest::template_process)
// in this process's own mount namespace, where the template's work directory
// and, inside it, each warm run's are mounted. The server hands it the job
// (serve/workers/worker_job, kind `template`) on stdin and its end of the
// template's link (runner/template_link.hpp) as descriptor 3, which the
// template inherits; the worker answers one line, `started` with the
// template's work directory and its own pid (whose mount namespace a warm
// run's worker enters), then `ended` when the template is gone. The input
// closed, SIGTERM, or the server's death ends the template.

#include <sys/types.h>

namespace pygate::serve {

// The worker's main: `pygate serve-template-worker --parent PID`.
int template_worker_main(pid_t parent);

}  // namespace pygate::serve
