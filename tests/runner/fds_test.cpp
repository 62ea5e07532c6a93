#include "runner/layers/fds.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "runner/child_probe.hpp"

using namespace pygate::runner;
using pygate::testing::run_in_child;

namespace {

// The descriptors a program finds open: /proc/self/fd as seen by Python,
// minus the one listdir itself opens.
const char* k_list_fds =
    "import os\n"
    "fds = sorted(int(f) for f in os.listdir('/proc/self/fd'))\n"
    "print(' '.join(str(f) for f in fds[:-1]))";

}  // namespace

TEST_CASE("only stdin, stdout and stderr survive exec", "[runner][fds]") {
    // A descriptor inherited without close-on-exec, as a careless parent leaves it.
    int leaked = ::open("/dev/null", O_RDONLY);
    REQUIRE(leaked > 2);
    auto without = run_in_child([] { return 0; }, {pygate::testing::k_python, "-I", "-c", k_list_fds});
    auto with =
        run_in_child([] { return close_other_fds_on_exec(); }, {pygate::testing::k_python, "-I", "-c", k_list_fds});
    ::close(leaked);
    CHECK(without.out.find(std::to_string(leaked)) != std::string::npos);  // the test can fail
    CHECK(with.setup_error == 0);
    CHECK(with.out == "0 1 2\n");
}

TEST_CASE("redirect_stdio puts the given descriptors on 0, 1 and 2", "[runner][fds]") {
    int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    REQUIRE(null_fd > 2);
    // stdout stays the probe's pipe (descriptor 1 onto itself); stdin becomes /dev/null.
    auto probe = run_in_child([null_fd] { return redirect_stdio(null_fd, 1, 2); },
                              {pygate::testing::k_python, "-I", "-c",
                               "import os, sys; print(os.readlink('/proc/self/fd/0'), repr(sys.stdin.read()))"});
    ::close(null_fd);
    CHECK(probe.setup_error == 0);
    CHECK(probe.out == "/dev/null ''\n");
}
