#include "runner/layers/signal_filter.hpp"

#include <sys/prctl.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "runner/child_probe.hpp"

using pygate::testing::ProbeResult;
using pygate::testing::run_in_child;

// The filter alone, without Landlock or another uid: what holds on a kernel
// without Landlock's signal scoping. Signal 0 only asks whether a signal
// would be delivered, so the probe harms nobody when the filter is missing.
TEST_CASE("the signal filter lets a program signal only itself", "[runner][signal_filter]") {
    const std::string script =
        "import os, signal, errno, threading\n"
        "def attempt(action):\n"
        "    try:\n"
        "        action(); return 'ok'\n"
        "    except OSError as e: return errno.errorcode[e.errno]\n"
        "me, parent = os.getpid(), os.getppid()\n"
        "print(attempt(lambda: os.kill(me, 0)), attempt(lambda: os.kill(0, 0)),\n"
        "      attempt(lambda: os.killpg(os.getpgid(0), 0)), attempt(lambda: os.kill(parent, 0)),\n"
        "      attempt(lambda: os.kill(-1, 0)), attempt(lambda: os.kill(1, 0)),\n"
        "      attempt(lambda: signal.pthread_kill(threading.get_ident(), 0)),\n"
        "      attempt(lambda: signal.pidfd_send_signal(os.pidfd_open(parent), 0)))\n";
    ProbeResult unfiltered =
        run_in_child([] { return ::setsid() < 0 ? errno : 0; }, {pygate::testing::k_python, "-c", script});
    REQUIRE(unfiltered.setup_error == 0);
    // Without the filter, the parent (the test, of the same uid) is reachable
    // (init is too when the test runs as root; as anyone else it is EPERM).
    CHECK(unfiltered.out.rfind("ok ok ok ok ok ", 0) == 0);

    ProbeResult filtered = run_in_child(
        [] {
            if (::setsid() < 0) return errno;
            if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
            return pygate::runner::apply_signal_filter(::getpid());
        },
        {pygate::testing::k_python, "-c", script});
    REQUIRE(filtered.setup_error == 0);
    CHECK(filtered.exit_code == 0);
    CHECK(filtered.out == "ok ok ok EPERM EPERM EPERM ok EPERM\n");
}
