#pragma once
// Reading an expression through brackets, `await` and type annotations.
// (The parts of attributes, calls and subscripts are Model's: its walk
// records them.)

#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/syntax_tree.hpp"

namespace pygate::analyzer {

// The one expression inside `node` (brackets, `await`, a type), or a null
// node when it holds none or several. Comments are named children too
// (`(os  # note\n).system`): they are skipped, not counted, wherever an
// expression is read through brackets.
inline Node sole_expression(Node node) {
    const TSSymbol comment = PythonSymbols::get().comment;
    Node found{};
    for (std::uint32_t i = 0, n = node_named_child_count(node); i < n; ++i) {
        Node child = node_named_child(node, i);
        if (node_symbol(child) == comment) continue;
        if (!node_is_null(found)) return Node{};
        found = child;
    }
    return found;
}

// `node` with its brackets taken off: `((x))` is `x`; a bracket holding
// nothing or several expressions (a tuple) is kept.
inline Node unparenthesized(Node node) {
    const TSSymbol parenthesized = PythonSymbols::get().parenthesized_expression;
    while (!node_is_null(node) && node_symbol(node) == parenthesized) {
        Node inner = sole_expression(node);
        if (node_is_null(inner)) break;
        node = inner;
    }
    return node;
}

}  // namespace pygate::analyzer
