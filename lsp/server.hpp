#pragma once
// `pygate lsp`: a Language Server Protocol server over stdio. The reading
// thread only reads, keeps the documents in sync and answers what needs no
// analysis (hover and code actions read the last judgement); the judging
// happens on a worker thread, newest version first, stale ones dropped, so a
// long analysis never delays reading; a workspace scan has a thread of its
// own. Every document is judged through judging/ as `pygate check` and
// `pygate kernel` judge (lsp/document_judging).

#include <cstddef>
#include <optional>
#include <string>

namespace pygate::lsp {

struct LspOptions {
    std::optional<std::string> profile;  // the command line's --profile
    bool isolated = false;               // read no pygate.toml / [tool.pygate]
    bool stdio = true;                   // the only transport (editors pass --stdio)
    std::size_t max_message = std::size_t{64} << 20;
};

enum class LspEnd {
    exit_after_shutdown,    // `exit` after `shutdown`: exit code 0
    exit_without_shutdown,  // `exit` alone, or the client went away first: exit code 1
};

// Serves until the client sends `exit`, its input ends, or the process that
// started it (initialize's processId) is gone. The library versions code is
// judged for are the process's (judging/target_libraries), set by the caller.
LspEnd serve_lsp(int in_fd, int out_fd, const LspOptions& options);

}  // namespace pygate::lsp
