#pragma once
// Reads a shell command for `pygate hook`: finds the Python it would run
// (`python3 -c '...'`, `python3 file.py`, `python3 - <<EOF ... EOF`,
// `python3 < file.py`, `python3 <<< '...'`, `uv run file.py`, in any command
// of a list, pipeline, subshell, group, command substitution or `sh -c`
// string, behind wrappers such as `env`, `sudo`, `timeout` or `nice`), and
// says whether the command is nothing but those Python invocations.
//
// The command is read as a POSIX shell (bash) splits it. Anything the shell
// would expand at run time (a variable, a command substitution) makes that
// Python undetermined, never guessed. The second answer, `beyond_python`, is
// what lets a hook approve a command: it is empty only when every part of the
// command is a plain interpreter invocation whose code pygate read whole, with
// no other program, no substitution, no pipeline, no background job and no
// redirection other than the program's own source and the `writes` below.
// Whatever the reader does not fully understand counts as beyond Python.

#include <string>
#include <vector>

namespace pygate::hooks {

struct ShellPython {
    enum class Kind { code, undetermined };
    Kind kind = Kind::undetermined;
    std::string code;    // Kind::code: what Python would run
    std::string source;  // where it comes from: "-c", "heredoc", a file's path...
    std::string why;     // Kind::undetermined: why it cannot be known
    // The folder that becomes sys.path[0] (the working folder, or the
    // script's), where a module file would shadow what the code imports;
    // empty when the interpreter adds none (-I, -P).
    std::string import_folder;
};

struct ShellReading {
    std::vector<ShellPython> python;  // every Python invocation found, in order; empty when it runs none
    // What the command does besides running the Python above (the first such
    // thing, as a phrase for the reason); empty when it does nothing else.
    std::string beyond_python;
    // Files output redirections of those invocations write (`> out/x.txt`),
    // as written, relative paths against the working folder.
    std::vector<std::string> writes;
};

// Reads `command`; script paths are read relative to `cwd`.
ShellReading read_shell_command(const std::string& command, const std::string& cwd);

}  // namespace pygate::hooks
