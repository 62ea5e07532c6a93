#pragma once
// The `run` op: the profile resolved and the limits checked here, then the
// job (serve/workers/worker_job) handed to a run worker process of its own, which
// gates and runs it under that very profile; its output events forwarded as
// they come, its answer returned. Runs on one of the server's run threads,
// which live as long as the server (the worker's parent-death signal follows
// the thread that started it).

#include <string>

#include "serve/answer_writer.hpp"
#include "serve/profile_cache.hpp"
#include "serve/request_queue.hpp"
#include "serve/template_pool.hpp"

namespace pygate::serve {

// The answer line; empty when the run was cancelled before its worker
// started (RequestQueue::complete answers it `cancelled`).
std::string answer_run(const RunJob& job, ProfileCache& profiles, RequestQueue& requests, AnswerWriter& out,
                       const std::string& python, TemplatePool& templates, bool skip_gate = false);

}  // namespace pygate::serve
