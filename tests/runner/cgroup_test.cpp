#include "runner/layers/cgroup.hpp"

#include <grp.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "runner/child_probe.hpp"
#include "support/run_process.hpp"

using namespace pygate::runner;
using pygate::testing::k_python;
using pygate::testing::run_in_child;
namespace fs = std::filesystem;

namespace {

constexpr std::int64_t k_mib = 1024 * 1024;

// Forks up to ten children that wait on a pipe; prints how many it got and
// why the next one failed.
const std::vector<std::string> k_fork_probe = {k_python, "-I", "-c",
                                               "import os\n"
                                               "r, w = os.pipe()\n"
                                               "children, failure = [], 'none'\n"
                                               "for _ in range(10):\n"
                                               "    try:\n"
                                               "        pid = os.fork()\n"
                                               "    except OSError as error:\n"
                                               "        failure = os.strerror(error.errno); break\n"
                                               "    if pid == 0:\n"
                                               "        os.close(w); os.read(r, 1); os._exit(0)\n"
                                               "    children.append(pid)\n"
                                               "print(len(children), failure, flush=True)\n"
                                               "os.close(w)\n"
                                               "for pid in children: os.waitpid(pid, 0)\n"};

// 256 MiB, every page written.
const std::vector<std::string> k_memory_probe = {k_python, "-I", "-c",
                                                 "block = b'x' * (256 * 1024 * 1024)\nprint('allocated')"};

// A cgroup for the test, or a warning that says why the machine has none.
bool make(Cgroup& cgroup, const CgroupLimits& limits) {
    cgroup = Cgroup::create(limits);
    if (!cgroup.active()) {
        WARN("SKIP: this machine gives no cgroup to this user (" << cgroup.error()
                                                                 << "); the cgroup layer is not tested here");
        return false;
    }
    return true;
}

bool holds(const std::string& dir, pid_t pid) {
    std::ifstream procs(dir + "/cgroup.procs");
    pid_t listed = 0;
    while (procs >> listed)
        if (listed == pid) return true;
    return false;
}

void check_removed(Cgroup& cgroup) {
    const std::vector<std::string> dirs = cgroup.directories();
    CHECK(!dirs.empty());
    CHECK(cgroup.remove());
    for (const std::string& dir : dirs)
        CHECK(!fs::exists(dir));
}

}  // namespace

TEST_CASE("the cgroup's pids.max bounds the tasks of the run", "[runner][cgroup]") {
    const auto without = run_in_child([] { return 0; }, k_fork_probe);
    CHECK(without.out == "10 none\n");
    Cgroup cgroup;
    if (!make(cgroup, {4, 256 * k_mib})) return;
    INFO("cgroup v" << cgroup.version() << " " << cgroup.directories().front());
    const auto with = run_in_child([&cgroup] { return join_cgroup(cgroup.join()); }, k_fork_probe);
    CHECK(with.setup_error == 0);
    // The interpreter is one task of the four.
    CHECK(with.out == "3 Resource temporarily unavailable\n");
    CHECK(with.exit_code == 0);
    check_removed(cgroup);
}

TEST_CASE("the cgroup's memory limit has the kernel kill the run", "[runner][cgroup]") {
    const auto without = run_in_child([] { return 0; }, k_memory_probe);
    CHECK(without.out == "allocated\n");
    CHECK(without.exit_code == 0);
    Cgroup cgroup;
    if (!make(cgroup, {64, 64 * k_mib})) return;
    CHECK(cgroup.oom_kills() == 0);
    const auto with = run_in_child([&cgroup] { return join_cgroup(cgroup.join()); }, k_memory_probe);
    CHECK(with.setup_error == 0);
    CHECK(with.out.empty());
    CHECK(with.exit_code == 128 + SIGKILL);
    CHECK(cgroup.oom_kills() == 1);
    check_removed(cgroup);
}

TEST_CASE("removing the cgroup kills what is left in it", "[runner][cgroup]") {
    Cgroup cgroup;
    if (!make(cgroup, {8, 64 * k_mib})) return;
    pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        if (join_cgroup(cgroup.join()) == 0) ::execl("/bin/sleep", "sleep", "60", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    // The loop ends as soon as the child joined; the minute is for a loaded machine.
    for (int i = 0; i < 12000 && !holds(cgroup.directories().front(), child); ++i)
        ::usleep(5000);
    REQUIRE(holds(cgroup.directories().front(), child));
    check_removed(cgroup);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGKILL);
}

TEST_CASE("a cgroup directory left by an earlier run does not stop the next", "[runner][cgroup]") {
    Cgroup first;
    if (!make(first, {8, 64 * k_mib})) return;
    // pygate-<pid>-<n>: the next runs would take n + 1, n + 2, ...
    const std::string taken = first.directories().front();
    const std::string prefix = taken.substr(0, taken.rfind('-') + 1);
    const int counter = std::stoi(taken.substr(prefix.size()));
    check_removed(first);
    std::vector<std::string> stale;
    for (int n = counter + 1; n <= counter + 3; ++n) {
        stale.push_back(prefix + std::to_string(n));
        REQUIRE(::mkdir(stale.back().c_str(), 0755) == 0);
    }
    Cgroup next = Cgroup::create({8, 64 * k_mib});
    CHECK(next.active());
    CHECK(next.error().empty());
    if (next.active()) CHECK(next.directories().front() == prefix + std::to_string(counter + 4));
    check_removed(next);
    for (const std::string& dir : stale)
        CHECK(::rmdir(dir.c_str()) == 0);
}

TEST_CASE("an unprivileged user gets no cgroup, says why, and leaves nothing", "[runner][cgroup]") {
    if (::geteuid() != 0) {
        Cgroup cgroup = Cgroup::create({8, 64 * k_mib});
        if (cgroup.active()) {
            WARN("SKIP: this user may create cgroups (a delegated subtree)");
            return;
        }
        CHECK(!cgroup.error().empty());
        CHECK(cgroup.directories().empty());
        return;
    }
    // Where root's cgroups go, so that a directory the child left would show.
    Cgroup probe;
    if (!make(probe, {8, 64 * k_mib})) return;
    std::vector<fs::path> parents;
    for (const std::string& dir : probe.directories())
        parents.push_back(fs::path(dir).parent_path());
    probe.remove();
    int report[2];
    REQUIRE(::pipe(report) == 0);
    pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        const unsigned nobody = pygate::testing::k_nobody_uid;
        char result = 'x';
        if (::setgroups(0, nullptr) == 0 && ::setresgid(nobody, nobody, nobody) == 0 &&
            ::setresuid(nobody, nobody, nobody) == 0) {
            Cgroup cgroup = Cgroup::create({8, 64 * k_mib});
            result =
                cgroup.active() ? 'a' : (cgroup.error().find("Permission denied") != std::string::npos ? 'p' : 'e');
        }
        ssize_t ignored = ::write(report[1], &result, 1);
        (void)ignored;
        ::_exit(0);
    }
    ::close(report[1]);
    char result = 0;
    CHECK(::read(report[0], &result, 1) == 1);
    ::close(report[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    // 'p': mkdir refused with EACCES; 'e': no cgroup hierarchy at all.
    CHECK((result == 'p' || result == 'e'));
    // Nothing named after the child is left.
    for (const fs::path& parent : parents)
        for (const auto& entry : fs::directory_iterator(parent))
            CHECK(entry.path().filename().string().rfind("pygate-" + std::to_string(child) + "-", 0) != 0);
}
