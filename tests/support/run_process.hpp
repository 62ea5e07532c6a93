#pragma once
// Runs a program to completion for end-to-end tests, capturing its output.

#include <string>
#include <vector>

namespace pygate::testing {

struct ProcessResult {
    int pid = -1;  // the process's id (it has ended, so only a name: of its cgroups, say)
    int exit_code = -1;
    std::string out;
    std::string err;
};

// The uid of the unprivileged account tests switch to when they run as root.
inline constexpr unsigned k_nobody_uid = 65534;

struct ProcessOptions {
    std::string input;  // written to the program's standard input
    int run_as_uid = -1;  // when >= 0 (and the caller is root): the uid and gid the program runs as
};

// argv[0] is the program.
ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options = {});

// The pygate binary under test, with these arguments.
ProcessResult run_pygate(const std::vector<std::string>& args, const std::string& input = "");
ProcessResult run_pygate(const std::vector<std::string>& args, const ProcessOptions& options);

// The paths of the entries of `dir` (sorted; none when it cannot be listed).
std::vector<std::string> directory_entries(const std::string& dir);

// A fresh empty directory, removed with everything in it when the object goes.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::string& path() const { return m_path; }
    std::string file(const std::string& name, const std::string& bytes) const;  // writes it, returns its path
    void open_to_everyone() const;  // mode 0755, for a test that runs a program unprivileged

private:
    std::string m_path;
};

}  // namespace pygate::testing
