#include "lsp/diagnostics.hpp"

#include <fmt/format.h>

#include <cctype>

#include "reporters/rule_catalogue.hpp"
#include "reporters/sarif_report.hpp"
#include "rules/registry.hpp"

namespace pygate::lsp {

using nlohmann::json;

namespace {

json position_json(const Position& position) {
    return {{"line", position.line}, {"character", position.character}};
}

json range_json(const Range& range) {
    return {{"start", position_json(range.start)}, {"end", position_json(range.end)}};
}

json location_json(const DocumentPlace& place, const DocumentLookup& documents, PositionEncoding encoding) {
    const TextDocument* document = documents(place.uri);
    // A document closed since it was judged: the lines as pygate counts them, from column 0.
    const Range range = document != nullptr ? document->range_of(place.range, encoding)
                                            : Range{{place.range.line - 1, 0}, {place.range.end_line - 1, 0}};
    return {{"uri", place.uri}, {"range", range_json(range)}};
}

// Text from the judged file (names, strings) shown as markdown: the
// characters that make links, images, HTML or emphasis are escaped (code
// spans in backticks show their text as it is).
std::string markdown_escaped(std::string_view text) {
    std::string escaped;
    for (char c : text) {
        if (std::string_view("\\*_[]()<>#!|~&").find(c) != std::string_view::npos) escaped += '\\';
        escaped += c;
    }
    return escaped;
}

}  // namespace

std::string rule_page(analyzer::RuleNumber rule) {
    const rules::RuleMetadata* metadata = rules::find_rule(rule);
    std::string anchor = analyzer::rule_code(rule);
    for (char& c : anchor)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (metadata != nullptr) anchor += fmt::format("-{}", metadata->name);
    return fmt::format("{}/blob/main/docs/rules.md#{}", reporters::k_information_uri, anchor);
}

int diagnostic_severity(const LocatedFinding& finding) {
    if (finding.baselined) return 4;
    switch (finding.finding.severity) {
        case analyzer::Severity::error:
            return 1;
        case analyzer::Severity::warning:
            return 2;
        case analyzer::Severity::note:
        case analyzer::Severity::off:
            return 3;
    }
    return 1;
}

json diagnostic_json(const LocatedFinding& located, const TextDocument& shown_on, const DocumentLookup& documents,
                     PositionEncoding encoding) {
    const analyzer::Finding& finding = located.finding;
    std::string message = finding.message;
    if (located.baselined) message = fmt::format("{} (in the baseline: {})", message, *located.baselined);
    json diagnostic = {{"range", range_json(shown_on.range_of(finding.range, encoding))},
                       {"severity", diagnostic_severity(located)},
                       {"code", analyzer::rule_code(finding.rule)},
                       {"codeDescription", {{"href", rule_page(finding.rule)}}},
                       {"source", "pygate"},
                       {"message", message}};
    json related = json::array();
    if (located.cause)
        related.push_back({{"location", location_json(*located.cause, documents, encoding)},
                           {"message", "the finding is here, in an earlier cell"}});
    for (const LocatedStep& step : located.chain)
        related.push_back({{"location", location_json(step.place, documents, encoding)},
                           {"message", fmt::format("`{}`", step.text)}});
    if (!related.empty()) diagnostic["relatedInformation"] = std::move(related);
    if (!finding.qualified_name.empty()) diagnostic["data"] = {{"qualifiedName", finding.qualified_name}};
    return diagnostic;
}

json diagnostics_json(const std::vector<LocatedFinding>& findings, const TextDocument& shown_on,
                      const DocumentLookup& documents, PositionEncoding encoding) {
    json items = json::array();
    for (const LocatedFinding& finding : findings)
        if (finding.finding.severity != analyzer::Severity::off)
            items.push_back(diagnostic_json(finding, shown_on, documents, encoding));
    return items;
}

std::string hover_markdown(const LocatedFinding& located) {
    const analyzer::Finding& finding = located.finding;
    std::string text =
        fmt::format("**{}** {}\n\n", analyzer::rule_code(finding.rule), markdown_escaped(finding.message));
    if (const rules::RuleMetadata* rule = rules::find_rule(finding.rule)) {
        text += fmt::format("### {} {}\n\n", rule->code(), rule->name);
        text += reporters::rule_help_markdown(*rule);
        text += fmt::format("\n\n[{} on the rules' page]({})\n", rule->code(), rule_page(finding.rule));
    }
    return text;
}

}  // namespace pygate::lsp
