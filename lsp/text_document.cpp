#include "lsp/text_document.hpp"

#include <algorithm>

namespace pygate::lsp {
namespace {

// The length of the UTF-8 sequence `lead` starts (1 for a stray byte, which
// the client never sends: JSON text is valid Unicode).
std::size_t sequence_length(unsigned char lead) {
    if (lead < 0x80) return 1;
    if ((lead >> 5) == 0x6) return 2;
    if ((lead >> 4) == 0xe) return 3;
    if ((lead >> 3) == 0x1e) return 4;
    return 1;
}

std::uint32_t units_of_sequence(std::size_t length, PositionEncoding encoding) {
    switch (encoding) {
        case PositionEncoding::utf8:
            return static_cast<std::uint32_t>(length);
        case PositionEncoding::utf16:
            return length == 4 ? 2 : 1;
        case PositionEncoding::utf32:
            return 1;
    }
    return 1;
}

}  // namespace

const char* encoding_name(PositionEncoding encoding) {
    switch (encoding) {
        case PositionEncoding::utf8:
            return "utf-8";
        case PositionEncoding::utf16:
            return "utf-16";
        case PositionEncoding::utf32:
            return "utf-32";
    }
    return "utf-16";
}

std::uint32_t units_of_code_points(std::string_view line, std::uint32_t code_points, PositionEncoding encoding) {
    std::uint32_t units = 0;
    std::size_t at = 0;
    for (std::uint32_t i = 0; i < code_points && at < line.size(); ++i) {
        const std::size_t length = std::min(sequence_length(static_cast<unsigned char>(line[at])), line.size() - at);
        units += units_of_sequence(length, encoding);
        at += length;
    }
    return units;
}

std::size_t byte_offset_of_units(std::string_view line, std::uint32_t units, PositionEncoding encoding) {
    std::size_t at = 0;
    std::uint32_t counted = 0;
    while (at < line.size()) {
        const std::size_t length = std::min(sequence_length(static_cast<unsigned char>(line[at])), line.size() - at);
        const std::uint32_t width = units_of_sequence(length, encoding);
        if (counted + width > units) break;
        counted += width;
        at += length;
    }
    return at;
}

TextDocument::TextDocument(std::string uri, std::string language_id, std::int64_t version, std::string text)
    : m_uri(std::move(uri)), m_language_id(std::move(language_id)), m_version(version), m_text(std::move(text)) {
    index_lines();
}

void TextDocument::index_lines() {
    ++m_revision;
    m_line_starts.clear();
    m_line_starts.push_back(0);
    for (std::size_t i = 0; i < m_text.size(); ++i) {
        if (m_text[i] == '\r') {
            if (i + 1 < m_text.size() && m_text[i + 1] == '\n') ++i;
            m_line_starts.push_back(i + 1);
        } else if (m_text[i] == '\n') {
            m_line_starts.push_back(i + 1);
        }
    }
}

std::string_view TextDocument::line(std::uint32_t line) const {
    if (line >= m_line_starts.size()) return {};
    const std::size_t begin = m_line_starts[line];
    std::size_t end = line + 1 < m_line_starts.size() ? m_line_starts[line + 1] : m_text.size();
    while (end > begin && (m_text[end - 1] == '\n' || m_text[end - 1] == '\r'))
        --end;
    return std::string_view(m_text).substr(begin, end - begin);
}

void TextDocument::replace(std::string text, std::int64_t version) {
    m_text = std::move(text);
    m_version = version;
    index_lines();
}

std::size_t TextDocument::offset_of(const Position& position, PositionEncoding encoding) const {
    if (position.line >= m_line_starts.size()) return m_text.size();
    return m_line_starts[position.line] + byte_offset_of_units(line(position.line), position.character, encoding);
}

void TextDocument::edit(const Range& range, std::string_view text, PositionEncoding encoding) {
    std::size_t begin = offset_of(range.start, encoding);
    std::size_t end = offset_of(range.end, encoding);
    if (end < begin) std::swap(begin, end);
    m_text.replace(begin, end - begin, text);
    index_lines();
}

Range TextDocument::range_of(const analyzer::SourceRange& range, PositionEncoding encoding) const {
    auto position = [&](std::uint32_t line, std::uint32_t column) {
        const std::uint32_t index = line == 0 ? 0 : line - 1;
        if (index >= m_line_starts.size()) {
            // Past the text (a finding at the end of a file without a last newline): its last position.
            const auto last = static_cast<std::uint32_t>(m_line_starts.size() - 1);
            return Position{last, units_of_code_points(this->line(last), UINT32_MAX, encoding)};
        }
        return Position{index, units_of_code_points(this->line(index), column == 0 ? 0 : column - 1, encoding)};
    };
    Range converted{position(range.line, range.column), position(range.end_line, range.end_column)};
    if (converted.end.line < converted.start.line ||
        (converted.end.line == converted.start.line && converted.end.character < converted.start.character))
        converted.end = converted.start;
    return converted;
}

}  // namespace pygate::lsp
