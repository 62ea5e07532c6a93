#pragma once
// A file's syntax tree, copied out of tree-sitter's in one cursor walk into
// one array in document order, after which tree-sitter's tree is deleted.
//
// Why: the model, the resolver and the rules come back to the tree hundreds
// of thousands of times per corpus. Through tree-sitter's API every visit
// re-derives a node from its parent's children (ts_node_child steps through
// them again, ts_node_child_by_field_id searches the field map) and touches
// memory scattered over the heap. Here a node is one 32-byte record: its
// first child is the next record, its parent and next sibling are offsets,
// and its field in its parent is stored. 32 bytes, not 40: two records to a
// cache line and none across two, which made the whole check 3% faster.
//
// The functions mirror tree-sitter's (node_symbol for ts_node_symbol, ...)
// and answer exactly what tree-sitter's would: the nodes are the ones a tree
// cursor visits, fields are the cursor's current_field_id. One exception: a
// string literal that is not an f-string and holds no syntax error is copied
// without its tokens (its quotes, content and escapes), as a leaf. Nothing
// reads them (the literal's text says it all), they are a seventh of the
// standard library's nodes, and each costs a cursor step of several hundred
// instructions. node_tokens_elided says which strings these are. Another:
// a starred expression the grammar misreads (`*f(x)` as `(*f)(x)`) is copied
// as CPython reads it, `*(f(x))` (analyzer/syntax/star_reassociation.hpp).
//
// Identifiers are interned as they are copied (identifier_table.hpp): each
// identifier leaf holds the id of its name, NFKC-normalised as CPython reads
// it, in the record's end_row (an identifier never spans lines, so its end
// row is its start row). The ids belong to this tree, not to a thread or a
// parser: a tree whose nodes are appended to another must have its
// identifiers' names re-interned into the other's table and their ids
// rewritten (IdentifierTable says how).

#include <tree_sitter/api.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/syntax/identifier_table.hpp"

namespace pygate::analyzer {

struct NodeData {
    std::uint32_t start_byte = 0;
    std::uint32_t end_byte = 0;
    std::uint32_t start_row = 0;  // 0-based, as tree-sitter counts
    std::uint32_t end_row = 0;  // an interned identifier (k_interned): its NameId instead
    std::uint32_t parent = 0;        // records back to the parent; 0 for the root
    std::uint32_t next_sibling = 0;  // records on to the next sibling; 0 for the last child
    // Up to k_many; from there on the children are counted when asked (a list
    // literal of 100,000 items), so that the common case fits in 16 bits.
    std::uint16_t child_count = 0;
    std::uint16_t named_child_count = 0;
    TSSymbol symbol = 0;
    std::uint8_t field = 0;  // this node's field in its parent, 0 for none (PythonSymbols checks the grammar's fit)
    std::uint8_t flags = 0;

    static constexpr std::uint16_t k_many = 0xFFFF;
    static constexpr std::uint8_t k_named = 1, k_missing = 2, k_has_error = 4, k_tokens_elided = 8, k_interned = 16;
};
static_assert(sizeof(NodeData) == 32);

// A node of a SyntaxTree, or the null node. Valid while its tree lives.
struct Node {
    const NodeData* id = nullptr;  // the node's record: its identity
};

class SyntaxTree {
public:
    // Copies the tree under `root`, parsed from `text`; the tree-sitter tree
    // may be deleted after.
    SyntaxTree(TSNode root, std::string_view text);
    ~SyntaxTree();
    SyntaxTree(const SyntaxTree&) = delete;
    SyntaxTree& operator=(const SyntaxTree&) = delete;

    Node root() const { return Node{m_nodes.data()}; }
    // The records copied.
    std::size_t size() const { return m_nodes.size(); }
    // Tree-sitter's tree, elided tokens included: its nodes, and the depth
    // of its deepest (the root is depth 0) with the first node there, or the
    // string holding it when that is an elided token.
    std::uint32_t tree_sitter_nodes() const { return static_cast<std::uint32_t>(m_nodes.size()) + m_elided_tokens; }
    std::uint32_t max_depth() const { return m_max_depth; }
    Node deepest() const { return Node{m_nodes.data() + m_deepest}; }
    // The names of the tree's identifiers, by the ids node_name_id gives.
    const IdentifierTable& names() const { return m_names; }

private:
    // A program's tree grown by a step's (tree_append.hpp) is built from theirs.
    friend std::unique_ptr<SyntaxTree> append_module(const SyntaxTree& program, const SyntaxTree& step,
                                                     std::uint32_t byte_offset, std::uint32_t row_offset);
    SyntaxTree();  // no nodes yet, in a spare array when the thread has one

    std::vector<NodeData> m_nodes;
    IdentifierTable m_names;
    std::uint32_t m_elided_tokens = 0;
    std::uint32_t m_max_depth = 0;
    std::uint32_t m_deepest = 0;
};

inline bool node_is_null(Node node) {
    return node.id == nullptr;
}
inline bool node_eq(Node a, Node b) {
    return a.id == b.id;
}
// A null node has symbol 0 (tree-sitter's end of input), no kind a rule
// asks about: `node_symbol(model.argument(call, 0)) == s.list` is false for a
// call without arguments instead of reading through a null pointer.
inline TSSymbol node_symbol(Node node) {
    return node.id == nullptr ? TSSymbol{0} : node.id->symbol;
}
inline std::uint32_t node_start_byte(Node node) {
    return node.id->start_byte;
}
inline std::uint32_t node_end_byte(Node node) {
    return node.id->end_byte;
}
inline std::uint32_t node_start_row(Node node) {
    return node.id->start_row;
}
inline std::uint32_t node_end_row(Node node) {
    return (node.id->flags & NodeData::k_interned) != 0 ? node.id->start_row : node.id->end_row;
}
// The id of an identifier's name in its tree's names(), or k_no_name for a
// node that is not an interned identifier (an identifier with children,
// which the grammar does not make, is not interned).
inline NameId node_name_id(Node node) {
    return (node.id->flags & NodeData::k_interned) != 0 ? node.id->end_row : k_no_name;
}
inline bool node_is_named(Node node) {
    return (node.id->flags & NodeData::k_named) != 0;
}
inline bool node_is_missing(Node node) {
    return (node.id->flags & NodeData::k_missing) != 0;
}
inline bool node_has_error(Node node) {
    return (node.id->flags & NodeData::k_has_error) != 0;
}
// A string literal copied as a leaf although tree-sitter gives it tokens.
inline bool node_tokens_elided(Node node) {
    return (node.id->flags & NodeData::k_tokens_elided) != 0;
}
// Counts the children of a node with k_many or more.
std::uint32_t count_children(Node node, bool named_only);
inline std::uint32_t node_child_count(Node node) {
    std::uint16_t count = node.id->child_count;
    return count != NodeData::k_many ? count : count_children(node, false);
}
inline std::uint32_t node_named_child_count(Node node) {
    std::uint16_t count = node.id->named_child_count;
    return count != NodeData::k_many ? count : count_children(node, true);
}
// The field `node` holds in its parent (0 for none): what a tree cursor's
// ts_tree_cursor_current_field_id says there.
inline TSFieldId node_field(Node node) {
    return node.id->field;
}
inline Node node_parent(Node node) {
    return node.id->parent == 0 ? Node{} : Node{node.id - node.id->parent};
}
inline Node node_first_child(Node node) {
    return node.id->child_count == 0 ? Node{} : Node{node.id + 1};
}
inline Node node_next_sibling(Node node) {
    return node.id->next_sibling == 0 ? Node{} : Node{node.id + node.id->next_sibling};
}
Node node_child(Node node, std::uint32_t index);
Node node_named_child(Node node, std::uint32_t index);
Node node_last_child(Node node);
// The first child with this field, as ts_node_child_by_field_id answers.
Node node_child_by_field_id(Node node, TSFieldId field);
// The smallest node spanning [start, end), named or not.
Node node_descendant_for_byte_range(Node node, std::uint32_t start, std::uint32_t end);
Node node_named_descendant_for_byte_range(Node node, std::uint32_t start, std::uint32_t end);
// The grammar's name of the node's kind: `identifier`, or a token as spelled (`lambda`).
std::string_view node_type(Node node);
// The subtree as tree-sitter's ts_node_string writes it: named nodes with
// their fields, `(call function: (identifier) arguments: (argument_list))`;
// for tests and tools.
std::string node_string(Node node);

// Movement over a subtree in the manner of a tree-sitter cursor: it never
// leaves the subtree it was made for (no siblings or parent of that root).
struct Cursor {
    Node root;
    Node current;
};
inline Cursor cursor_new(Node node) {
    return Cursor{node, node};
}
inline Node cursor_current_node(const Cursor* cursor) {
    return cursor->current;
}
inline TSFieldId cursor_current_field_id(const Cursor* cursor) {
    return node_eq(cursor->current, cursor->root) ? 0 : node_field(cursor->current);
}
inline bool cursor_goto_first_child(Cursor* cursor) {
    Node child = node_first_child(cursor->current);
    if (node_is_null(child)) return false;
    cursor->current = child;
    return true;
}
inline bool cursor_goto_next_sibling(Cursor* cursor) {
    if (node_eq(cursor->current, cursor->root)) return false;
    Node sibling = node_next_sibling(cursor->current);
    if (node_is_null(sibling)) return false;
    cursor->current = sibling;
    return true;
}
inline bool cursor_goto_parent(Cursor* cursor) {
    if (node_eq(cursor->current, cursor->root)) return false;
    cursor->current = node_parent(cursor->current);
    return true;
}

}  // namespace pygate::analyzer
