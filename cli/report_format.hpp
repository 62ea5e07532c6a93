#pragma once
// The report formats of `pygate check` and their names, once: the command
// line, the configuration file and `pygate config` all read this table.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pygate::cli {

enum class ReportFormat { text, json, jsonl, sarif, github, html };

inline constexpr std::pair<std::string_view, ReportFormat> k_report_formats[] = {
    {"text", ReportFormat::text},   {"json", ReportFormat::json},     {"jsonl", ReportFormat::jsonl},
    {"sarif", ReportFormat::sarif}, {"github", ReportFormat::github}, {"html", ReportFormat::html},
};

inline std::vector<std::string> report_format_names() {
    std::vector<std::string> names;
    for (const auto& [name, format] : k_report_formats) names.emplace_back(name);
    return names;
}

}  // namespace pygate::cli
