#pragma once
// What a text could make tree-sitter 0.20.7 build wrongly, found in one pass
// over its bytes without parsing, so that pygate parses only what its
// parser reads correctly.
//
// Why: tree-sitter 0.20.7 (Debian 12's) keeps the child count of two kinds
// of node in 16 bits: one that gathers a run of extras (comments and line
// continuations with nothing else between them) and one built while it
// recovers from a syntax error. Such a node given 65,536 children or more
// (`'# c\n' * 65536`, `'\\\n' * 70000`, `'x =\n' * 70000`, 65,536 unclosed
// `[`) loses the count's high bits: the tree it answers is wrong (children
// missing, code unseen) and deleting it frees a wrong pointer (heap
// corruption, an abort). Nodes built otherwise keep any count (a list of
// 140,000 items, a module of 70,000 statements). So:
// - `extras_run`: the longest run of extras the text holds. Under
//   k_safe_leaves, no node gathering extras gets too many children.
// - `recovering`: an upper bound on the leaves of any parse of the text,
//   error recovery included. While the parser recovers, the grammar's
//   scanner no longer reads a string's content as one token: the content is
//   lexed as code. So the bound counts each run of letters, digits and
//   underscores and each other character that is not white space, inside
//   strings as outside; each comment; three for each line break (the
//   newline token, an indent or a dedent). Under k_safe_leaves, no node gets
//   too many children however the parser recovers; over it, the parse must
//   not recover (parse.hpp stops it where it begins to).

#include <cstddef>
#include <string_view>

namespace pygate::analyzer {

inline constexpr std::size_t k_safe_leaves = 65'000;

struct LeafBounds {
    std::size_t extras_run = 0;
    std::size_t recovering = 0;
};

// Both bounds of `text`; the count of leaves stops at k_safe_leaves
// (whatever is over it is as good as any larger number).
LeafBounds leaf_bounds(std::string_view text);

}  // namespace pygate::analyzer
