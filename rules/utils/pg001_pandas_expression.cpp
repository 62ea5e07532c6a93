#include "rules/utils/pg001_pandas_expression.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>

#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/syntax_tree.hpp"
#include "analyzer/syntax/tree_walk.hpp"
#include "analyzer/text/identifier.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;

// The expressions whose evaluation calls only the operators of what they
// name: names, constants, operators, grouping, and lists and tuples (the
// right side of `in`).
constexpr std::array<std::string_view, 16> k_operand_kinds = {
    "identifier",
    "integer",
    "float",
    "string",
    "concatenated_string",
    "true",
    "false",
    "none",
    "unary_operator",
    "not_operator",
    "binary_operator",
    "comparison_operator",
    "boolean_operator",
    "parenthesized_expression",
    "tuple",
    "list",
};

// What a node that is not an operand is, for the message.
std::string_view describe(std::string_view kind) {
    if (kind == "attribute") return "an attribute";
    if (kind == "call") return "a call";
    if (kind == "subscript") return "a subscript";
    if (kind == "lambda") return "a lambda";
    if (kind.ends_with("comprehension") || kind == "generator_expression") return "a comprehension";
    return "an expression pandas' reading of names and operators does not cover";
}

std::string quoted(std::string_view text) {
    return fmt::format("`{}`", analyzer::first_line_shortened(text, 40));
}

// The end of the string literal opening at `i` (past its closing quotes), or
// the text's end when it never closes.
std::size_t end_of_string(std::string_view text, std::size_t i) {
    char quote = text[i];
    bool triple = text.substr(i, 3) == std::string(3, quote);
    std::size_t j = i + (triple ? 3 : 1);
    while (j < text.size()) {
        if (text[j] == '\\') {
            j += 2;
        } else if (triple ? text.substr(j, 3) == std::string(3, quote) : text[j] == quote) {
            return j + (triple ? 3 : 1);
        } else {
            ++j;
        }
    }
    return text.size();
}

// pandas' own tokens, outside string literals, rewritten into Python of the
// same length so that offsets stay: a backtick-quoted column name becomes a
// plain name and `@` a space: `@limit` reads the program's own variable
// `limit`, a name the program's own code already holds, and is then judged as
// any name is.
struct Rewritten {
    std::string python;
    bool unterminated_backtick = false;
};

Rewritten rewrite_pandas_tokens(std::string_view text) {
    Rewritten out{std::string(text), false};
    for (std::size_t i = 0; i < text.size();) {
        char c = text[i];
        if (c == '\'' || c == '"') {
            i = end_of_string(text, i);
        } else if (c == '`') {
            std::size_t close = text.find('`', i + 1);
            if (close == std::string_view::npos) {
                out.unterminated_backtick = true;
                return out;
            }
            std::fill(out.python.begin() + static_cast<std::ptrdiff_t>(i),
                      out.python.begin() + static_cast<std::ptrdiff_t>(close) + 1, 'c');  // `c` prefixes no string
            i = close + 1;
        } else if (c == '@') {
            out.python[i] = ' ';
            ++i;
        } else {
            ++i;
        }
    }
    return out;
}

// Whether the value of `node` is consumed by an operator that makes a new
// value of it (arithmetic, comparison, `not`), through parentheses and as the
// object of a further attribute: then an attribute read there cannot hand a
// reference (a function, a module) back to the program. `and` and `or`
// return an operand itself, so they do not consume it.
bool consumed_by_an_operator(Node node) {
    Node at = node;
    for (;;) {
        Node parent = analyzer::node_parent(at);
        if (analyzer::node_is_null(parent)) return false;
        std::string_view kind = analyzer::node_type(parent);
        bool object_of_attribute = kind == "attribute" && analyzer::node_named_child(parent, 0).id == at.id;
        if (kind != "parenthesized_expression" && !object_of_attribute)
            return kind == "unary_operator" || kind == "binary_operator" || kind == "comparison_operator" ||
                   kind == "not_operator";
        at = parent;
    }
}

// Why `node` (not the module, a statement or an operand) may run code, or
// nothing when it is part of an expression of columns.
std::optional<std::string> judge_node(Node node, std::string_view text) {
    std::string_view kind = analyzer::node_type(node);
    std::string_view spelled =
        text.substr(analyzer::node_start_byte(node), analyzer::node_end_byte(node) - analyzer::node_start_byte(node));
    Node parent = analyzer::node_parent(node);
    std::string_view parent_kind = analyzer::node_is_null(parent) ? std::string_view{} : analyzer::node_type(parent);
    if (kind == "module" && analyzer::node_is_null(parent)) return std::nullopt;
    if (kind == "comment") return std::nullopt;
    if (kind == "expression_statement" && parent_kind == "module") return std::nullopt;
    if (kind == "assignment") {  // `c = a + b`: eval's new column, named by a plain name
        bool plain = parent_kind == "expression_statement" && analyzer::node_named_child_count(node) == 2 &&
                     analyzer::node_type(analyzer::node_named_child(node, 0)) == "identifier";
        if (plain) return std::nullopt;
        return fmt::format("an assignment {}", quoted(spelled));
    }
    if (kind == "attribute") {
        // `df.a + df.b`: a column of a frame, read for an operator. An attribute
        // whose value is the result, or an element of one, could be any object
        // the frame leads to, callable afterwards where pygate cannot see it;
        // a name starting with `_` is the library's own.
        Node name = analyzer::node_named_child(node, analyzer::node_named_child_count(node) - 1);
        std::string_view attribute = text.substr(analyzer::node_start_byte(name),
                                                 analyzer::node_end_byte(name) - analyzer::node_start_byte(name));
        if (!analyzer::normalize_identifier(attribute).starts_with("_") && consumed_by_an_operator(node))
            return std::nullopt;
        return fmt::format("{} {}", describe(kind), quoted(spelled));
    }
    if (std::find(k_operand_kinds.begin(), k_operand_kinds.end(), kind) == k_operand_kinds.end())
        return fmt::format("{} {}", describe(kind), quoted(spelled));
    if (kind == "identifier" && analyzer::normalize_identifier(spelled).starts_with("__"))
        return fmt::format("the dunder name {}", quoted(spelled));
    // A string keeps its tokens only when it is an f-string (or holds an error).
    if (kind == "string" && !analyzer::node_tokens_elided(node)) return fmt::format("an f-string {}", quoted(spelled));
    return std::nullopt;
}

}  // namespace

PandasExpression judge_pandas_expression(std::string_view text) {
    using Reach = PandasExpression::Reach;
    Rewritten rewritten = rewrite_pandas_tokens(text);
    if (rewritten.unterminated_backtick) return {Reach::code, "an unterminated backtick name"};

    thread_local analyzer::Parser parser;
    analyzer::Parsed parsed = parser.parse(rewritten.python);
    if (!parsed) return {Reach::code, "text pygate's parser does not read (" + parsed.refusal + ")"};
    analyzer::SyntaxTree tree(parsed->root(), rewritten.python);
    if (analyzer::node_has_error(tree.root())) return {Reach::code, "text that is not a Python expression"};

    PandasExpression verdict;
    std::optional<std::string> code;
    analyzer::walk_preorder(
        tree.root(),
        [&](Node node, std::uint32_t) {
            if (code) return analyzer::WalkStep::skip_children;
            if (analyzer::node_is_named(node)) {
                code = judge_node(node, rewritten.python);
                if (code) return analyzer::WalkStep::skip_children;
            }
            return analyzer::WalkStep::descend;
        },
        [](Node) {});
    if (code) return {Reach::code, std::move(*code)};
    return verdict;
}

}  // namespace pygate::rules
