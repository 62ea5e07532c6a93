#pragma once
#include <nlohmann/json.hpp>
#include <ostream>

#include "reporters/report.hpp"

namespace pygate::reporters {

// The JSON report of CLI.md, exactly.
nlohmann::ordered_json json_report(const Report& report);
void write_json_report(std::ostream& out, const Report& report);

}  // namespace pygate::reporters
