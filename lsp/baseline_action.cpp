#include "lsp/baseline_action.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "lsp/uri.hpp"
#include "settings/baseline.hpp"

namespace pygate::lsp {

using nlohmann::json;

namespace {

json position_json(const Position& position) {
    return {{"line", position.line}, {"character", position.character}};
}

json text_edit(const Position& end, const std::string& text) {
    return {{"range", {{"start", position_json({0, 0})}, {"end", position_json(end)}}}, {"newText", text}};
}

}  // namespace

std::optional<json> baseline_action(const BaselineFile& file, const std::string& report_path,
                                    const analyzer::Finding& finding, const json& diagnostic) {
    settings::Baseline baseline;
    std::string existing;
    const bool exists = std::filesystem::exists(file.path);
    if (exists) {
        std::ifstream in(file.path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        existing = text.str();
        auto parsed = settings::parse_baseline(existing);
        if (!std::holds_alternative<settings::Baseline>(parsed)) return std::nullopt;
        baseline = std::get<settings::Baseline>(std::move(parsed));
    } else if (!file.client_can_create) {
        return std::nullopt;
    }
    settings::BaselineEntry entry;
    entry.path = report_path;
    entry.fingerprint = settings::finding_fingerprint(entry.path, finding);
    entry.rule = analyzer::rule_code(finding.rule);
    entry.qualified_name = finding.qualified_name;
    entry.source_line = settings::normalised_source_line(finding.source_line);
    entry.reason = k_baseline_reason;
    baseline.entries.push_back(std::move(entry));
    const std::string text = settings::baseline_json(baseline.entries);
    const std::string uri = uri_of_path(file.path);
    json edit;
    if (exists) {
        // The whole file replaced: from its start to its last position.
        const TextDocument current(uri, "json", 0, existing);
        const auto last = static_cast<std::uint32_t>(current.line_count() - 1);
        const Position end{last, units_of_code_points(current.line(last), UINT32_MAX, file.encoding)};
        edit = {{"changes", {{uri, json::array({text_edit(end, text)})}}}};
    } else {
        edit = {{"documentChanges",
                 json::array({{{"kind", "create"}, {"uri", uri}, {"options", {{"ignoreIfExists", true}}}},
                              {{"textDocument", {{"uri", uri}, {"version", nullptr}}},
                               {"edits", json::array({text_edit({0, 0}, text)})}}})}};
    }
    std::string title = fmt::format("pygate: add {} to the baseline with a reason", analyzer::rule_code(finding.rule));
    if (!finding.qualified_name.empty()) title += fmt::format(" ({})", finding.qualified_name);
    return json{{"title", title}, {"kind", "quickfix"}, {"diagnostics", json::array({diagnostic})}, {"edit", edit}};
}

}  // namespace pygate::lsp
