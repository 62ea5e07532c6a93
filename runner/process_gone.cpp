#include "runner/process_gone.hpp"

#include <signal.h>

#include <cerrno>
#include <fstream>
#include <string>

namespace pygate::runner {

bool process_gone(pid_t pid) {
    if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
    // "pid (comm) S ...": the state follows the last ')'.
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    std::getline(stat, text);
    const std::size_t close_paren = text.rfind(')');
    return close_paren != std::string::npos && close_paren + 2 < text.size() && text[close_paren + 2] == 'Z';
}

}  // namespace pygate::runner
