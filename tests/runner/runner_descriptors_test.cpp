// runner::run under a descriptor limit lowered so that each of its opens,
// pipes and copies fails in turn: whichever fails, every descriptor it had
// opened is closed and its work directory (and its tmpfs) is gone.
#include <sys/resource.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "runner/runner.hpp"
#include "support/run_process.hpp"

using namespace pygate::runner;
using pygate::testing::TempDir;
namespace fs = std::filesystem;

namespace {

std::set<int> open_descriptors() {
    std::set<int> fds;
    for (const auto& entry : fs::directory_iterator("/proc/self/fd"))
        fds.insert(std::stoi(entry.path().filename().string()));
    return fds;  // the listing's own descriptor is closed by now
}

// The lowest descriptor a new open would get.
int first_free_descriptor() {
    const std::set<int> fds = open_descriptors();
    int fd = 0;
    while (fds.count(fd) != 0)
        ++fd;
    return fd;
}

std::size_t entries_of(const std::string& dir) {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir))
        ++count;
    return count;
}

// Mount points under `dir` in this process's mount table.
std::size_t mounts_under(const std::string& dir) {
    std::ifstream mountinfo("/proc/self/mountinfo");
    std::size_t count = 0;
    std::string line;
    while (std::getline(mountinfo, line)) {
        std::istringstream fields(line);
        std::string id, parent, device, root, point;
        if (fields >> id >> parent >> device >> root >> point && point.rfind(dir + "/", 0) == 0) ++count;
    }
    return count;
}

// The run's work directory goes under a $TMPDIR of the test's own (every
// user may enter it: as root the program runs as nobody).
class TmpdirOverride {
public:
    TmpdirOverride() {
        fs::permissions(m_dir.path(), fs::perms(01777));
        if (const char* old = std::getenv("TMPDIR")) m_old = old;
        ::setenv("TMPDIR", m_dir.path().c_str(), 1);
    }
    ~TmpdirOverride() {
        if (m_old.empty())
            ::unsetenv("TMPDIR");
        else
            ::setenv("TMPDIR", m_old.c_str(), 1);
    }
    const std::string& path() const { return m_dir.path(); }

private:
    TempDir m_dir;
    std::string m_old;
};

struct Attempt {
    bool ran = false;  // a result came back (else a request error)
    Status status = Status::internal_error;
    std::string error;
};

Attempt run_with_descriptor_limit(const RunRequest& request, rlim_t limit) {
    rlimit saved{};
    REQUIRE(::getrlimit(RLIMIT_NOFILE, &saved) == 0);
    rlimit lowered = saved;
    lowered.rlim_cur = limit;
    REQUIRE(::setrlimit(RLIMIT_NOFILE, &lowered) == 0);
    auto outcome = run(request);
    REQUIRE(::setrlimit(RLIMIT_NOFILE, &saved) == 0);
    Attempt attempt;
    if (auto* result = std::get_if<RunResult>(&outcome)) {
        attempt.ran = true;
        attempt.status = result->status;
        attempt.error = result->error;
    } else {
        attempt.error = std::get<RunRequestError>(outcome).message;
    }
    return attempt;
}

// Raises the limit one descriptor at a time from none free until the run
// succeeds; after every attempt the descriptors and $TMPDIR are as before.
// Returns the distinct failures seen on the way.
std::set<std::string> exhaust_step_by_step(RunRequest request, const TmpdirOverride& tmpdir) {
    const std::set<int> before = open_descriptors();
    const int first_free = first_free_descriptor();
    std::set<std::string> failures;
    bool succeeded = false;
    for (int extra = 0; extra <= 200 && !succeeded; ++extra) {
        const Attempt attempt = run_with_descriptor_limit(request, static_cast<rlim_t>(first_free + extra));
        INFO("limit " << first_free + extra << ": " << (attempt.ran ? status_name(attempt.status) : "request error")
                      << " " << attempt.error);
        CHECK(open_descriptors() == before);
        CHECK(mounts_under(tmpdir.path()) == 0);
        CHECK(entries_of(tmpdir.path()) == 0);
        succeeded = attempt.ran && attempt.status == Status::ok;
        if (!succeeded) failures.insert(attempt.error.empty() ? status_name(attempt.status) : attempt.error);
    }
    CHECK(succeeded);
    return failures;
}

}  // namespace

TEST_CASE("runner::run closes every descriptor when each open or pipe fails in turn", "[runner][descriptors]") {
    TmpdirOverride tmpdir;
    RunRequest request;
    request.code = "import sys\nprint(sys.stdin.read(), open('input/data.txt').read())\n";
    request.stdin_data = "from stdin";
    request.input_files = {{"data.txt", "an input"}};
    request.limits.wall_seconds = 20;
    const std::set<std::string> failures = exhaust_step_by_step(request, tmpdir);
    // The limit did stop the run at several different steps, so the checks
    // above saw more than one way out.
    INFO(failures.size() << " distinct failures");
    CHECK(failures.size() >= 3);
}

TEST_CASE("runner::run closes its copies of the passed descriptors when it cannot make them", "[runner][descriptors]") {
    TmpdirOverride tmpdir;
    int ends[2];
    REQUIRE(::pipe(ends) == 0);
    RunRequest request;
    request.code = "import os\nos.write(3, b'x')\n";
    request.pass_fds = {ends[1]};
    request.limits.wall_seconds = 20;
    const std::set<std::string> failures = exhaust_step_by_step(request, tmpdir);
    ::close(ends[0]);
    ::close(ends[1]);
    bool refused_the_copies = false;
    for (const std::string& failure : failures)
        refused_the_copies |= failure.rfind("cannot hand descriptors to the program: ", 0) == 0;
    CHECK(refused_the_copies);
}
