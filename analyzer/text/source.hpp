#pragma once
// Source loading: turns a file's bytes into exactly the text CPython 3.11
// would tokenize, or refuses it with PG000 findings that say why.

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/text/line_index.hpp"

namespace pygate::analyzer {

inline constexpr RuleNumber k_unsafe_source_rule = 0;  // PG000

struct Source {
    // UTF-8 without a BOM; "\r\n" and a lone '\r' are '\n', as CPython's
    // tokenizer reads them. Line and column arithmetic is done on this text.
    std::string text;
    LineIndex lines;

    // The range covering bytes [begin, end) of `text`.
    SourceRange range_of(std::size_t begin, std::size_t end) const;
    std::string_view line_text(std::uint32_t line) const { return lines.line_text(text, line); }
};

struct LoadedSource {
    Source source;
    // PG000 findings about the bytes themselves (encoding, NUL, bidi controls).
    std::vector<Finding> findings;
    // False when the bytes cannot be decoded the way CPython would: nothing
    // further may be concluded from them.
    bool decodable = true;
    // Offsets of characters the grammar skips as white space but CPython
    // refuses outside string literals and comments (control characters,
    // U+200B, U+2060, U+FEFF); the syntax check decides where they stand.
    std::vector<std::size_t> invisible_offsets;
};

LoadedSource load_source(std::string bytes);

// A PG000 finding with `message` at `range`; the source line is filled by the caller.
Finding unsafe_source_finding(SourceRange range, std::string message);

}  // namespace pygate::analyzer
