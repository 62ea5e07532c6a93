#include "analyzer/source.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>

#include "analyzer/coding_declaration.hpp"

namespace pygate::analyzer {
namespace {

constexpr std::string_view k_utf8_bom = "\xEF\xBB\xBF";
// Findings of one kind listed per file before the rest are summarised.
constexpr std::size_t k_max_listed_per_kind = 20;

// CPython reads "\r\n" and a lone '\r' as a line end; tree-sitter would not.
std::string normalise_line_endings(std::string bytes) {
    if (bytes.find('\r') == std::string::npos) return bytes;
    std::string out;
    out.reserve(bytes.size());
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (bytes[i] != '\r') {
            out += bytes[i];
        } else {
            out += '\n';
            if (i + 1 < bytes.size() && bytes[i + 1] == '\n') ++i;
        }
    }
    return out;
}

// Length of the well-formed UTF-8 sequence at `i`, or 0 (RFC 3629: no
// overlongs, no surrogates, nothing above U+10FFFF).
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
    auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char b0 = byte(i);
    if (b0 < 0x80) return 1;
    auto continuation = [&](std::size_t k, unsigned char lo = 0x80, unsigned char hi = 0xBF) {
        return k < s.size() && byte(k) >= lo && byte(k) <= hi;
    };
    if (b0 >= 0xC2 && b0 <= 0xDF) return continuation(i + 1) ? 2 : 0;
    if (b0 >= 0xE0 && b0 <= 0xEF) {
        unsigned char lo = b0 == 0xE0 ? 0xA0 : 0x80;
        unsigned char hi = b0 == 0xED ? 0x9F : 0xBF;
        return continuation(i + 1, lo, hi) && continuation(i + 2) ? 3 : 0;
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
        unsigned char lo = b0 == 0xF0 ? 0x90 : 0x80;
        unsigned char hi = b0 == 0xF4 ? 0x8F : 0xBF;
        return continuation(i + 1, lo, hi) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
    }
    return 0;
}

std::uint32_t decode_code_point(std::string_view s, std::size_t i, std::size_t length) {
    auto byte = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(s[k])); };
    switch (length) {
        case 1: return byte(i);
        case 2: return ((byte(i) & 0x1F) << 6) | (byte(i + 1) & 0x3F);
        case 3: return ((byte(i) & 0x0F) << 12) | ((byte(i + 1) & 0x3F) << 6) | (byte(i + 2) & 0x3F);
        default:
            return ((byte(i) & 0x07) << 18) | ((byte(i + 1) & 0x3F) << 12) | ((byte(i + 2) & 0x3F) << 6) |
                   (byte(i + 3) & 0x3F);
    }
}

struct BidiControl {
    std::uint32_t code_point;
    std::string_view name;
};
// Trojan Source (CVE-2021-42574): characters that reorder what a reviewer sees.
constexpr std::array<BidiControl, 12> k_bidi_controls = {{
    {0x202A, "LEFT-TO-RIGHT EMBEDDING"},
    {0x202B, "RIGHT-TO-LEFT EMBEDDING"},
    {0x202C, "POP DIRECTIONAL FORMATTING"},
    {0x202D, "LEFT-TO-RIGHT OVERRIDE"},
    {0x202E, "RIGHT-TO-LEFT OVERRIDE"},
    {0x2066, "LEFT-TO-RIGHT ISOLATE"},
    {0x2067, "RIGHT-TO-LEFT ISOLATE"},
    {0x2068, "FIRST STRONG ISOLATE"},
    {0x2069, "POP DIRECTIONAL ISOLATE"},
    {0x200E, "LEFT-TO-RIGHT MARK"},
    {0x200F, "RIGHT-TO-LEFT MARK"},
    {0x061C, "ARABIC LETTER MARK"},
}};

std::optional<std::string_view> bidi_control_name(std::uint32_t code_point) {
    for (const auto& control : k_bidi_controls)
        if (control.code_point == code_point) return control.name;
    return std::nullopt;
}


// Counts kinds of problem so that a binary file yields a few findings, not millions.
class ProblemList {
public:
    explicit ProblemList(std::vector<Finding>& findings) : m_findings(findings) {}
    void add(std::string_view kind, SourceRange range, std::string message) {
        std::size_t& seen = m_counts[std::string(kind)];
        if (++seen <= k_max_listed_per_kind) m_findings.push_back(unsafe_source_finding(range, std::move(message)));
        else m_last_unlisted[std::string(kind)] = range;
    }
    void summarise() {
        for (const auto& [kind, count] : m_counts) {
            if (count <= k_max_listed_per_kind) continue;
            m_findings.push_back(unsafe_source_finding(
                m_last_unlisted[kind], fmt::format("{} more {} in this file not listed ({} in all)",
                                                   count - k_max_listed_per_kind, kind, count)));
        }
    }

private:
    std::vector<Finding>& m_findings;
    std::map<std::string, std::size_t> m_counts;
    std::map<std::string, SourceRange> m_last_unlisted;
};

// The file cannot be decoded as CPython would: one finding, nothing further.
LoadedSource refused(LoadedSource loaded, SourceRange at, std::string message) {
    loaded.findings.push_back(unsafe_source_finding(at, std::move(message)));
    loaded.decodable = false;
    return loaded;
}

}  // namespace

SourceRange Source::range_of(std::size_t begin, std::size_t end) const {
    SourceRange range;
    range.line = lines.line_of(begin);
    range.column = lines.column_of(text, range.line, begin);
    range.end_line = lines.line_of(end);
    range.end_column = lines.column_of(text, range.end_line, end);
    if (range.end_line == range.line && range.end_column <= range.column) range.end_column = range.column + 1;
    return range;
}

Finding unsafe_source_finding(SourceRange range, std::string message) {
    Finding finding;
    finding.rule = k_unsafe_source_rule;
    finding.range = range;
    finding.message = std::move(message);
    return finding;
}

LoadedSource load_source(std::string bytes) {
    LoadedSource loaded;
    const bool has_bom = std::string_view(bytes).starts_with(k_utf8_bom);
    if (has_bom) bytes.erase(0, k_utf8_bom.size());
    loaded.source.text = normalise_line_endings(std::move(bytes));
    loaded.source.lines = LineIndex(loaded.source.text);
    const Source& source = loaded.source;
    const std::string_view text = source.text;

    SourceEncoding encoding = SourceEncoding::utf8;
    if (auto declaration = find_coding_declaration(text)) {
        SourceRange at = source.range_of(declaration->name_offset, declaration->name_offset + declaration->name.size());
        if (declaration->encoding == SourceEncoding::other) {
            std::string message = fmt::format(
                "coding declaration `{}` names a codec other than UTF-8 or ASCII: the bytes CPython would execute "
                "differ from the bytes shown, so the file is refused",
                declaration->name);
            return refused(std::move(loaded), at, std::move(message));
        }
        if (has_bom && !is_tokenizer_utf8_name(declaration->name)) {
            std::string message = fmt::format(
                "the file starts with a UTF-8 byte order mark but declares coding `{}`: CPython refuses this "
                "conflict, and so does pygate",
                declaration->name);
            return refused(std::move(loaded), at, std::move(message));
        }
        encoding = declaration->encoding;
    }

    ProblemList problems(loaded.findings);
    for (std::size_t i = 0; i < text.size();) {
        unsigned char byte = static_cast<unsigned char>(text[i]);
        if (byte == 0) {
            problems.add("NUL bytes", source.range_of(i, i + 1),
                         "NUL byte: CPython's handling of NUL differs between versions, so what it would execute "
                         "is not certain; the file is refused");
            ++i;
            continue;
        }
        if (byte < 0x80) {
            bool control = (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\f') || byte == 0x7F;
            if (control) loaded.invisible_offsets.push_back(i);
            ++i;
            continue;
        }
        std::size_t length = utf8_sequence_length(text, i);
        if (length == 0) {
            SourceRange at = source.range_of(i, i + 1);
            return refused(std::move(loaded), at,
                           fmt::format("invalid UTF-8 (byte 0x{:02X}): CPython cannot decode this file, so it is "
                                       "refused",
                                       byte));
        }
        if (encoding == SourceEncoding::ascii) {
            SourceRange at = source.range_of(i, i + length);
            return refused(std::move(loaded), at,
                           "non-ASCII character in a file that declares an ASCII coding: CPython cannot decode it");
        }
        std::uint32_t code_point = decode_code_point(text, i, length);
        if (code_point == 0x200B || code_point == 0x2060 || code_point == 0xFEFF) loaded.invisible_offsets.push_back(i);
        if (auto name = bidi_control_name(code_point)) {
            problems.add("bidirectional control characters", source.range_of(i, i + length),
                         fmt::format("bidirectional control character U+{:04X} {} can make the code shown "
                                     "differ from the code run (Trojan Source, CVE-2021-42574)",
                                     code_point, *name));
        }
        i += length;
    }
    problems.summarise();
    return loaded;
}

}  // namespace pygate::analyzer
