#pragma once
// `pygate kernel`: the Jupyter kernel is the Python package's (pygate.kernel),
// a client of `pygate serve` like the rest of it; this command hands its
// arguments to Debian's python3 running that package, with this binary as
// the one it serves from.

#include <CLI/CLI.hpp>

namespace pygate::cli {

void add_kernel_command(CLI::App& app);

}  // namespace pygate::cli
