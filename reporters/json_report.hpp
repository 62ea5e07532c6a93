#pragma once
#include <ostream>
#include <string>

#include "reporters/report.hpp"

namespace pygate::reporters {

// The JSON report of CLI.md, exactly.
std::string json_report(const Report& report);
void write_json_report(std::ostream& out, const Report& report);

// One file's entry of that report (path, decision, findings) as a single
// compact line without a newline: what the server answers for a check.
std::string json_file_entry(const FileReport& file);

}  // namespace pygate::reporters
