#include "analyzer/text/source.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "analyzer/capped_findings.hpp"
#include "analyzer/text/coding_declaration.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::analyzer {
namespace {

constexpr std::string_view k_utf8_bom = "\xEF\xBB\xBF";

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

// The offset of the first byte at or after `i` that is not printable ASCII
// (0x20-0x7E), eight bytes at a time: most of a source file needs no closer look.
std::size_t skip_printable_ascii(std::string_view text, std::size_t i) {
    constexpr std::uint64_t k_ones = 0x0101010101010101, k_highs = 0x8080808080808080;
    while (i + sizeof(std::uint64_t) <= text.size()) {
        std::uint64_t word;
        std::memcpy(&word, text.data() + i, sizeof word);
        bool below_space = ((word - k_ones * 0x20) & ~word & k_highs) != 0;
        bool above_tilde = (((word + k_ones * (127 - 0x7E)) | word) & k_highs) != 0;
        if (below_space || above_tilde) break;
        i += sizeof word;
    }
    while (i < text.size() && text[i] >= 0x20 && text[i] < 0x7F)
        ++i;
    return i;
}

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

    CappedFindings problems(loaded.findings, k_unsafe_source_rule);
    for (std::size_t i = skip_printable_ascii(text, 0); i < text.size(); i = skip_printable_ascii(text, i)) {
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
        // Zero-width space, non-joiner, joiner, word joiner, BOM: no identifier may hold them.
        if ((code_point >= 0x200B && code_point <= 0x200D) || code_point == 0x2060 || code_point == 0xFEFF)
            loaded.invisible_offsets.push_back(i);
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
