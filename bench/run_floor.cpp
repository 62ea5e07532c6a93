// pygate-run-floor [--netns] PYTHON FILE: the least any fork/exec runner can
// do, so bench/run_overhead.sh can separate what pygate adds from what merely
// starting a second program costs on the machine. It starts PYTHON -I -B FILE
// the way pygate does (clone with CLONE_VM | CLONE_VFORK), optionally in a new
// network namespace (a user namespace too when not root), waits for it and
// returns its exit code. No limits, no confinement, no work directory.
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <memory>

namespace {

struct Child {
    bool netns;
    const char* python;
    const char* file;
};

int child_main(void* argument) {
    const Child& child = *static_cast<const Child*>(argument);
    if (child.netns && ::unshare(::geteuid() == 0 ? CLONE_NEWNET : CLONE_NEWUSER | CLONE_NEWNET) != 0) _exit(126);
    const char* argv[] = {child.python, "-I", "-B", child.file, nullptr};
    const char* envp[] = {"PATH=/usr/bin:/bin", "LANG=C.UTF-8", nullptr};
    ::execve(child.python, const_cast<char**>(argv), const_cast<char**>(envp));
    _exit(127);
}

}  // namespace

int main(int argc, char** argv) {
    bool netns = argc > 1 && std::strcmp(argv[1], "--netns") == 0;
    if (argc != (netns ? 4 : 3)) {
        std::fputs("usage: pygate-run-floor [--netns] PYTHON FILE\n", stderr);
        return 2;
    }
    Child child{netns, argv[argc - 2], argv[argc - 1]};
    constexpr std::size_t k_stack_bytes = 64 * 1024;
    auto stack = std::make_unique<char[]>(k_stack_bytes);
    pid_t pid = ::clone(child_main, stack.get() + k_stack_bytes, CLONE_VM | CLONE_VFORK | SIGCHLD, &child);
    if (pid < 0) {
        std::perror("pygate-run-floor: clone");
        return 125;
    }
    int status = 0;
    if (::waitpid(pid, &status, 0) < 0) return 125;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
