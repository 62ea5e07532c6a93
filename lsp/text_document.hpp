#pragma once
// An open text document as the editor holds it: its text (UTF-8), version
// and line starts, edited in place by full or incremental changes. LSP
// positions are (line, character) with the character counted in the code
// units the client and server agreed on (UTF-16 unless both say otherwise);
// pygate's findings count columns in code points. Both are converted here,
// and nowhere else.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/finding.hpp"

namespace pygate::lsp {

enum class PositionEncoding { utf8, utf16, utf32 };
const char* encoding_name(PositionEncoding encoding);  // "utf-16"

// 0-based, as LSP counts.
struct Position {
    std::uint32_t line = 0;
    std::uint32_t character = 0;
    bool operator==(const Position&) const = default;
};

struct Range {
    Position start;
    Position end;
    bool operator==(const Range&) const = default;
};

class TextDocument {
public:
    TextDocument(std::string uri, std::string language_id, std::int64_t version, std::string text);

    const std::string& uri() const { return m_uri; }
    const std::string& language_id() const { return m_language_id; }
    std::int64_t version() const { return m_version; }
    // Counts every change, whatever versions the client sends: a judgement
    // of an earlier revision is stale even when the version did not move.
    std::uint64_t revision() const { return m_revision; }
    const std::string& text() const { return m_text; }
    std::size_t line_count() const { return m_line_starts.size(); }
    // Line `line` (0-based) without its end of line; empty past the end.
    std::string_view line(std::uint32_t line) const;

    // The whole text replaced.
    void replace(std::string text, std::int64_t version);
    // `range` replaced by `text` (an incremental change). Positions past a
    // line's end mean its end, past the last line the document's end, as LSP says.
    void edit(const Range& range, std::string_view text, PositionEncoding encoding);
    void set_version(std::int64_t version) { m_version = version; }

    // A position's byte offset in the text.
    std::size_t offset_of(const Position& position, PositionEncoding encoding) const;
    // A finding's range (1-based lines, 1-based code point columns, exclusive end).
    Range range_of(const analyzer::SourceRange& range, PositionEncoding encoding) const;

private:
    void index_lines();

    std::string m_uri;
    std::string m_language_id;
    std::int64_t m_version = 0;
    std::uint64_t m_revision = 0;
    std::string m_text;
    std::vector<std::size_t> m_line_starts;  // byte offsets; always at least one line
};

// How many code units of `encoding` the first `code_points` code points of
// `line` take (all of it when it has fewer).
std::uint32_t units_of_code_points(std::string_view line, std::uint32_t code_points, PositionEncoding encoding);
// The byte offset in `line` of `units` code units of `encoding` (its end
// when it has fewer; a position inside a code point means that code point's start).
std::size_t byte_offset_of_units(std::string_view line, std::uint32_t units, PositionEncoding encoding);

}  // namespace pygate::lsp
