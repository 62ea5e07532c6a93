#include "runner/layers/seccomp.hpp"

#include <sys/prctl.h>

#include <catch2/catch.hpp>

#include "runner/child_probe.hpp"

using namespace pygate::runner;
using pygate::testing::ProbeResult;
using pygate::testing::run_in_child;

namespace {

// Each attempt prints ok or the errno name.
const std::string k_script =
    "import errno, os, socket, threading, ctypes\n"
    "def attempt(action):\n"
    "    try:\n"
    "        action(); return 'ok'\n"
    "    except OSError as e: return errno.errorcode[e.errno]\n"
    "def fork():\n"
    "    pid = os.fork()\n"
    "    if pid == 0: os._exit(0)\n"
    "    os.waitpid(pid, 0)\n"
    "def thread():\n"
    "    t = threading.Thread(target=lambda: None); t.start(); t.join()\n"
    "libc = ctypes.CDLL(None, use_errno=True)\n"
    "def unshare():\n"
    "    if libc.unshare(0x40000000) != 0: raise OSError(ctypes.get_errno(), 'unshare')\n"
    "def ptrace():\n"
    "    if libc.ptrace(0, 0, None, None) != 0: raise OSError(ctypes.get_errno(), 'ptrace')\n"
    "print(attempt(lambda: socket.socket(socket.AF_INET).close()), attempt(lambda: "
    "socket.socket(socket.AF_UNIX).close()),\n"
    "      attempt(fork), attempt(thread), attempt(unshare), attempt(ptrace))";

ProbeResult filtered(const SeccompProgram& program) {
    return run_in_child(
        [&program] {
            if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
            return apply_seccomp(program);
        },
        {pygate::testing::k_python, "-I", "-c", k_script});
}

}  // namespace

TEST_CASE("the seccomp filter denies the listed calls and nothing a plain program needs", "[runner][seccomp]") {
    const SeccompProgram program = build_seccomp_program({});
    REQUIRE(program.error.empty());
    REQUIRE(!program.instructions.empty());
    // Unfiltered, each attempt below succeeds (unshare of a network namespace
    // needs root, so it reads EPERM here only when the test is unprivileged).
    auto plain = run_in_child([] { return 0; }, {pygate::testing::k_python, "-I", "-c", k_script});
    CHECK(plain.out.rfind("ok ok ok ok ", 0) == 0);
    auto probe = filtered(program);
    CHECK(probe.setup_error == 0);
    CHECK(probe.out == "EPERM ok EAGAIN ok EPERM EPERM\n");
}

TEST_CASE("the filter's options keep sockets and processes when asked", "[runner][seccomp]") {
    SeccompOptions options;
    options.deny_inet_sockets = false;
    options.deny_process_creation = false;
    const SeccompProgram program = build_seccomp_program(options);
    REQUIRE(program.error.empty());
    auto probe = filtered(program);
    CHECK(probe.out == "ok ok ok ok EPERM EPERM\n");
}
