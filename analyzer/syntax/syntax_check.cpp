#include "analyzer/syntax/syntax_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "analyzer/capped_findings.hpp"
#include "analyzer/model/model.hpp"
#include "analyzer/syntax/indentation.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/sole_expression.hpp"
#include "analyzer/syntax/tree_walk.hpp"

namespace pygate::analyzer {
namespace {

constexpr std::string_view k_syntax_errors = "syntax errors";
constexpr std::uint32_t k_excerpt_code_points = 30;
// Bounds on how deep a subtree can be for its length: each byte can open a
// few levels (`-`, `(`, `.`), and a few wrapper nodes add levels without bytes.
constexpr std::uint32_t k_max_levels_per_byte = 4;
constexpr std::uint32_t k_max_levels_without_bytes = 16;
// The first versions of the forms the grammar reads whatever the target.
constexpr PythonVersion k_pep695_target{3, 12};  // `type X = ...`, `def f[T]()`
constexpr PythonVersion k_pep701_target{3, 12};  // f-strings read as tokens: `f"{"a"}"`
constexpr PythonVersion k_pep758_target{3, 14};  // `except A, B:`

// How many of the line's first characters are white space CPython counts as
// indentation. Not find_first_not_of: that searches the set once per
// character (a memchr call each), and this runs on every logical line.
std::size_t indent_width(std::string_view line) {
    return static_cast<std::size_t>(std::find_if_not(line.begin(), line.end(), is_blank) - line.begin());
}

// The first line of a node's text, shortened, for a message.
std::string excerpt(const Source& source, Node node) {
    std::string_view text = std::string_view(source.text)
                                .substr(node_start_byte(node), node_end_byte(node) - node_start_byte(node));
    text = text.substr(0, text.find('\n'));
    std::size_t end = 0;
    std::uint32_t code_points = 0;
    while (end < text.size() && code_points < k_excerpt_code_points) {
        ++end;
        while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
            ++end;
        ++code_points;
    }
    std::string shown(text.substr(0, end));
    if (end < text.size()) shown += "...";
    return shown;
}

}  // namespace

class SyntaxChecker {
public:
    SyntaxChecker(const Source& source, Node root, std::vector<Finding>& findings, PythonVersion target)
        : m_source(source),
          m_target(target),
          m_findings(findings),
          m_syntax_errors(findings, k_unsafe_source_rule),
          m_symbols(PythonSymbols::get()),
          m_tree_has_error(node_has_error(root)) {}

    WalkStep visit(Node node, std::uint32_t depth) {
        TSSymbol symbol = node_symbol(node);
        if (m_tree_has_error && symbol == m_symbols.error) {
            std::string shown = excerpt(m_source, node);
            report_syntax_error(node, shown.empty() ? std::string("syntax error: unexpected end of input")
                                                    : fmt::format("syntax error: unexpected `{}`", shown));
            return WalkStep::skip_children;
        }
        if (m_tree_has_error && node_is_missing(node)) {
            report_syntax_error(node, fmt::format("syntax error: missing `{}`", node_type(node)));
            return WalkStep::skip_children;
        }
        // An elided string's tokens lie one level below it (syntax_tree.hpp).
        if (depth + (node_tokens_elided(node) ? 1 : 0) > k_max_tree_depth) {
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
        if (symbol == m_symbols.type_alias_statement) {
            // CPython reads `type(x).a = v` and `type[x].a = v` as assignments in every version.
            if (is_assignment_through_type_call(node)) {
                m_type_call_assignments.push_back(node);
            } else if (m_target < k_pep695_target) {
                add(node, fmt::format("syntax error: the `type` statement is Python 3.12 (PEP 695); CPython {} "
                                      "refuses it",
                                      m_target.spelled()));
                return WalkStep::skip_children;
            }
        }
        // The grammar reads `except A, B:` as Python 2's `except A as B:`.
        // Before 3.14 CPython refuses it; 3.14 reads it as both types (PEP
        // 758), but the tree binds B instead of naming it: never read as the
        // grammar has it.
        if (symbol == m_symbols.except_clause) {
            Node value = node_child_by_field_id(node, m_symbols.field_value);
            Node alias = node_child_by_field_id(node, m_symbols.field_alias);
            if (!node_is_null(value) && !node_is_null(alias) && node_end_byte(value) <= node_start_byte(alias)) {
                std::string_view between = std::string_view(m_source.text).substr(
                    node_end_byte(value), node_start_byte(alias) - node_end_byte(value));
                if (between.find(',') != std::string_view::npos) {
                    if (m_target < k_pep758_target)
                        add(node, fmt::format("syntax error: multiple exception types must be parenthesized "
                                              "(CPython {} refuses `except A, B:`, which the parser reads as "
                                              "`except A as B:`)",
                                              m_target.spelled()));
                    else
                        add(node, "`except A, B:` without brackets: CPython 3.14 reads both as exception types "
                                  "(PEP 758), but the parser reads `except A as B:`, which binds B, so pygate "
                                  "cannot show what this clause does and refuses it; write `except (A, B):`");
                }
            }
        }
        if (symbol == m_symbols.function_definition || symbol == m_symbols.class_definition) {
            Node parameters = node_child_by_field_id(node, m_symbols.type_parameters_field);
            if (!node_is_null(parameters) && m_target < k_pep695_target)
                add(parameters, fmt::format("syntax error: type parameter lists are Python 3.12 (PEP 695); CPython "
                                            "{} refuses them",
                                            m_target.spelled()));
        }
        if (symbol < m_symbols.starts_logical_line.size() && m_symbols.starts_logical_line[symbol])
            m_line_start = node_start_byte(node);
        // In pre-order, a block at a depth at or below this node's has ended.
        while (!m_open_block_depths.empty() && m_open_block_depths.back() >= depth)
            m_open_block_depths.pop_back();
        if (symbol == m_symbols.block) {
            m_open_block_depths.push_back(depth);
            // The grammar accepts `try:` with nothing indented under it; CPython does not.
            if (!has_statement(node))
                add(node, "syntax error: expected an indented block (CPython refuses an empty one)");
        }
        if (symbol == m_symbols.string) {
            // A string is one token to CPython's tokenizer, whatever lines it spans.
            if (node_start_byte(node) >= m_string_end) visit_token(node, symbol);
            m_string_end = std::max(m_string_end, node_end_byte(node));
        }
        return inside_cannot_matter(node, symbol, depth) ? WalkStep::skip_children : WalkStep::descend;
    }

    void leaf(Node node) {
        if (node_start_byte(node) < m_string_end) return;
        TSSymbol symbol = node_symbol(node);
        if (symbol == m_symbols.comment)
            m_last_comment_line = node_start_row(node) + 1;
        else if (symbol != m_symbols.string && symbol != m_symbols.line_continuation)
            visit_token(node, symbol);
    }

    // Errors the cursor cannot see: the grammar's hidden tokens (a newline it
    // had to insert, say) are MISSING without a visible node.
    void find_hidden_errors(Node root) {
        if (m_syntax_errors.count(k_syntax_errors) > 0 || !node_has_error(root)) return;
        Node node = root;
        for (bool deeper = true; deeper;) {
            deeper = false;
            for (std::uint32_t i = 0, n = node_child_count(node); i < n; ++i) {
                Node child = node_child(node, i);
                if (node_has_error(child)) {
                    node = child;
                    deeper = true;
                    break;
                }
            }
        }
        report_syntax_error(gap_without_separator(node),
                            "syntax error: statements are not separated by a newline or `;`, or a token is missing");
    }

    void check_invisible_characters(Node root, const std::vector<std::size_t>& offsets) {
        for (std::size_t offset : offsets) {
            auto at = static_cast<std::uint32_t>(offset);
            if (inside_literal_or_comment(node_descendant_for_byte_range(root, at, at + 1))) continue;
            Finding finding = unsafe_source_finding(
                m_source.range_of(offset, offset + 1),
                "invisible or control character outside a string or comment: tree-sitter reads it as white space "
                "but CPython refuses it (invalid non-printable character)");
            m_findings.push_back(std::move(finding));
        }
    }

    void finish() { m_syntax_errors.summarise(); }

    const std::vector<Node>& type_call_assignments() const { return m_type_call_assignments; }

private:
    // Nothing inside `node` can change a check, so the walk need not enter it:
    // no error in it, no block, one row that already has a token (no logical
    // line starts inside), and too short to hold the rest of CPython's bracket
    // limit or to reach the depth limit (a byte adds at most a few levels).
    bool inside_cannot_matter(Node node, TSSymbol symbol, std::uint32_t depth) const {
        // Anonymous tokens (brackets) must reach leaf(); a named node holds its brackets in pairs.
        if (symbol == m_symbols.block || !m_seen_token || !node_is_named(node)) return false;
        if (m_tree_has_error && node_has_error(node)) return false;
        std::uint32_t start_row = node_start_row(node);
        if (start_row != m_last_token_end_row || node_end_row(node) != start_row) return false;
        std::uint32_t length = node_end_byte(node) - node_start_byte(node);
        return m_bracket_level + length / 2 <= k_max_bracket_levels &&
               depth + k_max_levels_per_byte * length + k_max_levels_without_bytes <= k_max_tree_depth;
    }

    // Called for each token in document order (strings as one token).
    void visit_token(Node token, TSSymbol symbol) {
        std::uint32_t start_row = node_start_row(token);
        bool first_on_line = !m_seen_token || start_row > m_last_token_end_row;
        if (first_on_line && m_bracket_level == 0) {
            if (auto indent = logical_line_indent(start_row + 1)) {
                check_logical_line(token, *indent);
                // In pre-order, the innermost statement or clause starting at this
                // token was the last one visited.
                if (symbol != m_symbols.module && node_start_byte(token) != m_line_start)
                    report_once(m_reported_split_statement, token,
                                "syntax error: a statement continues onto a new line without brackets or a "
                                "backslash; CPython ends it at the line break and refuses the file");
            }
        }
        m_seen_token = true;
        m_last_token_end_row = node_end_row(token);
        count_brackets(token, symbol);
    }

    // The indentation CPython gives the logical line that begins on `line`
    // (1-based), or nothing when `line` continues a statement after a
    // backslash. Lines holding only white space and a backslash join their
    // indentation to the next line's: CPython 3.11 counts columns on across
    // them until a backslash stands past column 0, whose column is the
    // logical line's; with none, the count runs on into `line` itself.
    // Returns a view of the line itself, or of m_joined_indent when lines were joined.
    std::optional<std::string_view> logical_line_indent(std::uint32_t line) {
        auto indent_of = [&](std::uint32_t at) {
            std::string_view text = m_source.line_text(at);
            return text.substr(0, indent_width(text));
        };
        std::uint32_t first = line;
        while (first > 1) {
            std::string_view previous = m_source.line_text(first - 1);
            if (!previous.ends_with('\\') || m_last_comment_line == first - 1) break;
            if (indent_width(previous) != previous.size() - 1) return std::nullopt;
            --first;
        }
        if (first == line) return indent_of(line);  // almost always: no backslash-only line before
        m_joined_indent.clear();
        for (std::uint32_t at = first;; ++at) {
            m_joined_indent += indent_of(at);
            // Past column 0: white space after the last form feed (which sets the column to 0).
            std::size_t after_form_feed = m_joined_indent.rfind('\f') + 1;  // 0 when there is none (npos + 1)
            if (at == line || m_joined_indent.size() > after_form_feed) return std::string_view(m_joined_indent);
        }
    }

    void check_logical_line(Node token, std::string_view indent) {
        if (auto complaint = m_indentation.next_logical_line(indent)) {
            report_once(m_reported_indentation, token, *complaint);
            return;
        }
        // The grammar's scanner measures indentation its own way (a tab adds 8
        // wherever it stands, widths wrap at 256, a backslash line adds to the
        // next): where its blocks differ from CPython's, the tree shows code
        // in a block CPython does not run it in.
        if (m_open_block_depths.size() != m_indentation.level())
            report_once(m_reported_block_mismatch, token,
                        "the parser's block structure differs from CPython's indentation here (tabs after spaces, "
                        "a backslash in the indentation, or very wide indentation): refused");
    }

    void count_brackets(Node token, TSSymbol symbol) {
        if (symbol == m_symbols.open_paren || symbol == m_symbols.open_bracket || symbol == m_symbols.open_brace) {
            if (++m_bracket_level > k_max_bracket_levels)
                report_once(
                    m_reported_brackets, token,
                    fmt::format("more than {} nested brackets: CPython refuses this file", k_max_bracket_levels));
        } else if (symbol == m_symbols.close_paren || symbol == m_symbols.close_bracket ||
                   symbol == m_symbols.close_brace) {
            if (m_bracket_level > 0) --m_bracket_level;
        }
    }

    // The grammar reads `type(obj).attr = value` and `type[x].attr = value` as
    // 3.12 type aliases; CPython 3.11 reads an assignment to an attribute or
    // subscript of `type(...)` / `type[...]`, which it accepts. Anything else
    // shaped as a type alias is refused.
    bool is_assignment_through_type_call(Node statement) const {
        Node left = node_named_child(statement, 0);
        if (node_is_null(left) || node_named_child_count(left) != 1) return false;
        Node target = node_named_child(left, 0);
        TSSymbol kind = node_symbol(target);
        if (kind != m_symbols.attribute && kind != m_symbols.subscript) return false;
        std::size_t after_keyword = node_start_byte(left);
        return after_keyword < m_source.text.size() &&
               (m_source.text[after_keyword] == '(' || m_source.text[after_keyword] == '[');
    }

    // Within `node`, the first child that follows its sibling on the same
    // line with no `;` between them; `node` itself when there is none.
    Node gap_without_separator(Node node) const {
        Node previous{};
        bool has_previous = false;
        for (std::uint32_t i = 0, n = node_child_count(node); i < n; ++i) {
            Node child = node_child(node, i);
            if (node_symbol(child) == m_symbols.line_continuation) continue;
            if (has_previous && node_is_named(previous) && node_is_named(child)) {
                std::string_view between =
                    std::string_view(m_source.text)
                        .substr(node_end_byte(previous), node_start_byte(child) - node_end_byte(previous));
                bool separated = between.find(';') != std::string_view::npos;
                for (std::size_t k = between.find('\n'); !separated && k != std::string_view::npos;
                     k = between.find('\n', k + 1))
                    separated = k == 0 || between[k - 1] != '\\';
                if (!separated) return child;
            }
            previous = child;
            has_previous = true;
        }
        return node;
    }

    bool has_statement(Node block) const {
        for (std::uint32_t i = 0, n = node_named_child_count(block); i < n; ++i)
            if (node_symbol(node_named_child(block, i)) != m_symbols.comment) return true;
        return false;
    }

    // `node` is the smallest node around a character: a literal's or a
    // comment's own node when the character is inside one (string_content,
    // or the string itself where the grammar makes no content node, as in
    // some raw strings). An f-string's replacement field is code, not
    // literal. The smallest node tells: no walk up the tree is needed.
    bool inside_literal_or_comment(Node node) const {
        TSSymbol symbol = node_symbol(node);
        return symbol == m_symbols.string || symbol == m_symbols.string_content || symbol == m_symbols.comment ||
               symbol == m_symbols.escape_sequence;
    }

    void add(Node node, std::string message) {
        m_findings.push_back(unsafe_source_finding(m_source.range_of(node_start_byte(node), node_end_byte(node)),
                                                   std::move(message)));
    }

    void report_syntax_error(Node node, std::string message) {
        m_syntax_errors.add(k_syntax_errors, m_source.range_of(node_start_byte(node), node_end_byte(node)),
                            std::move(message));
    }

    void report_once(bool& reported, Node node, std::string message) {
        if (reported) return;
        reported = true;
        add(node, std::move(message));
    }

    const Source& m_source;
    const PythonVersion m_target;
    std::vector<Finding>& m_findings;
    CappedFindings m_syntax_errors;
    const PythonSymbols& m_symbols;
    const bool m_tree_has_error;  // no ERROR or MISSING node can hide in a tree without it
    IndentationTracker m_indentation;
    std::uint32_t m_bracket_level = 0;
    std::uint32_t m_string_end = 0;
    std::uint32_t m_last_token_end_row = 0;
    bool m_seen_token = false;
    std::uint32_t m_last_comment_line = 0;
    std::vector<std::uint32_t> m_open_block_depths;  // tree depths of the blocks around the current node
    std::vector<Node> m_type_call_assignments;
    bool m_reported_depth = false;
    bool m_reported_indentation = false;
    bool m_reported_block_mismatch = false;
    bool m_reported_brackets = false;
    bool m_reported_split_statement = false;
    std::string m_joined_indent;  // logical_line_indent's answer when it joins lines
    std::uint32_t m_line_start = static_cast<std::uint32_t>(-1);  // of the last statement or clause visited
};

void check_syntax(const Source& source, Node root, const std::vector<std::size_t>& invisible_offsets,
                  std::vector<Finding>& findings, PythonVersion target) {
    SyntaxChecker checker(source, root, findings, target);
    walk_preorder(
        root, [&](Node node, std::uint32_t depth) { return checker.visit(node, depth); },
        [&](Node node) { checker.leaf(node); });
    checker.find_hidden_errors(root);
    checker.check_invisible_characters(root, invisible_offsets);
    checker.finish();
}

SyntaxCheck::SyntaxCheck(const Source& source, Node root, const std::vector<std::size_t>& invisible_offsets,
                         std::vector<Finding>& findings, PythonVersion target)
    : m_checker(std::make_unique<SyntaxChecker>(source, root, findings, target)),
      m_root(root),
      m_invisible_offsets(invisible_offsets),
      m_target(target) {}

SyntaxCheck::~SyntaxCheck() = default;

WalkStep SyntaxCheck::visit(Node node, std::uint32_t depth) {
    return m_checker->visit(node, depth);
}

void SyntaxCheck::leaf(Node node) {
    m_checker->leaf(node);
}

void SyntaxCheck::finish() {
    m_checker->find_hidden_errors(m_root);
    m_checker->check_invisible_characters(m_root, m_invisible_offsets);
    m_checker->finish();
}

const std::vector<Node>& SyntaxCheck::type_call_assignments() const {
    return m_checker->type_call_assignments();
}

namespace {

// CPython 3.11's future features (Lib/__future__.py); `braces` is its joke.
constexpr std::string_view k_future_features[] = {
    "nested_scopes",    "generators",     "division",      "absolute_import", "with_statement",
    "print_function",   "unicode_literals", "barry_as_FLUFL", "generator_stop",  "annotations"};

// `from __future__ import x` compiles only at the top of the module, after
// at most a docstring and other future imports, and only for features CPython
// knows: where the grammar accepts more, CPython's compiler refuses the file.
void check_future_imports(const Model& model, std::vector<Finding>& findings) {
    const PythonSymbols& s = PythonSymbols::get();
    std::vector<Node> future_imports;
    for (const Model::Site& site : model.sites())
        if (site.kind == Model::SiteKind::import && node_symbol(site.node) == s.future_import_statement)
            future_imports.push_back(site.node);
    if (future_imports.empty()) return;
    // Where the module's first statement other than the docstring and future
    // imports starts: a future import before it is at the top; one nested in
    // a statement (a def, an if) starts after it.
    std::uint32_t top_end = static_cast<std::uint32_t>(-1);
    bool first = true;
    for_each_named_child(model.root(), [&](Node child) {
        TSSymbol kind = node_symbol(child);
        if (top_end != static_cast<std::uint32_t>(-1) || kind == s.comment || kind == s.line_continuation)
            return;  // the grammar's extras
        Node expression = kind == s.expression_statement ? sole_expression(child) : Node{};
        TSSymbol only = node_is_null(expression) ? TSSymbol{0} : node_symbol(expression);
        bool docstring = first && (only == s.string || only == s.concatenated_string);
        if (kind != s.future_import_statement && !docstring) top_end = node_start_byte(child);
        first = false;
    });
    const Source& source = model.source();
    CappedFindings refused(findings, k_unsafe_source_rule);
    auto refuse = [&](Node node, std::string_view complaint) {
        refused.add("refused future imports", source.range_of(node_start_byte(node), node_end_byte(node)),
                    fmt::format("syntax error: {} (CPython's compiler refuses the file; the parser accepts it)",
                                complaint));
    };
    for (Node statement : future_imports) {
        if (node_start_byte(statement) >= top_end) {
            refuse(statement, "from __future__ imports must occur at the beginning of the file");
            continue;
        }
        for_each_named_child(statement, [&](Node name) {
            TSSymbol kind = node_symbol(name);
            if (kind == s.aliased_import) name = node_child_by_field_id(name, s.field_name);
            else if (kind != s.dotted_name) return;
            std::string feature = model.dotted_name(name);
            if (feature == "braces")
                refuse(name, "not a chance");
            else if (std::find(std::begin(k_future_features), std::end(k_future_features), feature) ==
                     std::end(k_future_features))
                refuse(name, fmt::format("future feature {} is not defined", feature));
        });
    }
    refused.summarise();
}

// What the model saw the grammar accept and CPython refuse, 20 of a kind.
void report_refused(std::vector<Finding>& findings, const Source& source, std::string_view kind,
                    const std::vector<Model::RefusedSyntax>& refused, std::string_view who_refuses) {
    CappedFindings capped(findings, k_unsafe_source_rule);
    for (const Model::RefusedSyntax& item : refused)
        capped.add(kind, source.range_of(node_start_byte(item.node), node_end_byte(item.node)),
                   fmt::format("syntax error: {} ({}; the parser accepts it)", item.complaint, who_refuses));
    capped.summarise();
}

}  // namespace

void check_syntax_with_model(const SyntaxCheck& syntax, const Model& model, std::vector<Finding>& findings) {
    check_future_imports(model, findings);
    const Source& source = model.source();
    for (Node statement : syntax.type_call_assignments()) {
        if (model.may_bind_at("type", statement)) {
            findings.push_back(unsafe_source_finding(
                source.range_of(node_start_byte(statement), node_start_byte(statement) + 4),
                "`type(...)` / `type[...]` starts this assignment, and the name `type` may be bound to something "
                "other than the builtin here: the parser reads the statement as a 3.12 type alias and cannot show "
                "what it calls, so the file is refused"));
        }
    }
    CappedFindings stars(findings, k_unsafe_source_rule);
    for (Node star : model.misplaced_stars()) {
        stars.add("misread starred expressions", source.range_of(node_start_byte(star), node_start_byte(star) + 1),
                  "the parser misreads this starred expression (`*f(x)` as `(*f)(x)`, `*a.b` as `(*a).b`), and "
                  "pygate puts CPython's reading back only where CPython allows a star (argument lists, displays, "
                  "expression lists, subscripts, assignment and loop targets) in a tree without errors: here it "
                  "cannot show what is called or read, so the file is refused; bracketing the starred expression, "
                  "`*(f(x))`, or binding it to a name first avoids the misreading");
    }
    stars.summarise();
    report_refused(findings, source, "misordered arguments", model.misordered_arguments(), "CPython refuses the file");
    report_refused(findings, source, "refused string literals", model.refused_escapes(),
                   "CPython refuses this string literal");
    if (syntax.target() < k_pep701_target)
        report_refused(findings, source, "f-strings read otherwise before PEP 701",
                       model.fstrings_refused_before_pep701(),
                       fmt::format("CPython {} refuses this f-string", syntax.target().spelled()));
    for (Node name : model.pattern_dunders()) {
        findings.push_back(unsafe_source_finding(
            source.range_of(node_start_byte(name), node_end_byte(name)),
            fmt::format("this `case` pattern reads the attribute `{}` of its subject, which pygate's rules do not "
                        "see in patterns (`case type(__subclasses__=f)` is `f = subject.__subclasses__`): refused",
                        model.text(name))));
    }
}

}  // namespace pygate::analyzer
