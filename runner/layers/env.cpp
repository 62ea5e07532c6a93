#include "runner/layers/env.hpp"

namespace pygate::runner {

CStringArray::CStringArray(std::vector<std::string> strings) : m_strings(std::move(strings)) {
    m_pointers.reserve(m_strings.size() + 1);
    for (std::string& text : m_strings)
        m_pointers.push_back(text.data());
    m_pointers.push_back(nullptr);
}

std::vector<std::string> clean_environment(const std::string& workdir) {
    return {"PATH=/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + workdir};
}

std::vector<std::string> python_argv(const std::string& python) {
    return {python, "-I", "-B", "main.py"};
}

}  // namespace pygate::runner
