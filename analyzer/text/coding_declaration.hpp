#pragma once
// PEP 263 coding declarations, found and normalised exactly as CPython 3.11's
// tokenizer does (Parser/tokenizer.c: get_coding_spec, get_normal_name, and
// the codec registry's name normalisation).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pygate::analyzer {

enum class SourceEncoding { utf8, ascii, other };

struct CodingDeclaration {
    std::string name;          // as written, e.g. "latin-1"
    std::size_t name_offset;   // byte offset of the name in the text searched
    std::uint32_t line;        // 1 or 2
    SourceEncoding encoding;   // what CPython would decode the file with
};

// Looks for a declaration on line 1, and on line 2 when line 1 holds nothing
// but blanks or a comment. `text` has '\n' line endings and no BOM.
std::optional<CodingDeclaration> find_coding_declaration(std::string_view text);

// The codec CPython picks for a declared name.
SourceEncoding classify_codec_name(std::string_view name);

// True for the names CPython's tokenizer itself reads as UTF-8 ("utf-8",
// "UTF_8", "utf-8-..."): the only declarations it accepts after a BOM.
bool is_tokenizer_utf8_name(std::string_view name);

}  // namespace pygate::analyzer
