#include "cli/kernel_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/exit_codes.hpp"

namespace pygate::cli {

namespace {

// Debian's interpreter: python3-ipykernel and python3-jupyter-client are its packages.
constexpr const char* k_python = "/usr/bin/python3";

[[noreturn]] void exec_python_kernel(const std::vector<std::string>& arguments) {
    std::error_code ec;
    const std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    // The kernelspec it writes names this binary: the kernel serves from the pygate that installed it.
    if (!ec && std::getenv("PYGATE") == nullptr) ::setenv("PYGATE", self.c_str(), 1);
    std::vector<std::string> argv{k_python, "-m", "pygate.kernel"};
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    std::vector<char*> pointers;
    for (auto& argument : argv)
        pointers.push_back(argument.data());
    pointers.push_back(nullptr);
    ::execv(k_python, pointers.data());
    fmt::print(stderr, "pygate: kernel: cannot start {}: {}\n", k_python, std::strerror(errno));
    std::exit(k_exit_usage);
}

}  // namespace

void add_kernel_command(CLI::App& app) {
    CLI::App* kernel =
        app.add_subcommand("kernel",
                           "A Jupyter kernel whose cells are gated and sandboxed: `pygate kernel install --profile P` "
                           "(the pygate Python package must be importable by /usr/bin/python3)");
    kernel->prefix_command();
    kernel->set_help_flag();  // --help goes to the Python command, which knows its options
    kernel->callback([kernel] { exec_python_kernel(kernel->remaining()); });
}

}  // namespace pygate::cli
