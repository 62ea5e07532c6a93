#pragma once
// The `check` op: code or a file judged under a profile, on one of the
// server's check threads with that thread's parser. Returns the answer line.

#include <string>

#include "analyzer/syntax/parse.hpp"
#include "serve/profile_cache.hpp"
#include "serve/request_queue.hpp"

namespace pygate::serve {

std::string answer_check(const CheckJob& job, analyzer::Parser& parser, ProfileCache& profiles);

}  // namespace pygate::serve
