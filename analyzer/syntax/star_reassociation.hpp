#pragma once
// CPython's reading of a starred expression that tree-sitter-python misreads,
// put back into the copied tree.
//
// The grammar lets `*name` (its list_splat_pattern, aliased list_splat) be a
// primary expression, so it reads `*f(x)` as `(*f)(x)`, `*a.b(c)` as
// `((*a).b)(c)`, `*f(x)[:3]` as `((*f)(x))[:3]` and `*a + b` as `(*a) + b`
// (tree-sitter-python issue 314). CPython binds the star looser than any
// call, attribute, subscript or binary operator: Starred(Call(f, x)).
//
// In document order the misread nodes are the chain (the call, attribute,
// subscript and binary operator nodes that each have the next as their first
// child), then the list_splat and its `*` token, then the starred operand.
// CPython's reading keeps every node and only moves the list_splat and its
// `*` ahead of the chain:
//
//   call                         list_splat
//     function: list_splat         *
//       *                  ==>     call
//       identifier f                 function: identifier f
//     arguments: (x)                 arguments: (x)
//
// so the rewrite rotates those records, narrows the chain nodes to begin at
// the operand, and fixes parents, siblings and fields; the document order,
// the node count and "first child is the next record" hold after it.
//
// A misread star is rewritten only where CPython allows a starred expression
// (an argument list, a list, set or tuple display, an expression list other
// than a `del`'s, a subscript's index), or a starred target (in the patterns
// of an assignment's or a `for`'s targets, over an attribute or a subscript:
// `*f(x).y, z = v`, which becomes the grammar's list_splat_pattern, as
// `for *a.b, c in v:` is read). Elsewhere (`x = *f(y)`, `f(a=*g(x))`,
// `[*f(x) for x in y]`, `*f(x), z = v`) CPython refuses the file, and the
// star is left as read, where the model reports it (Model::misplaced_stars)
// and pygate refuses the file too.

#include <cstdint>
#include <vector>

#include "analyzer/syntax/syntax_tree.hpp"

namespace pygate::analyzer {

// Whether the list_splat `node` may be misread: tree-sitter gave it a field in
// its parent, as a misread star always has (a call's function, an attribute's
// object, ...), and few others do (`a[*b]`). The copy asks this of each node
// as it copies it, cheaply.
inline bool may_be_misread_star(const NodeData& node, TSSymbol list_splat) {
    return node.symbol == list_splat && node.field != 0;
}

// Rewrites each misread star among `candidates` (indexes of list_splat
// records, in document order, that may_be_misread_star) into CPython's
// reading, where CPython allows a star. `deepest` (a record index) is moved
// along with the record it names.
void reassociate_misread_stars(std::vector<NodeData>& nodes, const std::vector<std::uint32_t>& candidates,
                               std::uint32_t& deepest);

}  // namespace pygate::analyzer
