#include "rules/utils/stored_value.hpp"

#include "analyzer/syntax/python_symbols.hpp"

namespace pygate::rules {

using analyzer::Node;

std::optional<Node> value_stored_at(Node target) {
    const auto& p = analyzer::PythonSymbols::get();
    Node whole = target;  // the target with the tuple or list it is an element of
    Node parent = node_parent(whole);
    while (!node_is_null(parent) &&
           (node_symbol(parent) == p.pattern_list || node_symbol(parent) == p.tuple_pattern ||
            node_symbol(parent) == p.list_pattern || node_symbol(parent) == p.expression_list ||
            node_symbol(parent) == p.tuple || node_symbol(parent) == p.list ||
            node_symbol(parent) == p.parenthesized_expression)) {
        whole = parent;
        parent = node_parent(parent);
    }
    if (node_is_null(parent)) return std::nullopt;
    TSSymbol kind = node_symbol(parent);
    bool stored = (kind == p.assignment || kind == p.augmented_assignment || kind == p.for_statement) &&
                  node_eq(node_child_by_field_id(parent, p.field_left), whole);
    if (!stored) return std::nullopt;
    bool plain = kind == p.assignment && node_eq(whole, target);
    return plain ? node_child_by_field_id(parent, p.field_right) : Node{};
}

}  // namespace pygate::rules
