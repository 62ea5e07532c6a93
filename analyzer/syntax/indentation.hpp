#pragma once
// CPython's indentation check (Parser/tokenizer.c, tok_get): each logical
// line's indentation is measured twice, with tabs to the next multiple of 8
// and with tabs as one column; the two must order lines the same way, or
// CPython raises TabError. The grammar measures only the first, so pygate
// repeats CPython's check to refuse what CPython refuses.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pygate::analyzer {

// The white space CPython's tokenizer skips at the start of a line: space,
// tab and form feed (Parser/tokenizer.c).
inline bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\f';
}

// CPython 3.11's MAXINDENT (Parser/tokenizer.h): 99 nested blocks at most.
inline constexpr std::uint32_t k_max_indent_levels = 100;

class IndentationTracker {
public:
    IndentationTracker();
    // `indent` is the white space before a logical line's first token.
    // Returns CPython's complaint, if it has one.
    std::optional<std::string> next_logical_line(std::string_view indent);
    // The current line's block level as CPython sees it (0 at module level).
    std::size_t level() const { return m_columns.size() - 1; }

private:
    std::vector<std::uint32_t> m_columns;      // tab size 8
    std::vector<std::uint32_t> m_alt_columns;  // tab size 1
};

}  // namespace pygate::analyzer
