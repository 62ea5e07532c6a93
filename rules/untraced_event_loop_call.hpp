#pragma once
// Event loops start processes and reach the network through methods whose
// names no other standard object has: subprocess_shell, create_connection,
// getaddrinfo, sock_connect. A loop can come from anywhere (a parameter, a
// task's or a future's get_loop(), a policy, a subclass), more ways than the
// resolver's factories know. So in a file that imports asyncio, such a method
// called on a value pygate cannot trace is taken for the loop's: the one place
// where a method is matched by its name alone, and it fails closed.

#include "analyzer/rule_hooks.hpp"
#include "rules/name_table.hpp"

namespace pygate::rules {

// Reports `site` when it calls, on a value the resolver could not trace, a
// method that `table` names for `asyncio.AbstractEventLoop`, in a file that
// imports asyncio. Returns whether it did.
bool report_untraced_event_loop_call(const analyzer::CallSite& site, analyzer::RuleContext& context,
                                     analyzer::RuleNumber rule, const NameTable& table);

}  // namespace pygate::rules
