#pragma once
// Runs a program to completion for end-to-end tests, capturing its output.

#include <string>
#include <vector>

namespace pygate::testing {

struct ProcessResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

// argv[0] is the program; `input` is written to its standard input.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input = "");

// The pygate binary under test, with these arguments.
ProcessResult run_pygate(const std::vector<std::string>& args, const std::string& input = "");

// A fresh empty directory, removed with everything in it when the object goes.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::string& path() const { return m_path; }
    std::string file(const std::string& name, const std::string& bytes) const;  // writes it, returns its path

private:
    std::string m_path;
};

}  // namespace pygate::testing
