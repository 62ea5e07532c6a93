#pragma once
// Pre-order walk of a syntax tree without recursion: a 10,000-deep file must
// not overflow the stack.

#include <cstdint>

#include "analyzer/syntax/syntax_tree.hpp"

namespace pygate::analyzer {

enum class WalkStep { descend, skip_children };

// A pass that can ride along another pass's walk of the same tree (the
// syntax check along the model's), seeing exactly what walk_preorder would
// show it: every node in document order unless it skipped an ancestor's
// children, and leaf() after visit() for each node without children.
class TreeObserver {
public:
    virtual ~TreeObserver() = default;
    virtual WalkStep visit(Node node, std::uint32_t depth) = 0;
    virtual void leaf(Node node) = 0;
};

// Calls visit(node, depth) for every node in document order (depth 0 is
// `root`), and leaf(node) after visit for every node without children that
// visit descended into: finding leaves this way costs no extra tree query.
template <class Visit, class Leaf>
void walk_preorder(Node root, Visit&& visit, Leaf&& leaf) {
    Cursor cursor = cursor_new(root);
    std::uint32_t depth = 0;
    for (;;) {
        Node node = cursor_current_node(&cursor);
        WalkStep step = visit(node, depth);
        if (step == WalkStep::descend) {
            if (cursor_goto_first_child(&cursor)) {
                ++depth;
                continue;
            }
            leaf(node);
        }
        while (!cursor_goto_next_sibling(&cursor)) {
            if (depth == 0 || !cursor_goto_parent(&cursor)) {
                return;
            }
            --depth;
        }
    }
}

// Calls visit(child) for each named child of `node`, in order.
template <class Visit>
void for_each_named_child(Node node, Visit&& visit) {
    for (Node child = node_first_child(node); !node_is_null(child); child = node_next_sibling(child))
        if (node_is_named(child)) visit(child);
}

}  // namespace pygate::analyzer
