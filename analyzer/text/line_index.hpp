#pragma once
// Maps byte offsets of a decoded source text to 1-based lines and code-point
// columns, the coordinates every report uses.

#include <cstdint>
#include <string_view>
#include <vector>

namespace pygate::analyzer {

class LineIndex {
public:
    LineIndex() = default;
    // `text` must be the normalised text: lines end with '\n' only. The index
    // keeps offsets, not the text, so queries take the same text again.
    explicit LineIndex(std::string_view text);

    std::uint32_t line_count() const { return static_cast<std::uint32_t>(m_line_starts.size()); }
    // 1-based line containing `offset`.
    std::uint32_t line_of(std::size_t offset) const;
    // 1-based code-point column of `offset` on `line`.
    std::uint32_t column_of(std::string_view text, std::uint32_t line, std::size_t offset) const;
    // The text of 1-based `line`, without its newline.
    std::string_view line_text(std::string_view text, std::uint32_t line) const;

private:
    std::vector<std::size_t> m_line_starts;
};

// Code points in a UTF-8 byte run (bytes that do not continue a sequence).
std::uint32_t count_code_points(std::string_view utf8);

}  // namespace pygate::analyzer
