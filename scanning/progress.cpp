#include "scanning/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include "support/write_all.hpp"

namespace pygate::scanning {

using support::write_all;

namespace {

constexpr auto k_redraw_interval = std::chrono::milliseconds(100);
// Erase to the end of the line: the new text may be shorter than the old.
constexpr std::string_view k_erase_line = "\r\x1b[K";

}  // namespace

std::string format_duration(std::chrono::seconds seconds) {
    auto total = seconds.count();
    if (total >= 3600) return fmt::format("{}:{:02}:{:02}", total / 3600, total / 60 % 60, total % 60);
    return fmt::format("{}:{:02}", total / 60, total % 60);
}

ProgressLine::ProgressLine(bool enabled)
    : m_enabled(enabled), m_start(std::chrono::steady_clock::now()), m_last_draw(m_start) {}

void ProgressLine::update(std::size_t done, std::size_t errors, std::optional<double> fraction) {
    if (!m_enabled) return;
    auto now = std::chrono::steady_clock::now();
    if (now - m_last_draw < k_redraw_interval) return;
    m_last_draw = now;
    double elapsed = std::chrono::duration<double>(now - m_start).count();
    std::string line =
        fmt::format("{}pygate: {} done, {:.0f}/s, {} error{}", k_erase_line, done,
                    elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0, errors, errors == 1 ? "" : "s");
    if (fraction && *fraction > 0.0 && *fraction <= 1.0) {
        auto left = std::chrono::seconds(static_cast<long long>(elapsed * (1.0 - *fraction) / *fraction));
        line += fmt::format(", {:.0f}%, ETA {}", *fraction * 100.0, format_duration(left));
    }
    write_all(STDERR_FILENO, line);  // a display only: a failed write is not worth reporting
    m_shown = true;
}

void ProgressLine::erase() {
    if (!m_shown) return;
    write_all(STDERR_FILENO, k_erase_line);
    m_shown = false;
}

}  // namespace pygate::scanning
