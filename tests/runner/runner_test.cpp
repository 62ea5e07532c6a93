// The attacks of RUNNER.md, each a real program under tests/runner/attacks/,
// run by the built pygate binary with the gate skipped, so that the runner's
// layers alone must hold. Every attack runs with pygate started as root and
// as nobody (when the test is root), each in its own $TMPDIR, so that a
// process or file left behind by the run can be found.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "runner/child_probe.hpp"
#include "support/run_process.hpp"

using namespace pygate::testing;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const std::string k_attacks = std::string(PYGATE_SOURCE_DIR) + "/tests/runner/attacks/";

// safe_eval with room for four processes, to show what holds once seccomp
// lets fork through.
const char* k_four_processes =
    "name = \"four_processes\"\n"
    "extends = \"safe_eval\"\n"
    "description = \"safe_eval with limits.processes = 4\"\n"
    "[limits]\n"
    "processes = 4\n";

struct Scenario {
    bool unprivileged = false;  // pygate itself runs as nobody
};

// A directory every user may write into, like /tmp.
class SharedDir : public TempDir {
public:
    SharedDir() { fs::permissions(path(), fs::perms(01777)); }
};

struct Attack {
    ProcessResult process;
    json result;
};

// The run's cgroups (pygate-<pid>-<n>) are made under pygate's own, which
// are this test's: v1's pids and memory, or v2's.
std::set<std::string> pygate_cgroups() {
    std::set<std::string> found;
    std::ifstream self("/proc/self/cgroup");
    std::string line;
    while (std::getline(self, line)) {
        const std::size_t first = line.find(':');
        const std::size_t second = line.find(':', first + 1);
        if (second == std::string::npos) continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        std::string dir = "/sys/fs/cgroup";
        if (controllers == "pids" || controllers == "memory")
            dir += "/" + controllers;
        else if (!controllers.empty())
            continue;
        dir += line.substr(second + 1);
        std::error_code ec;
        for (fs::directory_iterator entry(dir, ec), end; !ec && entry != end; entry.increment(ec))
            if (entry->path().filename().string().rfind("pygate-", 0) == 0) found.insert(entry->path().string());
    }
    return found;
}

Attack run_attack(const Scenario& scenario, const std::string& tmpdir, const std::string& program,
                  const std::vector<std::string>& options) {
    std::vector<std::string> argv;
    if (scenario.unprivileged)
        argv = {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env"};
    else
        argv = {"/usr/bin/env"};
    argv.insert(argv.end(), {"TMPDIR=" + tmpdir, PYGATE_BINARY, "run", "--unsafe-skip-gate", "--format", "json"});
    argv.insert(argv.end(), options.begin(), options.end());
    argv.push_back(program);
    const std::set<std::string> cgroups_before = pygate_cgroups();
    Attack attack;
    attack.process = run_process(argv);
    INFO("stderr: " << attack.process.err);
    // pygate removed the run's cgroup. Only this pygate's are looked at
    // (setpriv and env exec, so its pid is the process's): other runs on the
    // machine make and remove theirs meanwhile.
    const std::string own = "/pygate-" + std::to_string(attack.process.pid) + "-";
    for (const std::string& cgroup : pygate_cgroups())
        CHECK((cgroups_before.count(cgroup) == 1 || cgroup.find(own) == std::string::npos));
    attack.result = json::parse(attack.process.out);
    return attack;
}

// Processes of a run: their cwd, or HOME, lies in the run's $TMPDIR, or
// their argv carries the marker the escaping attack gives its survivor.
std::vector<pid_t> processes_of_run(const std::string& tmpdir) {
    std::vector<pid_t> found;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::error_code ec;
        std::string cwd = fs::read_symlink(entry.path() / "cwd", ec).string();
        std::ifstream cmdline(entry.path() / "cmdline", std::ios::binary);
        std::string args((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
        std::ifstream environ(entry.path() / "environ", std::ios::binary);
        std::string env((std::istreambuf_iterator<char>(environ)), std::istreambuf_iterator<char>());
        if ((!ec && cwd.rfind(tmpdir, 0) == 0) || args.find("pygate-escapee") != std::string::npos ||
            env.find("HOME=" + tmpdir) != std::string::npos)
            found.push_back(std::stoi(name));
    }
    return found;
}

void check_nothing_left(const std::string& tmpdir) {
    CHECK(processes_of_run(tmpdir).empty());
    // The work directory is gone, and nothing was written beside it.
    CHECK(fs::is_empty(tmpdir));
}

bool skip_unprivileged(bool unprivileged) {
    if (unprivileged && ::geteuid() != 0) {
        WARN("SKIP: pygate as nobody needs the test to run as root (to switch to nobody)");
        return true;
    }
    return false;
}

// A file every user may read, outside any work directory.
std::string readable_file(const TempDir& dir, const std::string& name, const std::string& bytes) {
    dir.open_to_everyone();
    std::string path = dir.file(name, bytes);
    fs::permissions(path, fs::perms(0644));
    return path;
}

std::string status_of(const Attack& attack) {
    return attack.result.value("status", std::string("?"));
}

// The run's network namespace held; or the kernel refuses it to the user pygate
// ran as (asked apart from the runner) and the result says so, with the
// kernel's reason. Either way the caller checks that the attack was contained.
void check_network_namespace(const json& isolation, bool unprivileged) {
    const int refusal = network_namespace_refusal(unprivileged && ::geteuid() == 0);
    if (refusal == 0) {
        CHECK(isolation["netns"] == true);
        CHECK(!isolation.contains("netns_error"));
        return;
    }
    CHECK(isolation["netns"] == false);
    CHECK(isolation.value("netns_error", std::string()) == std::string("unshare: ") + std::strerror(refusal));
    WARN("UNTESTED here: the network namespace" << (unprivileged ? " as nobody" : "") << " (the kernel refuses it: "
                                                << std::strerror(refusal) << "); the other layers held");
}

// A profile that only raises the wall clock far above what any attack needs,
// so that a loaded machine's slowness ends no run that a limit should end.
const char* k_patient =
    "name = \"patient\"\n"
    "extends = \"safe_eval\"\n"
    "description = \"safe_eval with a wall clock of two minutes\"\n"
    "[limits]\n"
    "wall_seconds = 120\n";

}  // namespace

TEST_CASE("attack: fork bomb", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    SECTION("processes = 1: seccomp refuses every fork") {
        Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "fork_bomb.py", {"--timeout", "5"});
        CHECK(status_of(attack) == "exit_nonzero");
        CHECK(attack.result["exit_code"] == 3);
        CHECK(attack.result["stdout"] == "fork refused: 11\n");
        CHECK(attack.result["isolation"]["process_filter"] == true);
        // One process needs no cgroup: seccomp and RLIMIT_AS bound it exactly.
        CHECK(attack.result["isolation"]["cgroup"] == false);
        CHECK(attack.result["isolation"]["cgroup_error"].get<std::string>().rfind("not needed: one process", 0) == 0);
        CHECK(attack.process.exit_code == 5);
    }
    SECTION("processes = 4: RLIMIT_NPROC as nobody, then every process is killed") {
        TempDir profiles;
        std::string profile = readable_file(profiles, "four.toml", k_four_processes);
        Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "fork_bomb.py",
                                   {"--profile", profile, "--timeout", "5"});
        CHECK(attack.result["isolation"]["process_filter"] == false);
        CHECK(attack.result["isolation"]["uid"] == 65534);
        // Forks fail with EAGAIN at RLIMIT_NPROC; the bomb's root either meets
        // one and exits 3, or forks on as children die until the wall clock
        // ends it. Either way everything is killed (checked below).
        const std::string status = status_of(attack);
        CHECK((status == "exit_nonzero" || status == "timeout"));
        CHECK(attack.result["stdout"].get<std::string>().find("fork refused: 11") != std::string::npos);
    }
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: memory bomb", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "memory_bomb.py", {"--memory", "128"});
    CHECK(status_of(attack) == "memory_limit");
    CHECK(attack.result["limits"]["memory_mb"] == 128);
    CHECK(attack.result["max_rss_kb"].get<long>() < 128 * 1024);
    CHECK(attack.process.exit_code == 5);
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: memory split across processes", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    TempDir profiles;
    std::string profile = readable_file(profiles, "four.toml", k_four_processes);
    // Three children of 60 MiB each: RLIMIT_AS bounds each process, not the run.
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "memory_split.py",
                               {"--profile", profile, "--memory", "128"});
    const json& isolation = attack.result["isolation"];
    if (isolation["cgroup"] == true) {
        // The cgroup bounds them together: the kernel kills one or more.
        CHECK(status_of(attack) == "memory_limit");
        const std::string out = attack.result["stdout"].get<std::string>();
        CHECK((out.empty() || out.rfind("children killed: ", 0) == 0));
        CHECK(!unprivileged);
    } else {
        CHECK(isolation["cgroup_error"].get<std::string>() != "");
        if (!unprivileged)
            WARN("no cgroup for root on this machine (" << isolation["cgroup_error"]
                                                        << "): only RLIMIT_AS bounds memory, per process");
        CHECK(status_of(attack) == "ok");
        CHECK(attack.result["stdout"] == "held 180 MiB in 3 processes\n");
    }
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: CPU spin", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    TempDir profiles;
    std::string profile = readable_file(profiles, "patient.toml", k_patient);
    Attack attack =
        run_attack({unprivileged}, tmp.path(), k_attacks + "cpu_spin.py", {"--profile", profile, "--cpu", "1"});
    // SIGXCPU is the kernel's word that the program used the second of CPU
    // RLIMIT_CPU allowed (the wall clock, two minutes here, sends SIGKILL).
    CHECK(status_of(attack) == "cpu_limit");
    CHECK(attack.result["signal"] == SIGXCPU);
    // The CPU time the run reports is the kernel's sampled figure: on a busy
    // machine it has read 869 ms at the one-second limit, so only "most of
    // the second, and less than the hard limit one second later" is asserted.
    const double cpu_ms = attack.result["cpu_user_ms"].get<double>() + attack.result["cpu_sys_ms"].get<double>();
    CHECK(cpu_ms >= 500.0);
    CHECK(cpu_ms < 2000.0);
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: sleep past the wall-clock limit", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    auto start = std::chrono::steady_clock::now();
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "sleep_forever.py", {"--timeout", "1"});
    auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(status_of(attack) == "timeout");
    CHECK(attack.result["signal"] == SIGKILL);
    CHECK(attack.result["duration_ms"].get<double>() >= 1000.0);
    // Killed at the limit, not when the program's hour of sleep ends; the
    // bound leaves a loaded machine a minute to start and reap it.
    CHECK(seconds < 60.0);
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: output flood", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "output_flood.py", {"--output-limit", "1000"});
    CHECK(status_of(attack) == "output_truncated");
    CHECK(attack.result["truncated"] == true);
    CHECK(attack.result["stdout"].get<std::string>().size() == 1000);
    CHECK(attack.result["stderr"].get<std::string>().size() == 1000);
    CHECK(attack.result["stdout_bytes"] == 16 * 1024 * 1024);  // counted, not kept
    CHECK(attack.result["stderr_bytes"] == 16 * 1024 * 1024);
    CHECK(attack.process.out.size() < 20000);
    CHECK(attack.process.exit_code == 5);
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: write outside output/", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp, victim_dir;
    // A file nobody could write by its mode, so that only Landlock stops it.
    std::string victim = victim_dir.file("victim.txt", "original");
    fs::permissions(victim, fs::perms(0666));
    TempDir inputs;
    std::string target = readable_file(inputs, "target.txt", victim);
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "write_outside.py", {"--input", target});
    CHECK(status_of(attack) == "ok");
    CHECK(attack.result["stdout"].get<std::string>().find("wrote output/inside.txt") != std::string::npos);
    REQUIRE(attack.result["outputs"].size() == 1);
    CHECK(attack.result["outputs"][0]["path"] == "output/inside.txt");
    std::ifstream in(victim);
    CHECK(std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()) == "original");
    for (const auto& entry : fs::directory_iterator("/tmp"))
        CHECK(entry.path().filename().string().rfind("pygate-escape", 0) != 0);
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: read /etc/shadow and a file of the caller's", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    TempDir secrets;
    // Readable by everyone, so that only Landlock keeps it out.
    std::string secret = readable_file(secrets, "secret.txt", "the caller's secret");
    std::string target = readable_file(secrets, "target.txt", secret);
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "read_secrets.py", {"--input", target});
    CHECK(status_of(attack) == "ok");
    CHECK(attack.result["stdout"] == "refused /etc/shadow 13\nrefused " + secret + " 13\n");
    CHECK(attack.process.out.find("the caller's secret") == std::string::npos);
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: connect to a listener on 127.0.0.1", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    REQUIRE(listener >= 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    REQUIRE(::bind(listener, reinterpret_cast<sockaddr*>(&address), size) == 0);
    REQUIRE(::listen(listener, 8) == 0);
    REQUIRE(::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &size) == 0);
    TempDir inputs;
    std::string port = readable_file(inputs, "port.txt", std::to_string(ntohs(address.sin_port)));
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "connect_listener.py", {"--input", port});
    CHECK(status_of(attack) == "ok");
    CHECK(attack.result["stdout"].get<std::string>().rfind("refused", 0) == 0);
    check_network_namespace(attack.result["isolation"], unprivileged);
    CHECK(attack.result["isolation"]["socket_filter"] == true);
    // Nothing reached the listener.
    CHECK(::accept(listener, nullptr, nullptr) < 0);
    CHECK(errno == EAGAIN);
    ::close(listener);
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: setsid and double fork to leave the process group", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    SECTION("processes = 1: no fork at all") {
        Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "escape_group.py", {});
        CHECK(status_of(attack) == "exit_nonzero");
        CHECK(attack.result["stdout"] == "fork refused: 11\n");
    }
    SECTION("processes = 4: the escaped grandchild is found and killed") {
        TempDir profiles;
        std::string profile = readable_file(profiles, "four.toml", k_four_processes);
        Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "escape_group.py", {"--profile", profile});
        CHECK(status_of(attack) == "ok");
        CHECK(attack.result["stdout"] == "escaped the group\n");
        // The program is the init of a PID namespace of its own: whatever it
        // started dies with it, however pygate ends (test_stopped_runs.py).
        CHECK(attack.result["isolation"]["pidns"] == true);
        CHECK(!attack.result["isolation"].contains("pidns_error"));
    }
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: kill the parent", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    // A bystander of the program's own uid, outside the sandbox.
    pid_t bystander = -1;
    if (::geteuid() == 0) {
        bystander = ::fork();
        REQUIRE(bystander >= 0);
        if (bystander == 0) {
            if (::setgid(k_nobody_uid) == 0 && ::setuid(k_nobody_uid) == 0)
                ::execl("/bin/sleep", "sleep", "60", static_cast<char*>(nullptr));
            ::_exit(127);
        }
    }
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "kill_parent.py", {});
    // pygate lived to report (its exit code is not 137), and the program was refused.
    CHECK(attack.process.exit_code == 0);
    CHECK(status_of(attack) == "ok");
    CHECK(attack.result["stdout"].get<std::string>().rfind("refused 9 1\nrefused 15 1\n", 0) == 0);
    // Held on every kernel: the signal filter (one process) refuses them, as
    // Landlock's signal scoping does where the kernel has it (ABI 6).
    CHECK(attack.result["isolation"]["signal_filter"] == true);
    CHECK(attack.result["stdout"] == "refused 9 1\nrefused 15 1\nrefused -1 1\n");
    if (bystander > 0) {
        // kill(-1, SIGKILL) reached no process outside the sandbox.
        int status = 0;
        CHECK(::waitpid(bystander, &status, WNOHANG) == 0);
        ::kill(bystander, SIGKILL);
        ::waitpid(bystander, &status, 0);
    }
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: ptrace", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "ptrace_parent.py", {});
    CHECK(status_of(attack) == "ok");
    CHECK(attack.result["stdout"] == "refused 16 1\nrefused 0 1\n");
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: raise its own rlimits", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "raise_rlimits.py", {});
    CHECK(status_of(attack) == "ok");
    CHECK(attack.result["exit_code"] == 0);
    CHECK(attack.result["stdout"].get<std::string>().find("RAISED") == std::string::npos);
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: fill the disk", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "fill_disk.py", {});
    CHECK(status_of(attack) == "exit_nonzero");
    CHECK(attack.result["stdout"] == "stopped after 16777216 bytes: EFBIG\n");
    REQUIRE(attack.result["outputs"].size() == 1);
    CHECK(attack.result["outputs"][0]["bytes"] == 16 * 1024 * 1024);
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: thousands of threads", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "many_threads.py", {});
    CHECK(status_of(attack) == "exit_nonzero");
    CHECK(attack.result["stdout"].get<std::string>().rfind("stopped at ", 0) == 0);
    check_nothing_left(tmp.path());
}

TEST_CASE("attack: leave zombies", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    SECTION("processes = 1") {
        Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "zombies.py", {});
        CHECK(attack.result["stdout"] == "fork refused: 11\n");
    }
    SECTION("processes = 4: the zombies are reaped") {
        TempDir profiles;
        std::string profile = readable_file(profiles, "four.toml", k_four_processes);
        Attack attack = run_attack({unprivileged}, tmp.path(), k_attacks + "zombies.py", {"--profile", profile});
        CHECK(status_of(attack) == "ok");
        CHECK(attack.result["stdout"] == "left 3 zombies\n");
    }
    check_nothing_left(tmp.path());
}

TEST_CASE("the program dies with pygate", "[runner][attack]") {
    const bool unprivileged = GENERATE(false, true);
    if (skip_unprivileged(unprivileged)) return;
    SharedDir tmp;
    std::vector<std::string> argv;
    if (unprivileged)
        argv = {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env"};
    else
        argv = {"/usr/bin/env"};
    argv.insert(argv.end(), {"TMPDIR=" + tmp.path(), PYGATE_BINARY, "run", "--unsafe-skip-gate", "--timeout", "10",
                             k_attacks + "sleep_forever.py"});
    std::vector<char*> args;
    for (auto& arg : argv)
        args.push_back(arg.data());
    args.push_back(nullptr);
    pid_t launcher = ::fork();
    REQUIRE(launcher >= 0);
    if (launcher == 0) {
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    // Wait for the program to be running in its work directory (a loaded
    // machine may take seconds to start it; the loop ends as soon as it runs).
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (processes_of_run(tmp.path()).empty() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    REQUIRE(!processes_of_run(tmp.path()).empty());
    // setpriv and env exec, so the launcher's pid is pygate's.
    ::kill(launcher, SIGKILL);
    int status = 0;
    ::waitpid(launcher, &status, 0);
    deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!processes_of_run(tmp.path()).empty() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(processes_of_run(tmp.path()).empty());
    // pygate could not clean up after itself: its work directory goes with
    // tmp, and its empty cgroup (named after it) is removed here, as an
    // administrator would; later runs do not need that (unique names).
    for (const std::string& cgroup : pygate_cgroups())
        if (cgroup.find("/pygate-" + std::to_string(launcher) + "-") != std::string::npos)
            CHECK(::rmdir(cgroup.c_str()) == 0);
}
