#pragma once
// A parsed file and its model for the rules' unit tests, and the nodes they look at.

#include <stdexcept>
#include <string>
#include <string_view>

#include "analyzer/model/model.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/text/source.hpp"

namespace pygate::rules::testing {

struct Analyzed {
    analyzer::LoadedSource loaded;
    analyzer::SyntaxTree tree;
    analyzer::Model model;

    explicit Analyzed(std::string_view code)
        : loaded(analyzer::load_source(std::string(code))),
          tree(analyzer::Parser().parse(loaded.source.text)->root(), loaded.source.text),
          model(loaded.source, tree) {}

    // The first node of type `type` in document order.
    analyzer::Node first(std::string_view type) const {
        analyzer::Cursor cursor = cursor_new(tree.root());
        analyzer::Node found{};
        for (bool more = true; more;) {
            analyzer::Node node = cursor_current_node(&cursor);
            if (std::string_view(node_type(node)) == type) {
                found = node;
                break;
            }
            if (cursor_goto_first_child(&cursor)) continue;
            while (!(more = cursor_goto_next_sibling(&cursor)))
                if (!cursor_goto_parent(&cursor)) break;
        }
        if (node_is_null(found)) throw std::invalid_argument("no " + std::string(type));
        return found;
    }

    // The module's last statement: for `x = EXPR`, EXPR; otherwise the statement itself.
    analyzer::Node last() const {
        analyzer::Node root = tree.root();
        std::uint32_t count = node_named_child_count(root);
        if (count == 0) throw std::invalid_argument("empty module");
        analyzer::Node statement = node_named_child(root, count - 1);
        if (std::string_view(node_type(statement)) != "expression_statement") return statement;
        analyzer::Node expression = node_named_child(statement, 0);
        if (std::string_view(node_type(expression)) != "assignment") return expression;
        return node_child_by_field_id(expression,
                                         ts_language_field_id_for_name(analyzer::python_language(), "right", 5));
    }
};

}  // namespace pygate::rules::testing
