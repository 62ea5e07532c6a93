#pragma once
// One self-contained HTML page for a person to read after a scan: the
// decision counts, findings per rule as an inline SVG bar chart, a table of
// files that a few lines of inline JavaScript filter (by decision, rule and
// path) and sort, and each finding with its source excerpt, the highlighted
// span and the chain of names that reached it.
//
// Everything from a scanned file (paths, messages, source lines, chains) is
// escaped text; the page loads nothing: a Content-Security-Policy allows no
// fetch at all, and only the page's own script and style (by their SHA-256).
// A page stays readable for a large corpus: the table and the detailed
// findings are capped (the caps are in the page, and the JSON report has
// everything).

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

#include "reporters/report.hpp"

namespace pygate::reporters {

struct HtmlLimits {
    std::size_t table_rows = 20000;      // files listed in the table (deny, then review, then allow)
    std::size_t detailed_files = 1000;   // files whose findings are shown (deny, then review, then allow)
    std::size_t findings_per_file = 50;  // findings shown per file, each with its excerpt
    std::size_t context_lines = 2;       // lines shown either side of a finding's lines
    std::size_t line_code_points = 240;  // a longer source line is cut around the highlighted span
};

void write_html_report(std::ostream& out, const Report& report, const HtmlLimits& limits = {});
std::string html_report(const Report& report, const HtmlLimits& limits = {});

// `text` as HTML text or a quoted attribute's value: & < > " ' escaped, and
// the controls safe_text replaces replaced.
std::string html_escape(std::string_view text);

}  // namespace pygate::reporters
