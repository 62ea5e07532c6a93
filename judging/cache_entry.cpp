#include "judging/cache_entry.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdint>

#include "analyzer/text/source.hpp"
#include "profiles/profile_gate.hpp"
#include "rules/registry.hpp"

namespace pygate::judging {
namespace {

// The first line of every entry; a new layout gets a new number.
constexpr std::string_view k_magic = "pygate-result-cache 1\n";

// Writes strings as <length>:<bytes>, so any bytes (newlines, NULs) round-trip
// and the reader never searches for a terminator.
void put_text(std::string& out, std::string_view text) {
    fmt::format_to(std::back_inserter(out), "{}:", text.size());
    out.append(text);
}

void put_range(std::string& out, const analyzer::SourceRange& range) {
    fmt::format_to(std::back_inserter(out), "{} {} {} {} ", range.line, range.column, range.end_line, range.end_column);
}

// Reads what encode_cache_entry wrote; every read checks its bounds and
// reports failure by `ok`, which stays false once false.
class Reader {
public:
    explicit Reader(std::string_view text) : m_text(text) {}

    bool ok() const { return m_ok; }
    bool at_end() const { return m_text.empty(); }

    void expect(std::string_view literal) {
        if (!m_ok || !m_text.starts_with(literal)) {
            m_ok = false;
            return;
        }
        m_text.remove_prefix(literal.size());
    }

    // A decimal number ended by `end`, written as encode_cache_entry writes
    // it (no sign, no leading zero): one entry has one spelling.
    template <class Number>
    Number number(char end) {
        Number value{};
        if (!m_ok) return value;
        if (m_text.size() > 1 && m_text[0] == '0' && m_text[1] != end) {
            m_ok = false;
            return value;
        }
        auto [stop, error] = std::from_chars(m_text.data(), m_text.data() + m_text.size(), value);
        if (error != std::errc() || stop == m_text.data() || stop == m_text.data() + m_text.size() || *stop != end) {
            m_ok = false;
            return value;
        }
        m_text.remove_prefix(static_cast<std::size_t>(stop - m_text.data()) + 1);
        return value;
    }

    std::string text() {
        auto size = number<std::size_t>(':');
        if (!m_ok || size > m_text.size()) {
            m_ok = false;
            return {};
        }
        std::string value(m_text.substr(0, size));
        m_text.remove_prefix(size);
        return value;
    }

    analyzer::SourceRange range() {
        analyzer::SourceRange range;
        range.line = number<std::uint32_t>(' ');
        range.column = number<std::uint32_t>(' ');
        range.end_line = number<std::uint32_t>(' ');
        range.end_column = number<std::uint32_t>(' ');
        return range;
    }

    // A count of items each taking at least `min_bytes`: never more than the text could hold.
    std::size_t count(char end, std::size_t min_bytes) {
        auto value = number<std::size_t>(end);
        if (m_ok && value > m_text.size() / min_bytes) m_ok = false;
        return m_ok ? value : 0;
    }

private:
    std::string_view m_text;
    bool m_ok = true;
};

// What the gate says of the findings now must be what the entry says: the
// same severities, none turned off, the same decision; and PG000, which no
// profile can lower, an error.
bool judged_alike(const CachedResult& result, const analyzer::Profile& profile) {
    for (const auto& finding : result.findings)
        if (finding.rule == analyzer::k_unsafe_source_rule && finding.severity != analyzer::Severity::error)
            return false;
    std::vector<analyzer::Finding> rejudged = result.findings;
    if (profiles::judge_findings(rejudged, profile) != result.decision) return false;
    if (rejudged.size() != result.findings.size()) return false;
    for (std::size_t i = 0; i < rejudged.size(); ++i)
        if (rejudged[i].severity != result.findings[i].severity) return false;
    return true;
}

}  // namespace

std::string encode_cache_entry(const CacheEntryOrigin& origin, const CachedResult& result) {
    std::string out(k_magic);
    put_text(out, origin.pygate);
    put_text(out, origin.profile);
    put_text(out, origin.content);
    fmt::format_to(std::back_inserter(out), "\n{} {}\n", static_cast<int>(result.decision), result.findings.size());
    for (const auto& finding : result.findings) {
        fmt::format_to(std::back_inserter(out), "{} {} ", finding.rule, static_cast<int>(finding.severity));
        put_range(out, finding.range);
        put_text(out, finding.message);
        put_text(out, finding.qualified_name);
        put_text(out, finding.source_line);
        fmt::format_to(std::back_inserter(out), "{}\n", finding.chain.size());
        for (const auto& step : finding.chain) {
            put_range(out, step.range);
            put_text(out, step.text);
            out += '\n';
        }
    }
    return out;
}

std::optional<CachedResult> decode_cache_entry(std::string_view text, const CacheEntryOrigin& expected,
                                               const analyzer::Profile& profile) {
    Reader in(text);
    in.expect(k_magic);
    if (in.text() != expected.pygate || in.text() != expected.profile || in.text() != expected.content || !in.ok())
        return std::nullopt;
    in.expect("\n");
    CachedResult result;
    auto decision = in.number<int>(' ');
    if (decision < 0 || decision > static_cast<int>(analyzer::Decision::deny)) return std::nullopt;
    result.decision = static_cast<analyzer::Decision>(decision);
    // A finding takes at least 2+1+8+6+1 bytes: rule, severity, range, three empty texts, chain count.
    std::size_t findings = in.count('\n', 18);
    result.findings.reserve(findings);
    for (std::size_t i = 0; i < findings && in.ok(); ++i) {
        analyzer::Finding& finding = result.findings.emplace_back();
        finding.rule = in.number<analyzer::RuleNumber>(' ');
        auto severity = in.number<int>(' ');
        if (rules::find_rule(finding.rule) == nullptr || severity < 0 ||
            severity > static_cast<int>(analyzer::Severity::error))
            return std::nullopt;
        finding.severity = static_cast<analyzer::Severity>(severity);
        finding.range = in.range();
        finding.message = in.text();
        finding.qualified_name = in.text();
        finding.source_line = in.text();
        std::size_t steps = in.count('\n', 11);
        for (std::size_t s = 0; s < steps && in.ok(); ++s) {
            analyzer::ChainStep& step = finding.chain.emplace_back();
            step.range = in.range();
            step.text = in.text();
            in.expect("\n");
        }
    }
    if (!in.ok() || !in.at_end() || !judged_alike(result, profile)) return std::nullopt;
    return result;
}

}  // namespace pygate::judging
