#pragma once
// Finds the Python a shell command would run, for `pygate hook`: `python3 -c
// '...'`, `python3 file.py`, `python3 - <<EOF ... EOF`, `python3 < file.py`,
// `uv run file.py`, `uv run python -c ...`, in any of the commands of a list
// or pipeline (`cd x && python3 y.py`). Reads the command as a POSIX shell
// would split it; anything the shell would expand at run time (a variable, a
// command substitution) makes that Python undetermined, never guessed.

#include <string>
#include <vector>

namespace pygate::cli {

struct ShellPython {
    enum class Kind { code, undetermined };
    Kind kind = Kind::undetermined;
    std::string code;         // Kind::code: what Python would run
    std::string source;       // where it comes from: "-c", "heredoc", a file's path...
    std::string why;          // Kind::undetermined: why it cannot be known
};

// Every Python invocation in `command`, in order; empty when it runs none.
// Script paths are read relative to `cwd`.
std::vector<ShellPython> find_shell_python(const std::string& command, const std::string& cwd);

}  // namespace pygate::cli
