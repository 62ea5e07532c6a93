#pragma once
// GitHub Actions workflow commands (`--format github`): one annotation per
// finding,
//   ::error file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=PG004 process-execution::MESSAGE
// (`::warning` for warnings, `::notice` for notes), then one summary line
//   ::notice::pygate: deny (3 files: 1 allowed, 1 review, 1 denied)
//
// The runner reads commands line by line, so paths and messages from untrusted
// files must never start a line of their own: '%', CR and LF are escaped as
// %25, %0D and %0A (and ':' and ',' as %3A and %2C inside property values),
// which the runner decodes back. Other control characters, bidirectional
// controls, U+2028/U+2029 and invalid UTF-8 become U+FFFD.
//
// GitHub shows at most 10 annotations of each level per step (50 per job);
// the log keeps every line.

#include <ostream>
#include <string>
#include <string_view>

#include "reporters/report.hpp"

namespace pygate::reporters {

void write_github_report(std::ostream& out, const Report& report);

// The text of a workflow command's message (after the second "::").
std::string github_escape_data(std::string_view text);
// The value of a workflow command's property (`file=`, `title=`).
std::string github_escape_property(std::string_view text);

}  // namespace pygate::reporters
