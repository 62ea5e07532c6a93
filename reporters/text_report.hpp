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

// Untrusted text made safe for a terminal (safe_text): one column per
// replaced character, so carets stay under the right column.
std::string terminal_safe(std::string_view text);

}  // namespace pygate::reporters
