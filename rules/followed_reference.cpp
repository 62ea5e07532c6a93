#include "rules/followed_reference.hpp"

#include "analyzer/python_symbols.hpp"

namespace pygate::rules {

using analyzer::Node;

bool followed_to_its_calls(Node value) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    Node node = value;
    Node parent = node_parent(node);
    while (!node_is_null(parent) &&
           (node_symbol(parent) == s.parenthesized_expression || node_symbol(parent) == s.conditional_expression ||
            node_symbol(parent) == s.boolean_operator ||
            (node_symbol(parent) == s.named_expression && node_field(node) == s.field_value))) {
        node = parent;
        parent = node_parent(node);
    }
    if (node_is_null(parent)) return false;
    TSSymbol kind = node_symbol(parent);
    if (kind == s.assignment) return node_field(node) == s.field_right;
    if (kind == s.default_parameter || kind == s.typed_default_parameter) return node_field(node) == s.field_value;
    if (kind == s.lambda) return node_field(node) == s.field_body;
    return kind == s.return_statement || kind == s.expression_statement;
}

}  // namespace pygate::rules
