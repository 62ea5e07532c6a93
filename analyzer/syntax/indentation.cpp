#include "analyzer/syntax/indentation.hpp"

#include <fmt/format.h>

namespace pygate::analyzer {

IndentationTracker::IndentationTracker() : m_columns{0}, m_alt_columns{0} {}

std::optional<std::string> IndentationTracker::next_logical_line(std::string_view indent) {
    std::uint32_t column = 0;
    std::uint32_t alt_column = 0;
    for (char c : indent) {
        if (c == ' ') {
            ++column;
            ++alt_column;
        } else if (c == '\t') {
            column = (column / 8 + 1) * 8;
            ++alt_column;
        } else if (c == '\f') {
            column = alt_column = 0;
        }
    }
    // A view, not a string: this runs once per logical line and almost never complains.
    constexpr std::string_view tab_error =
        "inconsistent use of tabs and spaces in indentation: CPython raises TabError";
    if (column == m_columns.back()) {
        if (alt_column != m_alt_columns.back()) return std::string(tab_error);
    } else if (column > m_columns.back()) {
        if (m_columns.size() >= k_max_indent_levels)
            return fmt::format("too many levels of indentation (CPython allows {})", k_max_indent_levels - 1);
        if (alt_column <= m_alt_columns.back()) return std::string(tab_error);
        m_columns.push_back(column);
        m_alt_columns.push_back(alt_column);
    } else {
        while (m_columns.size() > 1 && column < m_columns.back()) {
            m_columns.pop_back();
            m_alt_columns.pop_back();
        }
        if (column != m_columns.back())
            return "unindent does not match any outer indentation level: CPython raises IndentationError";
        if (alt_column != m_alt_columns.back()) return std::string(tab_error);
    }
    return std::nullopt;
}

}  // namespace pygate::analyzer
