#include "analyzer/syntax_check.hpp"

#include <fmt/format.h>

#include "analyzer/python_symbols.hpp"
#include "analyzer/tree_walk.hpp"

namespace pygate::analyzer {
namespace {

constexpr std::size_t k_max_listed_syntax_errors = 20;
constexpr std::uint32_t k_excerpt_code_points = 30;

// The first line of a node's text, shortened, for a message.
std::string excerpt(const Source& source, TSNode node) {
    std::string_view text = std::string_view(source.text).substr(ts_node_start_byte(node),
                                                                 ts_node_end_byte(node) - ts_node_start_byte(node));
    text = text.substr(0, text.find('\n'));
    std::size_t end = 0;
    std::uint32_t code_points = 0;
    while (end < text.size() && code_points < k_excerpt_code_points) {
        ++end;
        while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
        ++code_points;
    }
    std::string shown(text.substr(0, end));
    if (end < text.size()) shown += "...";
    return shown;
}

class SyntaxChecker {
public:
    SyntaxChecker(const Source& source, std::vector<Finding>& findings)
        : m_source(source), m_findings(findings), m_symbols(PythonSymbols::get()) {}

    WalkStep visit(TSNode node, std::uint32_t depth) {
        TSSymbol symbol = ts_node_symbol(node);
        if (symbol == m_symbols.error) {
            std::string shown = excerpt(m_source, node);
            report_syntax_error(node, shown.empty() ? std::string("syntax error: unexpected end of input")
                                                    : fmt::format("syntax error: unexpected `{}`", shown));
            return WalkStep::skip_children;
        }
        if (ts_node_is_missing(node)) {
            report_syntax_error(node, fmt::format("syntax error: missing `{}`", ts_node_type(node)));
            return WalkStep::skip_children;
        }
        if (depth > k_max_tree_depth) {
            report_once(m_reported_depth, node,
                        fmt::format("nesting deeper than {} syntax levels: CPython's parser fails on such code, so "
                                    "pygate refuses it",
                                    k_max_tree_depth));
            return WalkStep::skip_children;
        }
        if (symbol == m_symbols.print_statement || symbol == m_symbols.exec_statement) {
            add(node, fmt::format("syntax error: Python 2 `{}` statement, which CPython 3 refuses",
                                  symbol == m_symbols.print_statement ? "print" : "exec"));
            return WalkStep::skip_children;
        }
        if (symbol == m_symbols.type_alias_statement && !is_assignment_through_type_call(node)) {
            add(node, "syntax error: the `type` statement is Python 3.12; CPython 3.11 refuses it");
            return WalkStep::skip_children;
        }
        if (symbol == m_symbols.function_definition || symbol == m_symbols.class_definition) {
            TSNode parameters = ts_node_child_by_field_id(node, m_symbols.type_parameters_field);
            if (!ts_node_is_null(parameters))
                add(parameters, "syntax error: type parameter lists are Python 3.12; CPython 3.11 refuses them");
        }
        count_nesting(node, symbol, depth);
        return WalkStep::descend;
    }

    void finish() {
        if (m_syntax_errors > k_max_listed_syntax_errors) {
            Finding last = unsafe_source_finding(m_last_unlisted,
                                                 fmt::format("{} more syntax errors in this file not listed ({} in all)",
                                                             m_syntax_errors - k_max_listed_syntax_errors,
                                                             m_syntax_errors));
            m_findings.push_back(std::move(last));
        }
    }

private:
    void count_nesting(TSNode node, TSSymbol symbol, std::uint32_t depth) {
        // In pre-order, a block at a depth at or below the current node's has ended.
        while (!m_open_block_depths.empty() && m_open_block_depths.back() >= depth) m_open_block_depths.pop_back();
        if (symbol == m_symbols.block) {
            m_open_block_depths.push_back(depth);
            if (m_open_block_depths.size() > k_max_indent_levels)
                report_once(m_reported_indent, node,
                            fmt::format("more than {} levels of indentation: CPython refuses this file",
                                        k_max_indent_levels));
        } else if (symbol == m_symbols.open_paren || symbol == m_symbols.open_bracket ||
                   symbol == m_symbols.open_brace) {
            if (++m_bracket_level > k_max_bracket_levels)
                report_once(m_reported_brackets, node,
                            fmt::format("more than {} nested brackets: CPython refuses this file",
                                        k_max_bracket_levels));
        } else if (symbol == m_symbols.close_paren || symbol == m_symbols.close_bracket ||
                   symbol == m_symbols.close_brace) {
            if (m_bracket_level > 0) --m_bracket_level;
        }
    }

    // The grammar reads `type(obj).attr = value` and `type[x].attr = value` as
    // 3.12 type aliases; CPython 3.11 reads an assignment to an attribute or
    // subscript of `type(...)` / `type[...]`, which it accepts. Anything else
    // shaped as a type alias is refused.
    bool is_assignment_through_type_call(TSNode statement) const {
        TSNode left = ts_node_named_child(statement, 0);
        if (ts_node_is_null(left) || ts_node_named_child_count(left) != 1) return false;
        TSNode target = ts_node_named_child(left, 0);
        TSSymbol kind = ts_node_symbol(target);
        if (kind != m_symbols.attribute && kind != m_symbols.subscript) return false;
        std::size_t after_keyword = ts_node_start_byte(left);
        return after_keyword < m_source.text.size() &&
               (m_source.text[after_keyword] == '(' || m_source.text[after_keyword] == '[');
    }

    void add(TSNode node, std::string message) {
        m_findings.push_back(
            unsafe_source_finding(m_source.range_of(ts_node_start_byte(node), ts_node_end_byte(node)), std::move(message)));
    }

    void report_syntax_error(TSNode node, std::string message) {
        if (++m_syntax_errors <= k_max_listed_syntax_errors) add(node, std::move(message));
        else m_last_unlisted = m_source.range_of(ts_node_start_byte(node), ts_node_end_byte(node));
    }

    void report_once(bool& reported, TSNode node, std::string message) {
        if (reported) return;
        reported = true;
        add(node, std::move(message));
    }

    const Source& m_source;
    std::vector<Finding>& m_findings;
    const PythonSymbols& m_symbols;
    std::uint32_t m_bracket_level = 0;
    std::vector<std::uint32_t> m_open_block_depths;
    std::size_t m_syntax_errors = 0;
    SourceRange m_last_unlisted;
    bool m_reported_depth = false;
    bool m_reported_indent = false;
    bool m_reported_brackets = false;
};

}  // namespace

void check_syntax(const Source& source, TSNode root, std::vector<Finding>& findings) {
    SyntaxChecker checker(source, findings);
    walk_preorder(root, [&](TSNode node, std::uint32_t depth) { return checker.visit(node, depth); });
    checker.finish();
}

}  // namespace pygate::analyzer
