#include "rules/catalogue.hpp"

#include <fmt/format.h>

#include <array>

namespace pygate::rules {
namespace {

using analyzer::RuleContext;

constexpr analyzer::RuleNumber k_rule = 12;
// Above the name rules: a limit's location keeps its finding whatever else is found there.
constexpr int k_specificity = 200;
constexpr std::array<std::string_view, 2> k_cwe = {"CWE-400", "CWE-674"};

std::vector<std::string> limits() {
    return {
        "source.max_bytes: bytes of the decoded source (shown at the first byte past the limit)",
        "source.max_lines: lines (shown at the first line past the limit)",
        "source.max_nodes: syntax nodes, tokens included (shown at 1:1)",
        "source.max_depth: nesting depth of syntax nodes, the module being 0 (shown at the first deepest node)",
        "source.max_string_bytes: bytes of a string or bytes literal, quotes included (shown at the first longest)",
    };
}
constexpr std::array<RuleTable, 1> k_tables = {{{"Limits, from the profile's [source] table", limits}}};

// "source has 20001 lines; profile safe_eval allows at most 20000 (source.max_lines)".
std::string over(std::string_view subject, std::uint64_t value, std::string_view unit, std::int64_t limit,
                 std::string_view key, const analyzer::Profile& profile) {
    return fmt::format("{} {} {}; profile {} allows at most {} (source.{})", subject, value, unit, profile.name, limit,
                       key);
}

bool exceeds(std::uint64_t value, std::int64_t limit) {
    return limit >= 0 && value > static_cast<std::uint64_t>(limit);
}

// Lines as people count them: a final newline ends the last line, it does not start one.
std::uint64_t line_count(const analyzer::Source& source) {
    std::uint64_t lines = source.lines.line_count();
    return source.text.empty() || source.text.back() == '\n' ? lines - 1 : lines;
}

void on_module(const analyzer::ModuleSite& site, RuleContext& context) {
    const analyzer::Profile& profile = context.profile();
    const analyzer::SourceLimits& limit = profile.source;
    const analyzer::SourceMetrics& metrics = site.metrics;
    const std::string& text = site.source.text;
    auto report = [&](auto... at_and_message) {
        context.report(k_rule, analyzer::Severity::error, at_and_message..., k_specificity);
    };
    if (exceeds(text.size(), limit.max_bytes)) {
        auto first = static_cast<std::uint32_t>(limit.max_bytes);
        while (first > 0 && (static_cast<unsigned char>(text[first]) & 0xC0) == 0x80)
            --first;  // a whole character
        report(first, first + 1, over("source has", text.size(), "bytes", limit.max_bytes, "max_bytes", profile));
    }
    if (std::uint64_t lines = line_count(site.source); exceeds(lines, limit.max_lines)) {
        auto line = static_cast<std::uint32_t>(limit.max_lines + 1);
        std::string_view first = site.source.line_text(line);
        auto begin = static_cast<std::uint32_t>(first.data() - text.data());
        report(begin, begin + static_cast<std::uint32_t>(first.size()),
               over("source has", lines, "lines", limit.max_lines, "max_lines", profile));
    }
    if (exceeds(metrics.nodes, limit.max_nodes))
        report(0u, 0u, over("source has", metrics.nodes, "syntax nodes", limit.max_nodes, "max_nodes", profile));
    if (exceeds(metrics.max_depth, limit.max_depth))
        report(metrics.deepest,
               over("syntax nests", metrics.max_depth, "levels deep", limit.max_depth, "max_depth", profile));
    if (exceeds(metrics.longest_string, limit.max_string_bytes))
        report(metrics.longest, over("string literal has", metrics.longest_string, "bytes", limit.max_string_bytes,
                                     "max_string_bytes", profile));
}

constexpr analyzer::RuleHooks k_hooks{.on_module = on_module};

}  // namespace

const RuleMetadata k_pg012_source_limits{
    .number = k_rule,
    .name = "source-limits",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Source over the profile's [source] limits: bytes, lines, nodes, nesting depth, longest literal",
    .catches =
        "A file larger than the profile's source limits: more bytes (source.max_bytes) or lines "
        "(source.max_lines) than allowed, more syntax nodes (source.max_nodes), syntax nested deeper than "
        "source.max_depth, or a string or bytes literal longer than source.max_string_bytes. Each message gives "
        "the measured value and the limit.",
    .why =
        "Deep nesting crashes CPython's parser and compiler (and slows every tool that reads the file); huge "
        "files and node counts make analysis and review expensive; a long literal is how data, a second "
        "program or an encoded payload is smuggled inside code that looks small.",
    .bad_example =
        "PAYLOAD = \"aGVsbG8g...\"  # 200 kB of base64: over source.max_string_bytes\n"
        "x = ((((((((((1))))))))))  # ... and so on, 120 deep: over source.max_depth\n",
    .good_example =
        "def total(values):\n"
        "    return sum(values)\n",
    .instead =
        "Keep untrusted code small and flat; pass data as input, not as literals; a profile with other needs "
        "can raise its [source] limits.",
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
