#include "runner/child_steps.hpp"

namespace pygate::runner {

const char* step_name(ChildStep step) {
    switch (step) {
        case ChildStep::session:
            return "setsid";
        case ChildStep::parent_death:
            return "parent-death signal";
        case ChildStep::user_namespace:
            return "mapping its ids in its user namespace";
        case ChildStep::cgroup:
            return "joining the cgroup";
        case ChildStep::stdio:
            return "standard streams";
        case ChildStep::close_fds:
            return "closing inherited descriptors";
        case ChildStep::workdir:
            return "entering the work directory";
        case ChildStep::network:
            return "network namespace";
        case ChildStep::rlimits:
            return "resource limits";
        case ChildStep::no_new_privs:
            return "PR_SET_NO_NEW_PRIVS";
        case ChildStep::landlock:
            return "Landlock";
        case ChildStep::drop_user:
            return "dropping to the unprivileged user";
        case ChildStep::seccomp:
            return "seccomp filter";
        case ChildStep::signal_filter:
            return "signal filter";
        case ChildStep::exec:
            return "exec of the interpreter";
    }
    return "?";
}

const char* step_id(ChildStep step) {
    switch (step) {
        case ChildStep::session:
            return "session";
        case ChildStep::parent_death:
            return "parent_death";
        case ChildStep::user_namespace:
            return "user_namespace";
        case ChildStep::cgroup:
            return "cgroup";
        case ChildStep::stdio:
            return "stdio";
        case ChildStep::close_fds:
            return "close_fds";
        case ChildStep::workdir:
            return "workdir";
        case ChildStep::network:
            return "network";
        case ChildStep::rlimits:
            return "rlimits";
        case ChildStep::no_new_privs:
            return "no_new_privs";
        case ChildStep::landlock:
            return "landlock";
        case ChildStep::drop_user:
            return "drop_user";
        case ChildStep::seccomp:
            return "seccomp";
        case ChildStep::signal_filter:
            return "signal_filter";
        case ChildStep::exec:
            return "exec";
    }
    return "?";
}

std::optional<ChildStep> step_of_id(std::string_view id) {
    for (ChildStep step : k_child_steps)
        if (id == step_id(step)) return step;
    return std::nullopt;
}

}  // namespace pygate::runner
