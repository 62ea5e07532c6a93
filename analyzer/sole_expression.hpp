#pragma once
// Reading an expression through brackets, `await` and type annotations.
// (The parts of attributes, calls and subscripts are Model's: its walk
// records them.)

#include <tree_sitter/api.h>

#include "analyzer/python_symbols.hpp"

namespace pygate::analyzer {

// The one expression inside `node` (brackets, `await`, a type), or a null
// node when it holds none or several. Comments are named children too
// (`(os  # note\n).system`): they are skipped, not counted, wherever an
// expression is read through brackets.
inline TSNode sole_expression(TSNode node) {
    const TSSymbol comment = PythonSymbols::get().comment;
    TSNode found{};
    for (std::uint32_t i = 0, n = ts_node_named_child_count(node); i < n; ++i) {
        TSNode child = ts_node_named_child(node, i);
        if (ts_node_symbol(child) == comment) continue;
        if (!ts_node_is_null(found)) return TSNode{};
        found = child;
    }
    return found;
}

}  // namespace pygate::analyzer
