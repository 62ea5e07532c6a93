#include "judging/target_libraries.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <vector>

#include "judging/library_versions_cache.hpp"
#include "runner/version_cache.hpp"
#include "support/unique_fd.hpp"

namespace pygate::judging {
namespace {

// Printed by the target interpreter: `cpython X.Y`, then `DIST VERSION` for
// each distribution the tables cover that it has; and `@watch PATH` for each
// path the answer comes from (library_versions_cache.hpp), or `@nocache` when
// one cannot be said on a line; `@end` when it has said everything.
constexpr const char* k_probe = R"(import os, sys
print("cpython", "%d.%d" % sys.version_info[:2])
def watch(path):
    path = os.path.abspath(path)
    print("@nocache" if "\n" in path or "\t" in path else "@watch " + path)
for entry in sys.path:
    if not os.path.isdir(entry):
        watch(os.path.dirname(os.path.abspath(entry)))  # where it would appear
        continue
    watch(entry)
    try:
        names = sorted(os.listdir(entry))
    except OSError:
        print("@nocache")
        continue
    for name in names:
        if name.endswith(".pth"):
            watch(os.path.join(entry, name))
try:
    from importlib.metadata import distribution
except ImportError:
    distribution = None
for name in sys.argv[1:]:
    try:
        found = distribution(name)
        print(name, found.version)
    except Exception:
        continue
    path = getattr(found, "_path", None)
    if path is None:
        print("@nocache")
    else:
        watch(str(path))
print("@end")
)";

constexpr auto k_probe_timeout = std::chrono::seconds(20);

// The target set (before any judging), else the default, asked once.
std::atomic<const analyzer::LibraryKnowledge*> g_target{nullptr};
std::once_flag g_default_once;

std::vector<std::string> table_distributions() {
    std::set<std::string> names;
    for (const analyzer::LibraryTable& table : analyzer::library_tables())
        if (table.distribution != "cpython") names.emplace(table.distribution);
    return {names.begin(), names.end()};
}

}  // namespace

std::optional<analyzer::LibraryVersions> ask_interpreter(const std::string& python, std::string& error,
                                                         bool* started) {
    if (started != nullptr) *started = false;
    if (python.empty() || python.front() != '/') {
        error = fmt::format("the interpreter `{}` is not an absolute path", python);
        return std::nullopt;
    }
    const std::optional<std::string> identity = runner::interpreter_identity(python);
    const std::string cache_dir = runner::default_version_cache_dir();
    if (identity) {
        if (std::optional<analyzer::LibraryVersions> cached = cached_library_versions(cache_dir, *identity)) {
            if (started != nullptr) *started = true;
            return cached;
        }
    }
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        error = fmt::format("pipe: {}", std::strerror(errno));
        return std::nullopt;
    }
    support::UniqueFd read_end(fds[0]), write_end(fds[1]);
    std::vector<std::string> args = {python, "-I", "-c", k_probe};
    for (std::string& name : table_distributions())
        args.push_back(std::move(name));
    std::vector<char*> argv;
    for (std::string& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    char path[] = "PATH=/usr/bin:/bin";
    char lang[] = "LANG=C.UTF-8";
    char* envp[] = {path, lang, nullptr};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, write_end.get(), STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid = -1;
    const auto asked_at = std::chrono::system_clock::now();
    int spawned = ::posix_spawn(&pid, python.c_str(), &actions, nullptr, argv.data(), envp);
    posix_spawn_file_actions_destroy(&actions);
    write_end.reset();
    if (spawned != 0) {
        error = fmt::format("could not start {}: {}", python, std::strerror(spawned));
        return std::nullopt;
    }
    if (started != nullptr) *started = true;
    std::string text;
    char buffer[1024];
    const auto deadline = std::chrono::steady_clock::now() + k_probe_timeout;
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) break;
        pollfd fd{read_end.get(), POLLIN, 0};
        int ready = ::poll(&fd, 1, static_cast<int>(left.count()));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) break;
        ssize_t n = ::read(read_end.get(), buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > 65536) break;
    }
    ::kill(pid, SIGKILL);  // ours: reaped below, so the pid cannot have been reused
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    analyzer::LibraryVersions versions;
    std::vector<std::string> watched;
    bool ended = false, cacheable = true;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("@watch ")) {
            watched.push_back(line.substr(7));
            continue;
        }
        if (line == "@end") {
            ended = true;
            continue;
        }
        if (line.starts_with("@")) {
            cacheable = false;
            continue;
        }
        std::size_t space = line.find(' ');
        if (space == std::string::npos || space == 0 || space + 1 >= line.size()) continue;
        versions.versions[line.substr(0, space)] = line.substr(space + 1);
    }
    if (!versions.versions.contains("cpython")) {
        error = fmt::format("{} did not say its version", python);
        return std::nullopt;
    }
    if (identity && ended && cacheable) store_library_versions(cache_dir, *identity, versions, watched, asked_at);
    return versions;
}

std::optional<analyzer::LibraryVersions> libraries_from_option(const std::string& spec, std::string& error) {
    if (spec == "tables") return analyzer::LibraryVersions::of_tables();
    if (spec.starts_with("python:")) return ask_interpreter(spec.substr(7), error);
    analyzer::LibraryVersions versions;
    std::istringstream parts(spec);
    for (std::string part; std::getline(parts, part, ',');) {
        std::size_t equals = part.find('=');
        if (equals == std::string::npos || equals == 0 || equals + 1 == part.size()) {
            error = fmt::format("`{}` is not DIST=VERSION (--libraries takes python:PATH, tables or "
                                "DIST=VERSION,...)",
                                part);
            return std::nullopt;
        }
        versions.versions[part.substr(0, equals)] = part.substr(equals + 1);
    }
    if (versions.versions.empty()) {
        error = "--libraries takes python:PATH, tables or DIST=VERSION,...";
        return std::nullopt;
    }
    return versions;
}

std::optional<analyzer::PythonVersion> cpython_version_of(const analyzer::LibraryVersions& versions) {
    auto cpython = versions.versions.find("cpython");
    if (cpython == versions.versions.end()) return std::nullopt;
    return analyzer::parse_python_version(cpython->second);
}

analyzer::LibraryVersions with_target_version(analyzer::LibraryVersions asked, analyzer::PythonVersion version) {
    std::optional<analyzer::PythonVersion> named = cpython_version_of(asked);
    if (named && named->major == version.major && named->minor == version.minor) return asked;
    analyzer::LibraryVersions target;
    if (!named && !asked.versions.contains("cpython")) target = std::move(asked);  // `pandas=1.5.3`: no cpython said
    target.versions["cpython"] = version.spelled();
    return target;
}

namespace {

// Every knowledge the process judged for is kept for its life, owned here:
// judgments on other threads may still hold one that was replaced.
const analyzer::LibraryKnowledge* kept(analyzer::LibraryVersions versions) {
    static std::mutex kept_mutex;
    static std::vector<std::unique_ptr<analyzer::LibraryKnowledge>> all;
    auto knowledge = std::make_unique<analyzer::LibraryKnowledge>(std::move(versions));
    std::lock_guard lock(kept_mutex);
    all.push_back(std::move(knowledge));
    return all.back().get();
}

}  // namespace

void set_target_libraries(analyzer::LibraryVersions versions) {
    g_target.store(kept(std::move(versions)));
}

const analyzer::LibraryKnowledge& target_libraries() {
    if (const analyzer::LibraryKnowledge* set = g_target.load()) return *set;
    std::call_once(g_default_once, [] {
        std::string error;
        std::optional<analyzer::LibraryVersions> asked = ask_interpreter(k_default_target_python, error);
        const analyzer::LibraryKnowledge* knowledge = kept(asked ? std::move(*asked) : analyzer::LibraryVersions{});
        const analyzer::LibraryKnowledge* none = nullptr;
        g_target.compare_exchange_strong(none, knowledge);  // one set meanwhile wins; this one stays kept
    });
    return *g_target.load();
}

analyzer::PythonVersion target_version() {
    std::optional<analyzer::PythonVersion> version = cpython_version_of(target_libraries().versions());
    return version && analyzer::is_supported_target(*version) ? *version : analyzer::k_default_target;
}

}  // namespace pygate::judging
