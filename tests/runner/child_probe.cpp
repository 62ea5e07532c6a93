#include "runner/child_probe.hpp"

#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

#include "support/run_process.hpp"

namespace pygate::testing {

ProbeResult run_in_child(const std::function<int()>& setup, const std::vector<std::string>& argv) {
    std::vector<char*> args;
    for (const auto& arg : argv)
        args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    int out[2], report[2];
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(report, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
    pid_t child = ::fork();
    if (child < 0) throw std::runtime_error("fork failed");
    if (child == 0) {
        ::dup2(out[1], STDOUT_FILENO);
        int error = setup();
        if (error == 0) {
            ::execv(args[0], args.data());
            error = errno;
            if (error == 0) error = -1;
        }
        ssize_t ignored = ::write(report[1], &error, sizeof error);
        (void)ignored;
        ::_exit(127);
    }
    ::close(out[1]);
    ::close(report[1]);
    ProbeResult result;
    char buffer[4096];
    ssize_t n;
    while ((n = ::read(out[0], buffer, sizeof buffer)) > 0)
        result.out.append(buffer, static_cast<std::size_t>(n));
    ::close(out[0]);
    if (::read(report[0], &result.setup_error, sizeof result.setup_error) != sizeof result.setup_error)
        result.setup_error = 0;
    ::close(report[0]);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return result;
}

int network_namespace_refusal(bool as_nobody) {
    const unsigned nobody = k_nobody_uid;
    return run_in_child(
               [as_nobody, nobody] {
                   if (as_nobody && (::setgroups(0, nullptr) != 0 || ::setresgid(nobody, nobody, nobody) != 0 ||
                                     ::setresuid(nobody, nobody, nobody) != 0))
                       return errno;
                   const int flags = ::geteuid() == 0 ? CLONE_NEWNET : CLONE_NEWUSER | CLONE_NEWNET;
                   return ::unshare(flags) == 0 ? 0 : errno;
               },
               {"/bin/true"})
        .setup_error;
}

}  // namespace pygate::testing
