#include "analyzer/finding.hpp"

#include <fmt/format.h>

#include <tuple>

namespace pygate::analyzer {

std::string rule_code(RuleNumber rule) {
    return fmt::format("PG{:03}", rule);
}

const char* severity_name(Severity severity) {
    switch (severity) {
        case Severity::off:
            return "off";
        case Severity::note:
            return "note";
        case Severity::warning:
            return "warning";
        case Severity::error:
            return "error";
    }
    return "error";
}

std::optional<Severity> parse_severity(std::string_view name) {
    for (Severity severity : {Severity::off, Severity::note, Severity::warning, Severity::error})
        if (name == severity_name(severity)) return severity;
    return std::nullopt;
}

bool finding_before(const Finding& a, const Finding& b) {
    return std::tie(a.range.line, a.range.column, a.rule, a.message, a.range.end_line, a.range.end_column) <
           std::tie(b.range.line, b.range.column, b.rule, b.message, b.range.end_line, b.range.end_column);
}

}  // namespace pygate::analyzer
