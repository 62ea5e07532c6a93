#pragma once
// What a warm run's child is handed: the steps of child_steps.hpp, in their
// order, each with the data it applies, built by the runner from the same
// layers as a cold child's plan (runner.cpp's build_sandbox). The template's
// driver (runner/template_driver.py) interprets them one by one and spells
// none of them itself; a step it does not know fails its setup, and the run
// starts cold, saying which.
//
// The encoding is one JSON object, {"steps": [{"step": ID, ...}, ...]},
// sent on the run's link with the descriptors the steps name by index
// (stdin, stdout, stderr, then the Landlock ruleset).

#include <linux/filter.h>
#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "runner/layers/limits.hpp"

namespace pygate::runner {

struct WarmLayers {
    // Never for a warm run: a template's children cannot be born into a PID
    // namespace (its seccomp filter refuses namespaces). Set, the step is
    // handed anyway, and fails.
    bool user_namespace = false;
    bool cgroup = false;  // the worker moved the child into the run's cgroup
    std::string workdir;
    bool cut_network = false;
    // The run's worker's network namespace (its inode): the child's must be
    // another, the one its template was started in.
    std::uint64_t host_network_namespace = 0;
    RlimitPlan rlimits;
    bool landlock = false;   // the ruleset is the fourth descriptor handed
    bool drop_user = false;  // started as root: the child must be uid/gid, no groups
    uid_t uid = 0;
    gid_t gid = 0;
    std::vector<sock_filter> seccomp;
    std::vector<sock_filter> signal_filter;  // empty: none (the run may start processes)
    std::vector<std::string> environment;    // NAME=value
    std::vector<std::string> argv;           // sys.argv
};

std::string encode_warm_layers(const WarmLayers& layers);

}  // namespace pygate::runner
