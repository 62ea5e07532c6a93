#include "settings/changed_files.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

extern char** environ;

namespace pygate::settings {
namespace fs = std::filesystem;

namespace {

struct GitResult {
    int status = -1;  // the exit code; -1 when git could not be started or was killed
    std::string out;
    std::string err;
};

// Runs git with `args` and collects both outputs (polled, so neither pipe can fill and stall it).
GitResult run_git(std::vector<std::string> args) {
    GitResult result;
    args.insert(args.begin(), {"git", "-c", "core.fsmonitor=false"});
    std::vector<char*> argv;
    for (std::string& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    int out_pipe[2], err_pipe[2];
    if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
        result.err = "cannot make a pipe";
        return result;
    }
    if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
        ::close(out_pipe[0]), ::close(out_pipe[1]);
        result.err = "cannot make a pipe";
        return result;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    pid_t pid = -1;
    int spawned = ::posix_spawnp(&pid, "git", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out_pipe[1]), ::close(err_pipe[1]);
    if (spawned != 0) {
        ::close(out_pipe[0]), ::close(err_pipe[0]);
        result.err = fmt::format("cannot run git: {}", std::strerror(spawned));
        return result;
    }
    std::array<pollfd, 2> fds{{{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}}};
    std::array<std::string*, 2> sinks{&result.out, &result.err};
    int open = 2;
    while (open > 0) {
        if (::poll(fds.data(), fds.size(), -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (std::size_t i = 0; i < fds.size(); ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0) continue;
            char buffer[65536];
            ssize_t got = ::read(fds[i].fd, buffer, sizeof buffer);
            if (got > 0) {
                sinks[i]->append(buffer, static_cast<std::size_t>(got));
            } else if (got == 0 || errno != EINTR) {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open;
            }
        }
    }
    for (const pollfd& fd : fds)
        if (fd.fd >= 0) ::close(fd.fd);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

std::string first_line(const std::string& text) {
    std::string line = text.substr(0, text.find('\n'));
    return line.empty() ? std::string("no message") : line;
}

void add_listed(std::set<std::string>& files, const fs::path& top, const std::string& nul_separated) {
    std::size_t start = 0;
    while (start < nul_separated.size()) {
        std::size_t end = nul_separated.find('\0', start);
        if (end == std::string::npos) end = nul_separated.size();
        if (end > start) files.insert(canonical_path((top / nul_separated.substr(start, end - start)).string()));
        start = end + 1;
    }
}

}  // namespace

std::string canonical_path(const std::string& path) {
    std::error_code ignored;
    fs::path absolute = fs::absolute(path, ignored);
    fs::path canonical = fs::weakly_canonical(absolute, ignored);
    return (canonical.empty() ? absolute : canonical).lexically_normal().string();
}

std::variant<std::set<std::string>, std::string> files_changed_since(const std::string& ref) {
    if (ref.empty() || ref.starts_with('-')) return fmt::format("--changed-since: `{}` is not a git revision", ref);
    GitResult top = run_git({"rev-parse", "--show-toplevel"});
    if (top.status != 0) return fmt::format("--changed-since needs a git repository: {}", first_line(top.err));
    std::string top_folder = top.out.substr(0, top.out.find('\n'));
    GitResult commit = run_git({"rev-parse", "--verify", "--quiet", ref + "^{commit}"});
    if (commit.status != 0) return fmt::format("--changed-since: git knows no commit `{}`", ref);
    GitResult changed = run_git({"-C", top_folder, "diff", "--name-only", "-z", "--no-ext-diff", "--diff-filter=d",
                                 commit.out.substr(0, commit.out.find('\n')), "--"});
    if (changed.status != 0) return fmt::format("--changed-since: git diff failed: {}", first_line(changed.err));
    GitResult untracked = run_git({"-C", top_folder, "ls-files", "-z", "--others", "--exclude-standard"});
    if (untracked.status != 0)
        return fmt::format("--changed-since: git ls-files failed: {}", first_line(untracked.err));
    std::set<std::string> files;
    add_listed(files, top_folder, changed.out);
    add_listed(files, top_folder, untracked.out);
    return files;
}

}  // namespace pygate::settings
