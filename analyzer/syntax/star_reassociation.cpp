#include "analyzer/syntax/star_reassociation.hpp"

#include "analyzer/syntax/python_symbols.hpp"

namespace pygate::analyzer {
namespace {

std::uint32_t parent_of(const std::vector<NodeData>& nodes, std::uint32_t index) {
    return index - nodes[index].parent;
}

// Whether `nodes[index]` is its parent's first child and, there, an operand
// CPython binds tighter than a star: a call's function, an attribute's object,
// a subscript's value, a binary operator's left operand.
bool binds_tighter_than_star(const std::vector<NodeData>& nodes, std::uint32_t index) {
    const PythonSymbols& s = PythonSymbols::get();
    const NodeData& node = nodes[index];
    if (node.parent != 1) return false;  // not the first child (or the root)
    TSSymbol parent = nodes[index - 1].symbol;
    return (parent == s.call && node.field == s.field_function) ||
           (parent == s.attribute && node.field == s.field_object) ||
           (parent == s.subscript && node.field == s.field_value) ||
           (parent == s.binary_operator && node.field == s.field_left);
}

// What CPython allows where `nodes[index]` stands: a starred expression, a
// starred target, or neither.
enum class StarPlace { none, expression, target };

StarPlace star_place(const std::vector<NodeData>& nodes, std::uint32_t index) {
    const PythonSymbols& s = PythonSymbols::get();
    if (nodes[index].parent == 0) return StarPlace::none;
    std::uint32_t parent = parent_of(nodes, index);
    TSSymbol kind = nodes[parent].symbol;
    if (kind == s.argument_list || kind == s.list || kind == s.set || kind == s.tuple) return StarPlace::expression;
    if (kind == s.subscript)  // `a[*b]`, 3.11
        return nodes[index].field == s.field_subscript ? StarPlace::expression : StarPlace::none;
    if (kind == s.expression_list)  // `x = *a, b`, `return *a, b`, `for x in *a, b:`; `del *a, b` is refused
        return nodes[parent].parent != 0 && nodes[parent_of(nodes, parent)].symbol != s.delete_statement
                   ? StarPlace::expression
                   : StarPlace::none;
    // `*a.b, c = v`, `[*a[0]] = v`, `for *a.b, c in v:`: the patterns of an
    // assignment's or a loop's targets (a `case` pattern has its own kinds).
    while (kind == s.pattern_list || kind == s.list_pattern || kind == s.tuple_pattern) {
        if (nodes[parent].parent == 0) return StarPlace::none;
        parent = parent_of(nodes, parent);
        kind = nodes[parent].symbol;
        if (kind == s.assignment || kind == s.for_statement || kind == s.for_in_clause) return StarPlace::target;
    }
    return StarPlace::none;
}

constexpr std::uint8_t k_broken = NodeData::k_missing | NodeData::k_has_error;

// The records top .. splat + 1 are the chain, the list_splat and its `*`;
// the operand follows at splat + 2.
void rotate(std::vector<NodeData>& nodes, std::uint32_t top, std::uint32_t splat) {
    const NodeData chain_top = nodes[top];
    const NodeData star_node = nodes[splat];
    NodeData star_token = nodes[splat + 1];
    const std::uint32_t operand = splat + 2;
    const std::uint32_t chain_length = splat - top;
    // The chain moves two records on; its nodes now begin where the operand does.
    for (std::uint32_t j = chain_length; j-- > 0;) {
        NodeData& moved = nodes[top + 2 + j] = nodes[top + j];
        moved.start_byte = nodes[operand].start_byte;
        moved.start_row = nodes[operand].start_row;
        if (j == 0) {
            moved.parent = 2;  // the list_splat
            moved.next_sibling = 0;
            moved.field = nodes[operand].field;  // a list_splat's operand has none
        } else if (moved.next_sibling != 0) {
            moved.next_sibling -= 2;  // its next sibling, after the operand, stays where it was
        }
    }
    // The list_splat takes the chain top's place: its parent, sibling and field, its end.
    NodeData& wrapped = nodes[top];
    wrapped = star_node;
    wrapped.end_byte = chain_top.end_byte;
    wrapped.end_row = chain_top.end_row;
    wrapped.parent = chain_top.parent;
    wrapped.next_sibling = chain_top.next_sibling;
    wrapped.field = chain_top.field;
    wrapped.flags = static_cast<std::uint8_t>(star_node.flags | (chain_top.flags & NodeData::k_has_error));
    star_token.parent = 1;
    star_token.next_sibling = 1;  // the chain's top, now the list_splat's operand
    nodes[top + 1] = star_token;
    // The operand takes the list_splat's place in the innermost chain node.
    NodeData& inner = nodes[operand];
    inner.parent = 1;
    inner.field = star_node.field;
    inner.next_sibling = star_node.next_sibling == 0 ? 0 : star_node.next_sibling - 2;
    // The chain nodes' other children (arguments, `.` and the name, the
    // index, the operator and right operand) have their parent two records nearer.
    for (std::uint32_t j = 0; j < chain_length; ++j) {
        std::uint32_t parent = top + 2 + j;
        std::uint32_t child = parent + 1;
        while (nodes[child].next_sibling != 0) {
            child += nodes[child].next_sibling;
            nodes[child].parent = child - parent;
        }
    }
}

}  // namespace

void reassociate_misread_stars(std::vector<NodeData>& nodes, const std::vector<std::uint32_t>& candidates,
                               std::uint32_t& deepest) {
    const PythonSymbols& s = PythonSymbols::get();
    for (std::uint32_t splat : candidates) {
        const NodeData& star = nodes[splat];
        // `*` and one operand, nothing broken: anything else is left as read.
        if (star.symbol != s.list_splat || star.child_count != 2 || star.named_child_count != 1 ||
            (star.flags & k_broken) != 0 || (nodes[splat + 1].flags & (k_broken | NodeData::k_named)) != 0)
            continue;
        std::uint32_t top = splat;
        while (binds_tighter_than_star(nodes, top) && (nodes[top - 1].flags & NodeData::k_missing) == 0)
            --top;
        if (top == splat) continue;
        StarPlace place = star_place(nodes, top);
        // Only an attribute or a subscript can be assigned through (`*f(x), z = v` is refused).
        if (place == StarPlace::target && nodes[top].symbol != s.attribute && nodes[top].symbol != s.subscript)
            continue;
        if (place == StarPlace::none) continue;
        rotate(nodes, top, splat);
        // A starred target is the grammar's list_splat_pattern, as in `for *a.b, c in v:`.
        if (place == StarPlace::target) nodes[top].symbol = s.list_splat_pattern;
        // The deepest node may be the `*` token; the operand is as deep.
        if (deepest >= top && deepest <= splat + 1) deepest = splat + 2;
    }
}

}  // namespace pygate::analyzer
