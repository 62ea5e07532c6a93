#pragma once
// The fields the model and the engine read on every attribute, call and
// subscript, taken by position: tree-sitter's field lookup searches the
// field map on each call, and these are read millions of times. The grammar
// puts the object, the function and the subscripted value first and the
// attribute name and the arguments last; extras (comments, line
// continuations) can only come between them.

#include <tree_sitter/api.h>

#include "analyzer/python_symbols.hpp"

namespace pygate::analyzer {

inline TSNode first_child(TSNode node) {
    return ts_node_child(node, 0);
}
inline TSNode last_child(TSNode node) {
    std::uint32_t count = ts_node_child_count(node);
    return count == 0 ? TSNode{} : ts_node_child(node, count - 1);
}

inline TSNode attribute_object(TSNode attribute) {
    return first_child(attribute);
}
inline TSNode attribute_name(TSNode attribute) {
    return last_child(attribute);
}
inline TSNode call_function(TSNode call) {
    return first_child(call);
}
inline TSNode call_arguments(TSNode call) {
    return last_child(call);
}
inline TSNode subscript_value(TSNode subscript) {
    return first_child(subscript);
}

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
