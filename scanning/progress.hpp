#pragma once
// The progress line of a long scan on standard error: inputs done, rate,
// errors and, when the end can be estimated, the time left. Redrawn in place
// at most ten times a second, and erased before anything else is printed.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

namespace pygate::scanning {

class ProgressLine {
public:
    // `enabled` false: every call does nothing.
    explicit ProgressLine(bool enabled);
    ~ProgressLine() { erase(); }
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    // `fraction`: how much of the work is done, when known (0 to 1).
    void update(std::size_t done, std::size_t errors, std::optional<double> fraction);
    // Takes the line off the terminal (it is redrawn by the next update).
    void erase();

private:
    bool m_enabled;
    bool m_shown = false;
    std::chrono::steady_clock::time_point m_start;
    std::chrono::steady_clock::time_point m_last_draw;
};

// "1:02:03" or "2:03".
std::string format_duration(std::chrono::seconds seconds);

}  // namespace pygate::scanning
