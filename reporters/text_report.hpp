#pragma once
#include <ostream>

#include "reporters/report.hpp"

namespace pygate::reporters {

struct TextOptions {
    bool color = false;
};

// `path:line:col: severity: PGnnn name: message`, the source line with a caret
// underline, and a summary line.
void write_text_report(std::ostream& out, const Report& report, const TextOptions& options);

// Untrusted text made safe for a terminal: control characters, bidirectional
// controls and invalid UTF-8 become U+FFFD, one column each, tabs a space.
std::string terminal_safe(std::string_view text);

}  // namespace pygate::reporters
