#include "runner/layers/cgroup.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>
#include <utility>

#include "runner/process_gone.hpp"

namespace pygate::runner {
namespace {

const std::string k_root = "/sys/fs/cgroup";

std::string describe(const std::string& what, const std::string& path, int error) {
    return what + " " + path + ": " + std::strerror(error);
}

// This process's cgroup for a v1 controller, or for v2 with "", from
// /proc/self/cgroup; "/" becomes "". False when there is no such line.
bool own_cgroup_path(const std::string& controller, std::string& path) {
    std::ifstream file("/proc/self/cgroup");
    std::string line;
    while (std::getline(file, line)) {
        std::size_t first = line.find(':');
        std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
        if (second == std::string::npos) continue;
        std::stringstream names(line.substr(first + 1, second - first - 1));
        std::string name;
        bool match = controller.empty() && second == first + 1;
        while (!match && std::getline(names, name, ','))
            match = name == controller;
        if (match) {
            path = line.substr(second + 1);
            if (path == "/") path.clear();
            return true;
        }
    }
    return false;
}

bool has_word(const std::string& text, const std::string& word) {
    std::istringstream words(text);
    std::string each;
    while (words >> each)
        if (each == word) return true;
    return false;
}

std::string read_text(const std::string& path) {
    std::ifstream file(path);
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

// 0, or the errno; ENOENT when the file does not exist.
int write_text(const std::string& path, const std::string& text) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    ssize_t written = ::write(fd, text.data(), text.size());
    int error = written == static_cast<ssize_t>(text.size()) ? 0 : (written < 0 ? errno : EIO);
    ::close(fd);
    return error;
}

std::vector<pid_t> read_procs(const std::string& dir) {
    std::vector<pid_t> pids;
    std::ifstream file(dir + "/cgroup.procs");
    long pid = 0;
    while (file >> pid)
        pids.push_back(static_cast<pid_t>(pid));
    return pids;
}

// A name no other run of this machine uses: pygate's pid and a counter, and
// the next counter when a crashed run with a reused pid left the name.
std::string next_name() {
    static std::atomic<unsigned> counter{0};
    return "pygate-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

// The cgroups of runs whose pygate was killed before it could remove them
// (SIGKILL): pygate-<pid>-<n> under `parent` whose pid is gone. Their
// processes died with the run (their PID namespace's init did), so each is
// empty and goes; one still busy, or whose pid names a live process again,
// stays for a later run.
void remove_stale_cgroups(const std::string& parent) {
    DIR* dir = ::opendir(parent.c_str());
    if (dir == nullptr) return;
    const std::string own = "pygate-" + std::to_string(::getpid()) + "-";
    while (dirent* entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        if (name.rfind("pygate-", 0) != 0 || name.rfind(own, 0) == 0) continue;
        const std::size_t dash = name.find('-', 7);
        if (dash == std::string::npos || dash == 7 || dash - 7 > 9 || name.find_first_not_of("0123456789", 7) != dash)
            continue;
        const auto pid = static_cast<pid_t>(std::stol(name.substr(7, dash - 7)));
        if (!process_gone(pid)) continue;
        ::rmdir((parent + "/" + name).c_str());
    }
    ::closedir(dir);
}

// Counts what a v1 memory.oom_control or v2 memory.events says of oom_kill.
std::uint64_t oom_kill_count(const std::string& path) {
    std::istringstream lines(read_text(path));
    std::string key;
    std::uint64_t value = 0;
    while (lines >> key >> value)
        if (key == "oom_kill") return value;
    return 0;
}

}  // namespace

int join_cgroup(const CgroupJoin& join) noexcept {
    // 0: the writer itself, whatever its pid in the PID namespace it may be the init of.
    return move_into_cgroup(join, 0);
}

int move_into_cgroup(const CgroupJoin& join, pid_t process) noexcept {
    // The pid in decimal with no allocation: this runs in the vfork child.
    char digits[24];
    std::size_t length = 0;
    auto pid = static_cast<unsigned long>(process);
    do {
        digits[length++] = static_cast<char>('0' + pid % 10);
        pid /= 10;
    } while (pid != 0);
    char text[24];
    for (std::size_t i = 0; i < length; ++i)
        text[i] = digits[length - 1 - i];
    text[length++] = '\n';
    for (int fd : join.procs_fds) {
        if (fd < 0) continue;
        ssize_t written = ::write(fd, text, length);
        if (written != static_cast<ssize_t>(length)) return written < 0 ? errno : EIO;
    }
    return 0;
}

Cgroup Cgroup::not_made(std::string why) {
    Cgroup cgroup;
    cgroup.m_error = std::move(why);
    return cgroup;
}

Cgroup Cgroup::create(const CgroupLimits& limits) {
    Cgroup cgroup;
    struct statfs root {};
    const bool v2 = ::statfs(k_root.c_str(), &root) == 0 && root.f_type == CGROUP2_SUPER_MAGIC;
    std::string pids_parent, memory_parent;
    if (v2) {
        std::string own;
        if (!own_cgroup_path("", own)) {
            cgroup.m_error = "cgroup v2: no entry in /proc/self/cgroup";
            return cgroup;
        }
        const std::string controllers = read_text(k_root + own + "/cgroup.subtree_control");
        if (!has_word(controllers, "pids") || !has_word(controllers, "memory")) {
            cgroup.m_error =
                "cgroup v2: pids and memory are not both enabled in " + k_root + own + "/cgroup.subtree_control";
            return cgroup;
        }
        pids_parent = memory_parent = k_root + own;
    } else {
        std::string pids_own, memory_own;
        if (!own_cgroup_path("pids", pids_own) || !own_cgroup_path("memory", memory_own) ||
            ::access((k_root + "/pids/cgroup.procs").c_str(), F_OK) != 0 ||
            ::access((k_root + "/memory/cgroup.procs").c_str(), F_OK) != 0) {
            cgroup.m_error =
                "no cgroup v2 with pids and memory, and no cgroup v1 pids and memory hierarchies under " + k_root;
            return cgroup;
        }
        pids_parent = k_root + "/pids" + pids_own;
        memory_parent = k_root + "/memory" + memory_own;
    }
    const char* version = v2 ? "cgroup v2: " : "cgroup v1: ";
    auto fail = [&](std::string message) {
        cgroup.remove();
        cgroup.m_version = 0;
        cgroup.m_error = version + std::move(message);
        return std::move(cgroup);
    };

    remove_stale_cgroups(pids_parent);
    if (!v2) remove_stale_cgroups(memory_parent);
    std::string name;
    for (int attempt = 0; attempt < 16 && name.empty(); ++attempt) {
        std::string candidate = next_name();
        const std::string pids_dir = pids_parent + "/" + candidate;
        if (::mkdir(pids_dir.c_str(), 0755) != 0) {
            int error = errno;
            if (error != EEXIST) return fail(describe("mkdir", pids_dir, error));
            continue;
        }
        if (!v2 && ::mkdir((memory_parent + "/" + candidate).c_str(), 0755) != 0) {
            int error = errno;
            ::rmdir(pids_dir.c_str());
            if (error != EEXIST) return fail(describe("mkdir", memory_parent + "/" + candidate, error));
            continue;
        }
        name = std::move(candidate);
    }
    if (name.empty()) return fail("no free name under " + pids_parent);
    cgroup.m_version = v2 ? 2 : 1;
    cgroup.m_dirs.push_back(pids_parent + "/" + name);
    if (!v2) cgroup.m_dirs.push_back(memory_parent + "/" + name);
    const std::string memory_dir = cgroup.m_dirs.back();

    const std::string pids = cgroup.m_dirs.front() + "/pids.max";
    if (int error = write_text(pids, std::to_string(limits.pids_max))) return fail(describe("write", pids, error));
    const std::string bytes = std::to_string(limits.memory_bytes);
    // Memory and swap together within the limit: v1 sets memory first, as
    // memory+swap may never be below it; v2 allows no swap. Where swap is not
    // accounted, the file does not exist.
    const std::string memory = memory_dir + (v2 ? "/memory.max" : "/memory.limit_in_bytes");
    if (int error = write_text(memory, bytes)) return fail(describe("write", memory, error));
    const std::string swap = memory_dir + (v2 ? "/memory.swap.max" : "/memory.memsw.limit_in_bytes");
    if (int error = write_text(swap, v2 ? "0" : bytes); error != 0 && error != ENOENT)
        return fail(describe("write", swap, error));

    for (std::size_t i = 0; i < cgroup.m_dirs.size(); ++i) {
        const std::string procs = cgroup.m_dirs[i] + "/cgroup.procs";
        cgroup.m_join.procs_fds[i] = ::open(procs.c_str(), O_WRONLY | O_CLOEXEC);
        if (cgroup.m_join.procs_fds[i] < 0) {
            int error = errno;
            return fail(describe("open", procs, error));
        }
    }
    return cgroup;
}

Cgroup::Cgroup(Cgroup&& other) noexcept
    : m_version(other.m_version),
      m_dirs(std::move(other.m_dirs)),
      m_join(std::exchange(other.m_join, CgroupJoin{})),
      m_error(std::move(other.m_error)) {
    other.m_dirs.clear();
}

Cgroup& Cgroup::operator=(Cgroup&& other) noexcept {
    if (this != &other) {
        remove();
        m_version = other.m_version;
        m_dirs = std::move(other.m_dirs);
        other.m_dirs.clear();
        m_join = std::exchange(other.m_join, CgroupJoin{});
        m_error = std::move(other.m_error);
    }
    return *this;
}

Cgroup::~Cgroup() {
    remove();
}

void Cgroup::close_join() {
    for (int& fd : m_join.procs_fds) {
        if (fd >= 0) ::close(fd);
        fd = -1;
    }
}

std::uint64_t Cgroup::oom_kills() const {
    if (m_dirs.empty()) return 0;
    return oom_kill_count(m_dirs.back() + (m_version == 2 ? "/memory.events" : "/memory.oom_control"));
}

bool Cgroup::kill_all() const {
    // A fork bomb forks while it is killed: kill what is listed until the
    // list is empty. A killed process leaves the list when it exits, before
    // it is reaped.
    if (m_version == 2 && write_text(m_dirs.front() + "/cgroup.kill", "1") == 0) {
        for (int round = 0; round < 200; ++round) {
            if (read_procs(m_dirs.front()).empty()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return false;
    }
    for (int round = 0; round < 200; ++round) {
        bool any = false;
        for (const std::string& dir : m_dirs) {
            for (pid_t pid : read_procs(dir)) {
                ::kill(pid, SIGKILL);
                any = true;
            }
        }
        if (!any) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(round < 10 ? 1 : 5));
    }
    return false;
}

bool Cgroup::remove() {
    close_join();
    if (m_dirs.empty()) return true;
    kill_all();
    bool removed = true;
    // A directory is busy until its last process has exited.
    for (const std::string& dir : m_dirs) {
        bool gone = false;
        for (int round = 0; round < 200 && !gone; ++round) {
            if (::rmdir(dir.c_str()) == 0 || errno == ENOENT) {
                gone = true;
            } else if (errno == EBUSY) {
                kill_all();
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            } else {
                break;
            }
        }
        removed = removed && gone;
    }
    m_dirs.clear();
    return removed;
}

}  // namespace pygate::runner
