#include "reporters/github_report.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "reporters/safe_text.hpp"
#include "rules/registry.hpp"

namespace pygate::reporters {
namespace {

// The runner's own escapes (actions/runner ActionCommand.cs); safe_text
// replaces anything else that could break the line or mislead a reader.
std::string escaped(std::string_view text, bool property) {
    return safe_text(text, [property](std::uint32_t cp) -> std::optional<std::string_view> {
        if (cp == '%') return "%25";
        if (cp == '\r') return "%0D";
        if (cp == '\n') return "%0A";
        if (property && cp == ':') return "%3A";
        if (property && cp == ',') return "%2C";
        return std::nullopt;
    });
}

const char* command_for(analyzer::Severity severity) {
    switch (severity) {
        case analyzer::Severity::error:
            return "error";
        case analyzer::Severity::warning:
            return "warning";
        default:
            return "notice";
    }
}

void write_finding(std::ostream& out, const FileReport& file, const analyzer::Finding& finding) {
    const rules::RuleMetadata* rule = rules::find_rule(finding.rule);
    std::string title = analyzer::rule_code(finding.rule);
    if (rule != nullptr) title += fmt::format(" {}", rule->name);
    // Annotations start at line 1, column 1, and end after they start.
    const analyzer::SourceRange& range = finding.range;
    std::uint32_t line = std::max<std::uint32_t>(range.line, 1);
    std::uint32_t column = std::max<std::uint32_t>(range.column, 1);
    std::uint32_t end_line = std::max(range.end_line, line);
    std::uint32_t end_column = std::max<std::uint32_t>(range.end_column, 1);
    if (end_line == line && end_column <= column) end_column = column + 1;
    out << fmt::format("::{} file={},line={},col={},endLine={},endColumn={},title={}::{}\n",
                       command_for(finding.severity), github_escape_property(file.path), line, column, end_line,
                       end_column, github_escape_property(title), github_escape_data(finding.message));
}

}  // namespace

std::string github_escape_data(std::string_view text) {
    return escaped(text, false);
}
std::string github_escape_property(std::string_view text) {
    return escaped(text, true);
}

void write_github_report(std::ostream& out, const Report& report) {
    std::size_t counts[3] = {0, 0, 0};
    for (const FileReport& file : report.files) {
        ++counts[static_cast<int>(file.decision)];
        for (std::size_t i = 0; i < file.findings.size(); ++i)
            if (!file.is_baselined(i)) write_finding(out, file, file.findings[i]);  // accepted: no annotation
    }
    out << fmt::format("::notice::pygate: {} ({} file{}: {} allowed, {} review, {} denied)\n",
                       analyzer::decision_name(report.decision), report.files.size(),
                       report.files.size() == 1 ? "" : "s", counts[0], counts[1], counts[2]);
}

}  // namespace pygate::reporters
