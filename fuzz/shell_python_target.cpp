// libFuzzer target: a shell command as `pygate hook` reads one, split as a
// shell would and searched for the Python it runs. Any bytes must give an
// answer (code or undetermined), never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/shell_python.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string command(reinterpret_cast<const char*>(data), size);
    for (const auto& python : pygate::cli::find_shell_python(command, "/nonexistent")) {
        if (python.kind == pygate::cli::ShellPython::Kind::undetermined && python.why.empty()) __builtin_trap();
    }
    return 0;
}
