#pragma once
// A finding: one rule violated at one place. Produced by the analyzer and the
// rules, given its effective severity by the gate, printed by the reporters.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pygate::analyzer {

// Rule ids are PG000..PG0nn; the number is the identity, the text is for people.
using RuleNumber = std::uint16_t;
std::string rule_code(RuleNumber rule);  // 4 -> "PG004"

enum class Severity : std::uint8_t { off, note, warning, error };
const char* severity_name(Severity severity);
std::optional<Severity> parse_severity(std::string_view name);  // "error" -> Severity::error

// 1-based lines; 1-based columns counted in Unicode code points. The end is
// exclusive in the column (as SARIF's endColumn is).
struct SourceRange {
    std::uint32_t line = 1;
    std::uint32_t column = 1;
    std::uint32_t end_line = 1;
    std::uint32_t end_column = 1;
    bool operator==(const SourceRange&) const = default;
};

// One step of how a name was reached, shown in messages and SARIF code flows:
// `import subprocess as sp` at line 1, `run = sp.run` at line 3.
struct ChainStep {
    SourceRange range;
    std::string text;
    bool operator==(const ChainStep&) const = default;
};

struct Finding {
    RuleNumber rule = 0;
    Severity severity = Severity::error;  // the effective severity, set by the gate
    SourceRange range;
    std::string message;
    std::string qualified_name;  // empty when the rule does not match a name
    std::string source_line;     // the text of range.line, for reports
    std::vector<ChainStep> chain;  // how the name was reached: imports and copies, in order
};

// Findings order in every report: (line, column, rule).
bool finding_before(const Finding& a, const Finding& b);

}  // namespace pygate::analyzer
