#include "analyzer/text/line_index.hpp"

#include <algorithm>
#include <cstring>

namespace pygate::analyzer {

LineIndex::LineIndex(std::string_view text) {
    m_line_starts.reserve(text.size() / 32 + 1);
    m_line_starts.push_back(0);
    const char* begin = text.data();
    const char* end = begin + text.size();
    for (const char* p = begin; p < end;) {
        const void* newline = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
        if (newline == nullptr) break;
        p = static_cast<const char*>(newline) + 1;
        m_line_starts.push_back(static_cast<std::size_t>(p - begin));
    }
}

std::uint32_t LineIndex::line_of(std::size_t offset) const {
    auto after = std::upper_bound(m_line_starts.begin(), m_line_starts.end(), offset);
    return static_cast<std::uint32_t>(after - m_line_starts.begin());
}

std::uint32_t LineIndex::column_of(std::string_view text, std::uint32_t line, std::size_t offset) const {
    std::size_t start = m_line_starts[line - 1];
    offset = std::min(offset, text.size());
    if (offset < start) return 1;
    return count_code_points(text.substr(start, offset - start)) + 1;
}

std::string_view LineIndex::line_text(std::string_view text, std::uint32_t line) const {
    if (line == 0 || line > m_line_starts.size()) return {};
    std::size_t start = m_line_starts[line - 1];
    std::size_t end = line < m_line_starts.size() ? m_line_starts[line] - 1 : text.size();
    return text.substr(start, end - start);
}

std::uint32_t count_code_points(std::string_view utf8) {
    std::uint32_t count = 0;
    for (unsigned char byte : utf8) count += (byte & 0xC0) != 0x80;
    return count;
}

}  // namespace pygate::analyzer
