#pragma once
// The steps a run's child takes before any of the run's code executes, in
// the one order every child takes them: a cold child (runner.cpp's
// child_main, in C++, before exec) and a warm child (forked from its
// template, in runner/template_driver.py, from the data of
// runner/warm_layers). Each has a name its setup reports when it fails, and
// an id a warm child is handed it by.
//
// A new layer is a step here: both children then meet it (child_main's and
// encode_warm_layers' switches have no default, so neither compiles without
// it), and a template whose driver does not know it fails the step: the run
// starts cold, saying which.

#include <cstdint>
#include <optional>
#include <string_view>

namespace pygate::runner {

enum class ChildStep : std::uint8_t {
    session,         // its own session and process group
    parent_death,    // dies with its parent
    user_namespace,  // unprivileged, in a PID namespace: its ids mapped
    cgroup,          // in the run's cgroup
    stdio,           // its standard streams
    close_fds,       // no other descriptor survives into the program
    workdir,         // the work directory is its cwd
    network,         // an empty network namespace
    rlimits,         // the run's resource limits
    no_new_privs,    // PR_SET_NO_NEW_PRIVS
    landlock,        // the run's Landlock ruleset
    drop_user,       // root becomes the unprivileged uid, no groups
    seccomp,         // the run's seccomp filter
    signal_filter,   // one process: it may signal only itself
    exec,            // the program: the interpreter, or main.py in a warm child
};

inline constexpr ChildStep k_child_steps[] = {
    ChildStep::session, ChildStep::parent_death,  ChildStep::user_namespace, ChildStep::cgroup,
    ChildStep::stdio,   ChildStep::close_fds,     ChildStep::workdir,        ChildStep::network,
    ChildStep::rlimits, ChildStep::no_new_privs,  ChildStep::landlock,       ChildStep::drop_user,
    ChildStep::seccomp, ChildStep::signal_filter, ChildStep::exec,
};

// "setsid", "Landlock": what a failed setup says.
const char* step_name(ChildStep step);
// "session", "landlock": the step's id in a warm child's setup.
const char* step_id(ChildStep step);
std::optional<ChildStep> step_of_id(std::string_view id);

}  // namespace pygate::runner
