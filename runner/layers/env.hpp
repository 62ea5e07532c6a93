#pragma once
// The program's argv and environment, built before fork: nothing inherited.

#include <string>
#include <vector>

namespace pygate::runner {

// Owns strings and a null-terminated array of pointers into them, as execve wants.
class CStringArray {
public:
    explicit CStringArray(std::vector<std::string> strings);
    CStringArray(const CStringArray&) = delete;
    CStringArray& operator=(const CStringArray&) = delete;
    char* const* data() const { return m_pointers.data(); }
    const std::vector<std::string>& strings() const { return m_strings; }

private:
    std::vector<std::string> m_strings;
    std::vector<char*> m_pointers;
};

// PATH=/usr/bin:/bin, LANG=C.UTF-8, HOME=<workdir>, and nothing else.
std::vector<std::string> clean_environment(const std::string& workdir);

// python -I -B main.py: isolated mode, no bytecode written.
std::vector<std::string> python_argv(const std::string& python);

}  // namespace pygate::runner
