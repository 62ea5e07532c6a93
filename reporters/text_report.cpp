#include "reporters/text_report.hpp"

#include <fmt/format.h>

#include <set>

#include "reporters/safe_text.hpp"
#include "rules/registry.hpp"

namespace pygate::reporters {
namespace {

struct Style {
    bool color;
    std::string paint(std::string_view code, std::string_view text) const {
        return color ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : std::string(text);
    }
};

std::string_view severity_color(analyzer::Severity severity) {
    switch (severity) {
        case analyzer::Severity::error:
            return "1;31";
        case analyzer::Severity::warning:
            return "1;33";
        default:
            return "1;36";
    }
}

void write_finding(std::ostream& out, const FileReport& file, const analyzer::Finding& finding, const Style& style) {
    const rules::RuleMetadata* rule = rules::find_rule(finding.rule);
    std::string severity = analyzer::severity_name(finding.severity);
    out << style.paint("1",
                       fmt::format("{}:{}:{}:", terminal_safe(file.path), finding.range.line, finding.range.column))
        << ' ' << style.paint(severity_color(finding.severity), severity + ":") << ' '
        << style.paint("1", fmt::format("{} {}", analyzer::rule_code(finding.rule), rule ? rule->name : "")) << ": "
        << terminal_safe(finding.message) << '\n';
    if (finding.source_line.empty()) return;
    std::string line = terminal_safe(finding.source_line);
    std::string gutter = fmt::format("{:>5}", finding.range.line);
    out << style.paint("34", gutter + " | ") << line << '\n';
    std::uint32_t width =
        finding.range.end_line == finding.range.line && finding.range.end_column > finding.range.column
            ? finding.range.end_column - finding.range.column
            : 1;
    out << style.paint("34", std::string(gutter.size(), ' ') + " | ") << std::string(finding.range.column - 1, ' ')
        << style.paint(severity_color(finding.severity), std::string(width, '^')) << '\n';
}

std::string_view color_of(analyzer::Decision decision) {
    switch (decision) {
        case analyzer::Decision::deny:
            return "1;31";
        case analyzer::Decision::review:
            return "1;33";
        case analyzer::Decision::allow:
            return "1;32";
    }
    return "1;31";
}

// After a file's findings: its decision and the rules that caused it.
void write_file_decision(std::ostream& out, const FileReport& file, const Style& style) {
    std::set<std::string> rules;
    std::size_t count = 0;
    for (std::size_t i = 0; i < file.findings.size(); ++i) {
        if (file.is_baselined(i)) continue;
        rules.insert(analyzer::rule_code(file.findings[i].rule));
        ++count;
    }
    out << terminal_safe(file.path) << ": "
        << style.paint(color_of(file.decision), analyzer::decision_name(file.decision))
        << fmt::format(" ({} finding{}: {})\n", count, count == 1 ? "" : "s", fmt::join(rules, ", "));
}

}  // namespace

std::string terminal_safe(std::string_view text) {
    return safe_text(text);
}

void write_text_report(std::ostream& out, const Report& report, const TextOptions& options) {
    Style style{options.color};
    std::size_t counts[3] = {0, 0, 0};
    std::size_t findings = 0;
    std::size_t baselined = 0;
    for (const FileReport& file : report.files) {
        ++counts[static_cast<int>(file.decision)];
        std::size_t new_findings = 0;
        // Baselined findings are accepted: only their number is shown, in the summary.
        for (std::size_t i = 0; i < file.findings.size(); ++i) {
            if (file.is_baselined(i)) {
                ++baselined;
                continue;
            }
            ++new_findings;
            write_finding(out, file, file.findings[i], style);
        }
        findings += new_findings;
        if (new_findings != 0) write_file_decision(out, file, style);
    }
    std::string decision = analyzer::decision_name(report.decision);
    std::string_view decision_color = color_of(report.decision);
    std::string scope;  // built in steps: GCC 12 warns falsely (-Wrestrict) about " " + std::string
    if (!report.scope.empty()) scope.append(1, ' ').append(terminal_safe(report.scope));
    std::string target;
    if (!report.target_version.empty()) {
        target.append(" for Python ").append(terminal_safe(report.target_version));
        if (!report.target_version_source.empty())
            target.append(" (").append(terminal_safe(report.target_version_source)).append(")");
    }
    out << fmt::format("{} {}{} scanned with profile {}{}: {} allowed, {} review, {} denied; {} finding{}",
                       report.files.size(), report.files.size() == 1 ? "file" : "files", scope, report.profile, target,
                       counts[0], counts[1], counts[2], findings, findings == 1 ? "" : "s")
        << (report.baseline ? fmt::format(" ({} baselined)", baselined) : std::string())
        << "; decision: " << style.paint(decision_color, decision) << '\n';
}

}  // namespace pygate::reporters
