#include "runner/layers/landlock.hpp"

#include <sys/prctl.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "runner/child_probe.hpp"
#include "support/run_process.hpp"

using namespace pygate::runner;
using pygate::testing::run_in_child;
using pygate::testing::TempDir;

TEST_CASE("Landlock confines reads and writes to the given paths", "[runner][landlock]") {
    if (landlock_abi() == 0) {
        WARN("SKIP: this kernel has no Landlock; the runner reports landlock_abi 0");
        return;
    }
    TempDir allowed, denied;
    allowed.file("ok.txt", "visible");
    std::string secret = denied.file("secret.txt", "hidden");
    LandlockPaths paths;
    paths.read_exec = {"/usr", "/lib", "/lib64", "/bin", "/etc/ld.so.cache"};
    paths.read_write = {allowed.path(), "/dev/null"};
    LandlockRuleset ruleset = build_landlock_ruleset(paths);
    REQUIRE(ruleset.fd.valid());
    CHECK(ruleset.abi == landlock_abi());
    const std::string script =
        "import sys\n"
        "def attempt(path, mode):\n"
        "    try:\n"
        "        open(path, mode).close(); return 'yes'\n"
        "    except OSError: return 'no'\n"
        "print(attempt(sys.argv[1] + '/ok.txt', 'r'), attempt(sys.argv[1] + '/new.txt', 'w'),\n"
        "      attempt(sys.argv[2], 'r'), attempt(sys.argv[3] + '/new.txt', 'w'), attempt('/etc/hostname', 'r'))";
    const std::vector<std::string> argv = {
        pygate::testing::k_python, "-I", "-c", script, allowed.path(), secret, denied.path()};
    // Without the layer everything is reachable, so each "no" below can fail.
    CHECK(run_in_child([] { return 0; }, argv).out == "yes yes yes yes yes\n");
    const int fd = ruleset.fd.get();
    auto confined = run_in_child(
        [fd] {
            if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
            return apply_landlock(fd);
        },
        argv);
    ruleset.fd.reset();
    CHECK(confined.setup_error == 0);
    CHECK(confined.out == "yes yes no no no\n");
}

TEST_CASE("Landlock from ABI 6 scopes signals to the sandbox", "[runner][landlock]") {
    if (landlock_abi() < 6) {
        WARN("SKIP: Landlock ABI " << landlock_abi() << " cannot scope signals");
        return;
    }
    LandlockPaths paths;
    paths.read_exec = {"/usr", "/lib", "/lib64", "/etc/ld.so.cache"};
    LandlockRuleset ruleset = build_landlock_ruleset(paths);
    REQUIRE(ruleset.fd.valid());
    CHECK(ruleset.signals_scoped);
    const int fd = ruleset.fd.get();
    const std::string parent = std::to_string(::getpid());
    // Signal 0 only asks whether a signal may be sent.
    const std::vector<std::string> argv = {pygate::testing::k_python, "-I", "-c",
                                           "import os, sys\ntry:\n    os.kill(int(sys.argv[1]), 0); print('sent')\n"
                                           "except PermissionError: print('denied')",
                                           parent};
    CHECK(run_in_child([] { return 0; }, argv).out == "sent\n");
    auto scoped = run_in_child(
        [fd] {
            if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
            return apply_landlock(fd);
        },
        argv);
    ruleset.fd.reset();
    CHECK(scoped.out == "denied\n");
}
