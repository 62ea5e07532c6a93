#pragma once
// Pre-order walk of a syntax tree with one tree cursor: no recursion (a
// 10,000-deep file must not overflow the stack) and no per-child lookups.

#include <tree_sitter/api.h>

#include <cstdint>

namespace pygate::analyzer {

enum class WalkStep { descend, skip_children };

// Calls visit(node, depth) for every node in document order; depth 0 is `root`.
template <class Visit>
void walk_preorder(TSNode root, Visit&& visit) {
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    std::uint32_t depth = 0;
    for (;;) {
        WalkStep step = visit(ts_tree_cursor_current_node(&cursor), depth);
        if (step == WalkStep::descend && ts_tree_cursor_goto_first_child(&cursor)) {
            ++depth;
            continue;
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

}  // namespace pygate::analyzer
