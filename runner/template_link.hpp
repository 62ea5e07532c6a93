#pragma once
// The link between a warm run and its template (runner/template_driver.py):
// a SOCK_SEQPACKET socket carrying one JSON object a message, with
// descriptors (SCM_RIGHTS) alongside. The server opens one link per run and
// hands one end to the template with a `fork` request, the other to the
// run's worker, which then speaks with the forked child on it.

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/unique_fd.hpp"

namespace pygate::runner {

// At most this many descriptors ride along with one message.
inline constexpr std::size_t k_link_max_fds = 8;

struct LinkMessage {
    std::string text;
    std::vector<support::UniqueFd> fds;
};

enum class LinkRead { message, closed, timeout, failed };

// Both ends of a new link, close-on-exec. Invalid ends, with errno, on failure.
struct LinkPair {
    support::UniqueFd first;
    support::UniqueFd second;
};
LinkPair make_link();

// Sends `text` with copies of `fds`. Returns 0 or an errno.
int send_link_message(int link, std::string_view text, const std::vector<int>& fds = {});

// Waits up to `timeout_ms` (-1: for ever) for one message. The descriptors
// received are close-on-exec.
LinkRead receive_link_message(int link, int timeout_ms, LinkMessage& message);

// What the messages a run's worker reads mean. Each reads a message's text
// strictly: anything else (another message, a field of the wrong type, not
// JSON) is nullopt, which the worker takes for the child or template gone.
// {"pid": N}: the child forked for the run.
std::optional<pid_t> forked_child(std::string_view text);

// {"ready": true, "netns": B} or {"setup_failed": STEP, "errno": E}: the
// child's setup (runner/warm_layers.hpp); STEP is a step's id
// (child_steps.hpp) or another word for a step the child could not name.
// `netns`, when the run cuts the network: whether the child's network
// namespace is another than its worker's.
struct ChildSetup {
    bool ready = false;
    bool netns = false;
    std::string failed_step;  // when not ready
    int error = 0;
};
std::optional<ChildSetup> child_setup(std::string_view text);

// {"exited": STATUS, "user_ms": U, "sys_ms": S, "max_rss_kb": K}: the child's
// end, as the template reaped it.
struct ChildExit {
    int wait_status = 0;
    double user_ms = 0;
    double sys_ms = 0;
    long max_rss_kb = 0;
};
std::optional<ChildExit> child_exit(std::string_view text);

}  // namespace pygate::runner
