#include "runner/layers/limits.hpp"

#include <catch2/catch.hpp>

#include "runner/child_probe.hpp"

using namespace pygate::runner;
using pygate::testing::k_python;
using pygate::testing::run_in_child;

namespace {

const ResourceLimit& find(const RlimitPlan& plan, int resource) {
    for (const auto& limit : plan.limits)
        if (limit.resource == resource) return limit;
    FAIL("no limit for resource " << resource);
    throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("the rlimit plan follows the limits", "[runner][limits]") {
    Limits limits;
    limits.cpu_seconds = 3;
    limits.memory_mb = 100;
    limits.file_size_mb = 2;
    limits.open_files = 20;
    limits.processes = 1;
    RlimitPlan plan = plan_rlimits(limits);
    CHECK(find(plan, RLIMIT_CPU).soft == 3);
    CHECK(find(plan, RLIMIT_CPU).hard == 4);  // soft < hard: SIGXCPU first
    CHECK(find(plan, RLIMIT_AS).soft == 100u * 1024 * 1024);
    CHECK(find(plan, RLIMIT_AS).hard == 100u * 1024 * 1024);
    CHECK(find(plan, RLIMIT_FSIZE).hard == 2u * 1024 * 1024);
    CHECK(find(plan, RLIMIT_NOFILE).soft == 20);
    CHECK(find(plan, RLIMIT_NPROC).hard == static_cast<rlim_t>(1 + k_thread_allowance));
    CHECK(find(plan, RLIMIT_CORE).hard == 0);
    CHECK(find(plan, RLIMIT_STACK).hard == static_cast<rlim_t>(k_stack_bytes));
}

TEST_CASE("the child runs under the planned rlimits", "[runner][limits]") {
    Limits limits;
    limits.cpu_seconds = 7;
    limits.memory_mb = 300;
    limits.file_size_mb = 5;
    limits.open_files = 33;
    const RlimitPlan plan = plan_rlimits(limits);
    auto probe = run_in_child([&plan] { return apply_rlimits(plan); },
                              {k_python, "-I", "-c",
                               "import resource as r\n"
                               "for n in ('CPU','AS','FSIZE','NOFILE','CORE'):\n"
                               "    print(n, *r.getrlimit(getattr(r, 'RLIMIT_' + n)))"});
    CHECK(probe.setup_error == 0);
    CHECK(probe.exit_code == 0);
    CHECK(probe.out == "CPU 7 8\nAS 314572800 314572800\nFSIZE 5242880 5242880\nNOFILE 33 33\nCORE 0 0\n");
}
