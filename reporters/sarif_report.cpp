#include "reporters/sarif_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <string>

#include "analyzer/text/line_index.hpp"
#include "reporters/rule_catalogue.hpp"
#include "rules/catalogue.hpp"
#include "rules/registry.hpp"

namespace pygate::reporters {

using nlohmann::ordered_json;

namespace {

constexpr std::string_view k_schema = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr std::string_view k_source_root = "%SRCROOT%";

const char* sarif_level(analyzer::Severity severity) {
    switch (severity) {
        case analyzer::Severity::error:
            return "error";
        case analyzer::Severity::warning:
            return "warning";
        case analyzer::Severity::note:
            return "note";
        case analyzer::Severity::off:
            return "none";
    }
    return "error";
}

// GitHub's scale: 9.0 and above is critical, 4.0 to 6.9 medium, 0.1 to 3.9 low.
const char* security_severity(analyzer::Severity severity) {
    switch (severity) {
        case analyzer::Severity::error:
            return "9.0";
        case analyzer::Severity::warning:
            return "5.0";
        case analyzer::Severity::note:
            return "2.0";
        case analyzer::Severity::off:
            return nullptr;
    }
    return nullptr;
}

// "CWE-94" -> "external/cwe/cwe-94", the tag GitHub links to the CWE.
std::string cwe_tag(std::string_view cwe) {
    std::string tag = "external/cwe/";
    for (char c : cwe)
        tag += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return tag;
}

ordered_json rule_descriptor(const rules::RuleMetadata& rule) {
    std::ostringstream text;
    write_rule_explanation(text, rule);
    ordered_json tags = ordered_json::array({"security"});
    for (std::string_view cwe : rule.cwe)
        tags.push_back(cwe_tag(cwe));
    ordered_json properties = {{"tags", std::move(tags)}};
    if (const char* score = security_severity(rule.default_severity)) properties["security-severity"] = score;
    return {{"id", rule.code()},
            {"name", rule.name},
            {"shortDescription", {{"text", rule.summary}}},
            {"fullDescription", {{"text", rule.catches}}},
            {"help", {{"text", text.str()}, {"markdown", rule_help_markdown(rule)}}},
            {"defaultConfiguration", {{"level", sarif_level(rule.default_severity)}}},
            {"properties", std::move(properties)}};
}

// Every byte but the unreserved characters and '/' is percent-encoded: spaces,
// '%', '#', '?', ':' (which would read as a scheme in a first segment) and
// bytes that are not UTF-8 all survive the round trip.
std::string percent_encoded(std::string_view path) {
    std::string out;
    out.reserve(path.size());
    for (char c : path) {
        auto byte = static_cast<unsigned char>(c);
        bool unreserved = (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') ||
                          (byte >= '0' && byte <= '9') || byte == '-' || byte == '.' || byte == '_' || byte == '~' ||
                          byte == '/';
        if (unreserved)
            out += c;
        else
            out += fmt::format("%{:02X}", byte);
    }
    return out;
}

ordered_json artifact_location(std::string_view path) {
    if (path.starts_with('/')) return {{"uri", "file://" + percent_encoded(path)}};
    return {{"uri", percent_encoded(path)}, {"uriBaseId", k_source_root}};
}

// Columns as the line index counts them: every byte that does not continue a
// UTF-8 sequence starts a code point.
bool starts_code_point(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
}

std::size_t byte_offset_of_column(std::string_view line, std::uint32_t column) {
    std::uint32_t seen = 0;
    for (std::size_t i = 0; i < line.size(); ++i)
        if (starts_code_point(line[i]) && ++seen == column) return i;
    return line.size();
}

// SARIF regions start at line 1, column 1, and end after they start.
struct Region {
    std::uint32_t start_line, start_column, end_line, end_column;
};

Region region_of(const analyzer::SourceRange& range) {
    Region region{};
    region.start_line = std::max<std::uint32_t>(range.line, 1);
    region.start_column = std::max<std::uint32_t>(range.column, 1);
    region.end_line = std::max(range.end_line, region.start_line);
    region.end_column = std::max<std::uint32_t>(range.end_column, 1);
    if (region.end_line == region.start_line && region.end_column <= region.start_column)
        region.end_column = region.start_column + 1;
    return region;
}

ordered_json region_json(const Region& region) {
    return {{"startLine", region.start_line},
            {"startColumn", region.start_column},
            {"endLine", region.end_line},
            {"endColumn", region.end_column}};
}

// The region, its own text as the snippet, and the whole line as a context
// region when the line is larger than the region (SARIF wants a proper
// superset). `source_line` is the text of range.line.
ordered_json physical_location(std::string_view path, const analyzer::SourceRange& range,
                               std::string_view source_line) {
    const Region region = region_of(range);
    ordered_json sarif_region = region_json(region);
    ordered_json location = {{"artifactLocation", artifact_location(path)}};
    const std::uint32_t line_end = analyzer::count_code_points(source_line) + 1;
    const bool on_the_line = !source_line.empty() && region.start_line == range.line &&
                             region.end_line == region.start_line && region.end_column <= line_end;
    if (on_the_line) {
        std::size_t begin = byte_offset_of_column(source_line, region.start_column);
        std::size_t end = byte_offset_of_column(source_line, region.end_column);
        sarif_region["snippet"] = {{"text", std::string(source_line.substr(begin, end - begin))}};
    }
    location["region"] = std::move(sarif_region);
    if (on_the_line && (region.start_column > 1 || region.end_column < line_end)) {
        ordered_json context = region_json({region.start_line, 1, region.start_line, line_end});
        context["snippet"] = {{"text", std::string(source_line)}};
        location["contextRegion"] = std::move(context);
    }
    return location;
}

// 64-bit FNV-1a: small, fixed and the same on every platform.
std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = 0xcbf29ce484222325ULL) {
    for (char c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

std::string line_hash(const analyzer::Finding& finding) {
    std::string normalised;
    for (char c : finding.source_line)
        if (c != ' ' && c != '\t' && c != '\f' && c != '\v' && c != '\r' && c != '\n') normalised += c;
    std::uint64_t hash = fnv1a(analyzer::rule_code(finding.rule));
    hash = fnv1a(std::string_view("\0", 1), hash);
    return fmt::format("{:016x}", fnv1a(normalised, hash));
}

std::optional<std::size_t> rule_index(analyzer::RuleNumber number) {
    auto rules = rules::all_rules();
    for (std::size_t i = 0; i < rules.size(); ++i)
        if (rules[i]->number == number) return i;
    return std::nullopt;
}

// How the name was reached, as one thread flow: each import and copy, then the use.
ordered_json code_flow(const FileReport& file, const analyzer::Finding& finding) {
    ordered_json locations = ordered_json::array();
    auto add = [&](const analyzer::SourceRange& range, std::string_view line_text, const std::string& message) {
        ordered_json location = {{"physicalLocation", physical_location(file.path, range, line_text)},
                                 {"message", {{"text", message}}}};
        locations.push_back({{"location", std::move(location)}});
    };
    for (const analyzer::ChainStep& step : finding.chain)
        add(step.range, step.text, fmt::format("`{}`", step.text));
    add(finding.range, finding.source_line, fmt::format("used here as `{}`", finding.qualified_name));
    return ordered_json::array({{{"threadFlows", ordered_json::array({{{"locations", std::move(locations)}}})}}});
}

// `baseline_reason`: the justification of the baseline entry that absorbed the finding, if one did.
ordered_json result_json(const FileReport& file, const analyzer::Finding& finding, const std::string& fingerprint,
                         bool baseline_applied, const std::string* baseline_reason) {
    ordered_json result;
    result["ruleId"] = analyzer::rule_code(finding.rule);
    if (auto index = rule_index(finding.rule)) result["ruleIndex"] = *index;
    result["level"] = sarif_level(finding.severity);
    result["message"] = {{"text", finding.message}};
    result["locations"] =
        ordered_json::array({{{"physicalLocation", physical_location(file.path, finding.range, finding.source_line)}}});
    if (!finding.chain.empty()) result["codeFlows"] = code_flow(file, finding);
    result["partialFingerprints"] = {{"primaryLocationLineHash", fingerprint}};
    if (baseline_reason != nullptr) {
        // Accepted in a baseline: shown as suppressed, and not counted by the gate.
        result["suppressions"] = ordered_json::array({{{"kind", "external"}, {"justification", *baseline_reason}}});
    }
    if (baseline_applied) result["baselineState"] = baseline_reason != nullptr ? "unchanged" : "new";
    ordered_json properties = {{"pygate/decision", analyzer::decision_name(file.decision)}};
    if (!finding.qualified_name.empty()) properties["pygate/qualifiedName"] = finding.qualified_name;
    result["properties"] = std::move(properties);
    return result;
}

// The notification "this file could not be judged": PG000's own descriptor
// (GitHub wants help on every descriptor).
ordered_json notification_descriptor(const rules::RuleMetadata& rule) {
    ordered_json descriptor = rule_descriptor(rule);
    descriptor.erase("properties");
    return descriptor;
}

// One notification per file pygate could not judge, pointing at the file.
ordered_json unjudged_file_notification(const FileReport& file) {
    const analyzer::RuleNumber pg000 = rules::k_pg000_unsafe_source.number;
    const analyzer::Finding* first = nullptr;
    std::size_t count = 0;
    for (const auto& finding : file.findings) {
        if (finding.rule != pg000) continue;
        if (first == nullptr) first = &finding;
        ++count;
    }
    if (first == nullptr) return nullptr;
    std::string text =
        fmt::format("{} {}: {}", analyzer::rule_code(pg000), rules::k_pg000_unsafe_source.name, first->message);
    if (count > 1)
        text +=
            fmt::format(" (and {} more {} finding{})", count - 1, analyzer::rule_code(pg000), count == 2 ? "" : "s");
    text += fmt::format("; decision: {}", analyzer::decision_name(file.decision));
    ordered_json notification;
    notification["level"] = "error";
    notification["message"] = {{"text", std::move(text)}};
    notification["locations"] =
        ordered_json::array({{{"physicalLocation", physical_location(file.path, first->range, first->source_line)}}});
    // descriptor: the one entry of tool.driver.notifications; associatedRule: PG000 in tool.driver.rules.
    notification["descriptor"] = {{"id", analyzer::rule_code(pg000)}, {"index", 0}};
    ordered_json rule = {{"id", analyzer::rule_code(pg000)}};
    if (auto index = rule_index(pg000)) rule["index"] = *index;
    notification["associatedRule"] = std::move(rule);
    return notification;
}

}  // namespace

ordered_json sarif_report(const Report& report, const SarifOptions& options) {
    ordered_json rules = ordered_json::array();
    for (const rules::RuleMetadata* rule : rules::all_rules())
        rules.push_back(rule_descriptor(*rule));
    ordered_json driver;
    driver["name"] = "pygate";
    if (!report.tool_version.empty()) {
        driver["version"] = report.tool_version;
        driver["semanticVersion"] = report.tool_version;
    }
    driver["informationUri"] = k_information_uri;
    driver["rules"] = std::move(rules);
    driver["notifications"] = ordered_json::array({notification_descriptor(rules::k_pg000_unsafe_source)});

    ordered_json results = ordered_json::array();
    ordered_json notifications = ordered_json::array();
    ordered_json files = ordered_json::array();
    for (const FileReport& file : report.files) {
        std::map<std::string, std::size_t> occurrences;
        for (std::size_t i = 0; i < file.findings.size(); ++i) {
            const analyzer::Finding& finding = file.findings[i];
            std::string hash = line_hash(finding);
            std::size_t occurrence = ++occurrences[hash];
            const std::string* reason = file.is_baselined(i) ? &*file.baselined[i] : nullptr;
            results.push_back(
                result_json(file, finding, fmt::format("{}:{}", hash, occurrence), report.baseline, reason));
        }
        ordered_json notification = unjudged_file_notification(file);
        if (!notification.is_null()) notifications.push_back(std::move(notification));
        files.push_back({{"path", file.path}, {"decision", analyzer::decision_name(file.decision)}});
    }

    ordered_json invocation = {{"executionSuccessful", true}};
    // Absolute file:// URIs are placed in the repository through the working
    // directory (GitHub's "checkout path"); without one, the output does not
    // depend on where pygate ran.
    const bool any_absolute = std::any_of(report.files.begin(), report.files.end(),
                                          [](const FileReport& file) { return file.path.starts_with('/'); });
    if (any_absolute && options.working_directory.starts_with('/')) {
        std::string uri = "file://" + percent_encoded(options.working_directory);
        if (!uri.ends_with('/')) uri += '/';
        invocation["workingDirectory"] = {{"uri", std::move(uri)}};
    }
    if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);

    ordered_json run;
    run["tool"] = {{"driver", std::move(driver)}};
    run["invocations"] = ordered_json::array({std::move(invocation)});
    run["originalUriBaseIds"] = {
        {k_source_root,
         {{"description", {{"text", "The folder pygate was run in; relative paths are reported from it."}}}}}};
    run["results"] = std::move(results);
    run["columnKind"] = "unicodeCodePoints";
    run["properties"] = {{"pygate/decision", analyzer::decision_name(report.decision)},
                         {"pygate/profile", report.profile},
                         {"pygate/files", std::move(files)}};
    if (!report.target_version.empty()) {
        run["properties"]["pygate/targetVersion"] = report.target_version;
        if (!report.target_version_source.empty())
            run["properties"]["pygate/targetVersionSource"] = report.target_version_source;
    }

    ordered_json out;
    out["$schema"] = k_schema;
    out["version"] = "2.1.0";
    out["runs"] = ordered_json::array({std::move(run)});
    return out;
}

void write_sarif_report(std::ostream& out, const Report& report, const SarifOptions& options) {
    // Paths, messages and source lines come from untrusted files: invalid UTF-8 is replaced, never fatal.
    out << sarif_report(report, options).dump(2, ' ', false, ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace pygate::reporters
