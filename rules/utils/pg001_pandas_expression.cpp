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

bool identifier_byte(unsigned char c) {
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
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
// plain name and `@` a space (its name is then read as a column would be).
struct Rewritten {
    std::string python;
    std::string first_local;  // the first `@name`, or empty
    bool unterminated_backtick = false;
};

Rewritten rewrite_pandas_tokens(std::string_view text) {
    Rewritten out{std::string(text), {}, false};
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
            std::size_t end = i + 1;
            while (end < text.size() && identifier_byte(static_cast<unsigned char>(text[end])))
                ++end;
            if (out.first_local.empty()) out.first_local = std::string(text.substr(i, end - i));
            i = end;
        } else {
            ++i;
        }
    }
    return out;
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
    analyzer::Tree parsed = parser.parse(rewritten.python);
    analyzer::SyntaxTree tree(parsed.root(), rewritten.python);
    if (analyzer::node_has_error(tree.root())) return {Reach::code, "text that is not a Python expression"};

    PandasExpression verdict;
    if (!rewritten.first_local.empty())
        verdict = {Reach::locals, fmt::format("the caller's variable {}", quoted(rewritten.first_local))};
    std::optional<std::string> code;
    analyzer::walk_preorder(
        tree.root(),
        [&](Node node, std::uint32_t) {
            if (code) return analyzer::WalkStep::skip_children;
            if (analyzer::node_is_named(node)) {
                code = judge_node(node, rewritten.python);
                if (code) return analyzer::WalkStep::skip_children;
            } else if (analyzer::node_type(node) == "@" && verdict.reach == Reach::columns) {
                // A `@` the rewriting took for a string's: still pandas' variable reference.
                verdict = {Reach::locals, "the caller's variables (`@`)"};
            }
            return analyzer::WalkStep::descend;
        },
        [](Node) {});
    if (code) return {Reach::code, std::move(*code)};
    return verdict;
}

}  // namespace pygate::rules
