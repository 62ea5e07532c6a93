#pragma once
#include <ostream>
#include <string>

#include "reporters/report.hpp"

namespace pygate::reporters {

// The JSON report of CLI.md, exactly.
std::string json_report(const Report& report);
void write_json_report(std::ostream& out, const Report& report);

}  // namespace pygate::reporters
