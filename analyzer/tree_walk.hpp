#pragma once
// Pre-order walk of a syntax tree with one tree cursor: no recursion (a
// 10,000-deep file must not overflow the stack) and no per-child lookups.

#include <tree_sitter/api.h>

#include <cstdint>

namespace pygate::analyzer {

enum class WalkStep { descend, skip_children };

// A pass that can ride along another pass's walk of the same tree (the
// syntax check along the model's), seeing exactly what walk_preorder would
// show it: every node in document order unless it skipped an ancestor's
// children, and leaf() after visit() for each node without children.
class TreeObserver {
public:
    virtual ~TreeObserver() = default;
    virtual WalkStep visit(TSNode node, std::uint32_t depth) = 0;
    virtual void leaf(TSNode node) = 0;
};

// Calls visit(node, depth) for every node in document order (depth 0 is
// `root`), and leaf(node) after visit for every node without children that
// visit descended into: finding leaves this way costs no extra tree query.
template <class Visit, class Leaf>
void walk_preorder(TSNode root, Visit&& visit, Leaf&& leaf) {
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    std::uint32_t depth = 0;
    for (;;) {
        TSNode node = ts_tree_cursor_current_node(&cursor);
        WalkStep step = visit(node, depth);
        if (step == WalkStep::descend) {
            if (ts_tree_cursor_goto_first_child(&cursor)) {
                ++depth;
                continue;
            }
            leaf(node);
        }
        while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
            if (depth == 0 || !ts_tree_cursor_goto_parent(&cursor)) {
                ts_tree_cursor_delete(&cursor);
                return;
            }
            --depth;
        }
    }
}

// Calls visit(child) for each named child of `node`, in order, with one
// cursor: ts_node_named_child(node, i) starts again from the first child on
// every call, so a loop over it is quadratic.
template <class Visit>
void for_each_named_child(TSNode node, Visit&& visit) {
    TSTreeCursor cursor = ts_tree_cursor_new(node);
    if (ts_tree_cursor_goto_first_child(&cursor)) {
        do {
            TSNode child = ts_tree_cursor_current_node(&cursor);
            if (ts_node_is_named(child)) visit(child);
        } while (ts_tree_cursor_goto_next_sibling(&cursor));
    }
    ts_tree_cursor_delete(&cursor);
}

}  // namespace pygate::analyzer
