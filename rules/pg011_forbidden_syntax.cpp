#include "rules/catalogue.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>

#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/text/identifier.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;

using analyzer::RuleContext;

constexpr analyzer::RuleNumber k_rule = 11;
constexpr int k_specificity = 50;
// A dunder is often what another rule names better: PG009 (90) an escaping
// attribute, PG003 (10) `import __main__`. Above PG013 (5): for `__debug__`
// the dunder is the point.
constexpr int k_dunder_specificity = 8;
constexpr std::array<std::string_view, 1> k_cwe = {"CWE-749"};

// Where a use is shown.
enum class At : std::uint8_t {
    node,         // the whole node: `[x for x in y]`, `*args`, `@cache`
    first_token,  // its first token, the statement's keyword: `while`, `import`, `from`
    token,        // its child token spelled `token`: `for` after `async`, `:=`
};

// What else, besides its kind, makes a node a use of the keyword.
enum class When : std::uint8_t {
    always,
    async_token,  // it has an `async` token
    star_args,    // `*a`/`**k` passed to a call; a def or lambda with `*args`/`**kwargs`
    dunder_name,  // it binds a name of the form __x__ (reads and attributes come through on_name/on_attribute)
};

struct ForbiddableSyntax {
    std::string_view keyword;  // as syntax.forbid spells it
    std::string_view shown;    // how messages name a use
    At at;
    std::string_view token;
    When when;
    std::array<std::string_view, 14> kinds;  // grammar node kinds; unused entries empty
    std::string_view note;                   // shown by `pygate explain`
};

// The mapping from syntax.forbid keywords to node kinds, declared once.
constexpr ForbiddableSyntax k_syntax[] = {
    {"import",
     "`import`",
     At::first_token,
     "",
     When::always,
     {"import_statement", "import_from_statement", "future_import_statement"},
     ""},
    {"class", "`class`", At::first_token, "", When::always, {"class_definition"}, ""},
    {"decorator", "a decorator", At::node, "", When::always, {"decorator"}, ""},
    {"lambda", "`lambda`", At::first_token, "", When::always, {"lambda"}, ""},
    {"for",
     "a `for` loop",
     At::token,
     "for",
     When::always,
     {"for_statement"},
     " (the for of a comprehension is comprehension)"},
    {"while", "a `while` loop", At::first_token, "", When::always, {"while_statement"}, ""},
    {"comprehension",
     "a comprehension",
     At::node,
     "",
     When::always,
     {"list_comprehension", "set_comprehension", "dictionary_comprehension"},
     ""},
    {"generator", "a generator expression", At::node, "", When::always, {"generator_expression"}, ""},
    {"try", "`try`", At::first_token, "", When::always, {"try_statement"}, ""},
    {"with", "`with`", At::token, "with", When::always, {"with_statement"}, ""},
    {"async",
     "`async`",
     At::token,
     "async",
     When::async_token,
     {"function_definition", "for_statement", "with_statement", "for_in_clause"},
     " (those with an async token)"},
    {"await", "`await`", At::first_token, "", When::always, {"await"}, ""},
    {"yield", "`yield`", At::first_token, "", When::always, {"yield"}, " (yield and yield from)"},
    {"global", "`global`", At::first_token, "", When::always, {"global_statement"}, ""},
    {"nonlocal", "`nonlocal`", At::first_token, "", When::always, {"nonlocal_statement"}, ""},
    {"del", "`del`", At::first_token, "", When::always, {"delete_statement"}, ""},
    {"raise", "`raise`", At::first_token, "", When::always, {"raise_statement"}, ""},
    {"assert", "`assert`", At::first_token, "", When::always, {"assert_statement"}, ""},
    {"match", "`match`", At::first_token, "", When::always, {"match_statement"}, ""},
    {"walrus", "`:=`", At::token, ":=", When::always, {"named_expression"}, ""},
    {"star-args",
     "star-args",
     At::node,
     "",
     When::star_args,
     {"list_splat", "dictionary_splat", "function_definition", "lambda"},
     " (*a and **k passed to a call; *args and **kwargs parameters of a def or lambda)"},
    {"dunder-name",
     "a dunder name",
     At::node,
     "",
     When::dunder_name,
     {"function_definition", "class_definition", "lambda", "assignment", "augmented_assignment", "for_statement",
      "for_in_clause", "named_expression", "global_statement", "nonlocal_statement", "import_statement",
      "import_from_statement", "as_pattern_target", "except_clause"},
     " (names bound by these; also every identifier read and attribute name of the form __x__ not in the "
     "profile's dunders.allow)"},
};
constexpr std::size_t k_rows = std::size(k_syntax);
static_assert(k_rows <= 32, "rows are kept as bits of a uint32_t");
constexpr std::size_t k_dunder_row = k_rows - 1;
static_assert(k_syntax[k_dunder_row].keyword == "dunder-name");

constexpr auto k_keywords = [] {
    std::array<std::string_view, k_rows> out{};
    for (std::size_t i = 0; i < k_rows; ++i)
        out[i] = k_syntax[i].keyword;
    return out;
}();

// The kinds PG011 asks the engine for, and which rows each belongs to.
struct KindIndex {
    std::vector<TSSymbol> kinds;
    std::vector<std::uint32_t> rows_of;  // by symbol: bit i set when k_syntax[i] covers it
};

KindIndex build_index() {
    KindIndex index;
    for (std::size_t row = 0; row < k_rows; ++row) {
        for (std::string_view kind : k_syntax[row].kinds) {
            if (kind.empty()) continue;
            TSSymbol symbol = ts_language_symbol_for_name(analyzer::python_language(), kind.data(),
                                                          static_cast<std::uint32_t>(kind.size()), true);
            if (symbol == 0) throw std::logic_error(fmt::format("the Python grammar has no node kind {}", kind));
            if (symbol >= index.rows_of.size()) index.rows_of.resize(symbol + 1u, 0);
            if (index.rows_of[symbol] == 0) index.kinds.push_back(symbol);
            index.rows_of[symbol] |= 1u << row;
        }
    }
    return index;
}

const KindIndex& kind_index() {
    static const KindIndex index = build_index();
    return index;
}

std::span<const TSSymbol> syntax_kinds() {
    return kind_index().kinds;
}

bool forbids(const analyzer::Profile& profile, std::string_view keyword) {
    const auto& forbid = profile.syntax_forbid;
    return std::find(forbid.begin(), forbid.end(), keyword) != forbid.end();
}

// A keyword token among a node's first children (`async`, `for`, `:=`), or a null node.
Node child_token(Node node, std::string_view spelled) {
    std::uint32_t count = std::min(node_child_count(node), 3u);
    for (std::uint32_t i = 0; i < count; ++i) {
        Node child = node_child(node, i);
        if (!node_is_named(child) && node_type(child) == spelled) return child;
    }
    return Node{};
}

void report_use(const ForbiddableSyntax& row, Node at, RuleContext& context) {
    context.report(k_rule, analyzer::Severity::error, at,
                   fmt::format("{} is forbidden by profile {} (syntax.forbid: {})", row.shown, context.profile().name,
                               row.keyword),
                   k_specificity);
}

Node located(const ForbiddableSyntax& row, Node node) {
    Node at{};
    if (row.at == At::first_token && node_child_count(node) > 0) at = node_child(node, 0);
    if (row.at == At::token) at = child_token(node, row.token);
    return node_is_null(at) ? node : at;
}

void check_dunder(std::string_view name, Node at, RuleContext& context) {
    const analyzer::Profile& profile = context.profile();
    if (!analyzer::is_dunder_name(name) || !forbids(profile, "dunder-name")) return;
    const auto& allow = profile.dunders_allow;
    if (std::find(allow.begin(), allow.end(), name) != allow.end()) return;
    context.report(k_rule, analyzer::Severity::error, at,
                   fmt::format("dunder name `{}` is forbidden by profile {} (syntax.forbid: dunder-name; it is not "
                               "in dunders.allow)",
                               name, profile.name),
                   k_dunder_specificity);
}

void check_identifier(Node identifier, RuleContext& context) {
    if (node_is_null(identifier) || node_symbol(identifier) != analyzer::PythonSymbols::get().identifier) return;
    std::string storage;
    check_dunder(context.model().identifier(identifier, storage), identifier, context);
}

// Every name an assignment target binds: `a`, `(a, [b, *c])`; attributes and
// subscripts bind none (attribute names come through on_attribute).
void check_target(Node target, RuleContext& context) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    if (node_is_null(target)) return;
    if (node_symbol(target) == s.identifier) return check_identifier(target, context);
    std::vector<Node> pending{target};  // targets may nest deep: no recursion
    while (!pending.empty()) {
        Node node = pending.back();
        pending.pop_back();
        TSSymbol kind = node_symbol(node);
        if (kind == s.identifier) {
            check_identifier(node, context);
        } else if (kind == s.pattern_list || kind == s.tuple_pattern || kind == s.list_pattern || kind == s.tuple ||
                   kind == s.list || kind == s.parenthesized_expression || kind == s.list_splat_pattern ||
                   kind == s.list_splat || kind == s.expression_list || kind == s.as_pattern_target) {
            for (std::uint32_t i = node_named_child_count(node); i-- > 0;)
                pending.push_back(node_named_child(node, i));
        }
    }
}

// The name a parameter binds, or the `*args`/`**kwargs` pattern it is.
Node parameter_name(Node parameter) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    TSSymbol kind = node_symbol(parameter);
    if (kind == s.default_parameter || kind == s.typed_default_parameter)
        return node_child_by_field_id(parameter, s.field_name);
    if (kind == s.typed_parameter) return node_named_child(parameter, 0);
    return parameter;
}

bool is_star_pattern(Node node) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    TSSymbol kind = node_symbol(node);
    return kind == s.list_splat_pattern || kind == s.dictionary_splat_pattern;
}

void check_parameters(Node definition, const ForbiddableSyntax& row, RuleContext& context) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    Node parameters = node_child_by_field_id(definition, s.field_parameters);
    if (node_is_null(parameters)) return;
    for (std::uint32_t i = 0; i < node_named_child_count(parameters); ++i) {
        Node name = parameter_name(node_named_child(parameters, i));
        if (node_is_null(name)) continue;
        if (row.when == When::star_args) {
            if (is_star_pattern(name)) report_use(row, name, context);
        } else {
            if (is_star_pattern(name)) name = node_named_child(name, 0);
            check_identifier(name, context);
        }
    }
}

// `import a as __x__`, `from a import __x__`: the names an import binds.
void check_import(Node statement, RuleContext& context) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    Node module = node_child_by_field_id(statement, s.field_module_name);
    for (std::uint32_t i = 0; i < node_named_child_count(statement); ++i) {
        Node child = node_named_child(statement, i);
        if (node_eq(child, module)) continue;
        TSSymbol kind = node_symbol(child);
        if (kind == s.aliased_import) check_identifier(node_child_by_field_id(child, s.field_alias), context);
        if (kind == s.dotted_name) check_identifier(node_named_child(child, 0), context);
    }
}

void check_bound_dunders(const analyzer::SyntaxSite& site, RuleContext& context) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    TSSymbol kind = site.kind;
    Node node = site.node;
    auto field = [&](TSFieldId id) { return node_child_by_field_id(node, id); };
    if (kind == s.function_definition || kind == s.lambda) {
        check_identifier(field(s.field_name), context);
        check_parameters(node, k_syntax[k_dunder_row], context);
    } else if (kind == s.class_definition || kind == s.named_expression) {
        check_identifier(field(s.field_name), context);
    } else if (kind == s.assignment || kind == s.augmented_assignment || kind == s.for_statement ||
               kind == s.for_in_clause) {
        check_target(field(s.field_left), context);
    } else if (kind == s.global_statement || kind == s.nonlocal_statement) {
        for (std::uint32_t i = 0; i < node_named_child_count(node); ++i)
            check_identifier(node_named_child(node, i), context);
    } else if (kind == s.import_statement || kind == s.import_from_statement) {
        check_import(node, context);
    } else if (kind == s.as_pattern_target) {
        check_target(node, context);
    } else if (kind == s.except_clause) {
        check_target(field(s.field_alias), context);
    }
}

void check(const ForbiddableSyntax& row, const analyzer::SyntaxSite& site, RuleContext& context) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    switch (row.when) {
        case When::always:
            return report_use(row, located(row, site.node), context);
        case When::async_token:
            if (Node token = child_token(site.node, "async"); !node_is_null(token))
                report_use(row, token, context);
            return;
        case When::star_args:
            if (site.kind == s.function_definition || site.kind == s.lambda)
                return check_parameters(site.node, row, context);
            if (!node_is_null(site.argument_of)) report_use(row, site.node, context);
            return;
        case When::dunder_name:
            return check_bound_dunders(site, context);
    }
}

void on_syntax(const analyzer::SyntaxSite& site, RuleContext& context) {
    const analyzer::Profile& profile = context.profile();
    if (profile.syntax_forbid.empty()) return;  // most profiles forbid nothing
    const KindIndex& index = kind_index();
    std::uint32_t rows = site.kind < index.rows_of.size() ? index.rows_of[site.kind] : 0;
    for (; rows != 0; rows &= rows - 1) {
        const ForbiddableSyntax& row = k_syntax[std::countr_zero(rows)];
        if (forbids(profile, row.keyword)) check(row, site, context);
    }
}

void on_name(const analyzer::NameSite& site, RuleContext& context) {
    if (analyzer::is_dunder_name(site.name)) check_dunder(site.name, site.node, context);
}

void on_attribute(const analyzer::AttributeSite& site, RuleContext& context) {
    if (analyzer::is_dunder_name(site.attribute)) check_dunder(site.attribute, site.node, context);
}

std::vector<std::string> mapping() {
    std::vector<std::string> out;
    for (const ForbiddableSyntax& row : k_syntax) {
        std::string kinds;
        for (std::string_view kind : row.kinds)
            if (!kind.empty()) kinds += fmt::format("{}{}", kinds.empty() ? "" : ", ", kind);
        out.push_back(fmt::format("{}: {}{}", row.keyword, kinds, row.note));
    }
    return out;
}
constexpr std::array<RuleTable, 1> k_tables = {{{"syntax.forbid keywords and the node kinds they cover", mapping}}};

constexpr analyzer::RuleHooks k_hooks{
    .on_attribute = on_attribute, .on_name = on_name, .on_syntax = on_syntax, .syntax_kinds = syntax_kinds};

}  // namespace

std::span<const std::string_view> pg011_keywords() {
    return k_keywords;
}

const RuleMetadata k_pg011_forbidden_syntax{
    .number = k_rule,
    .name = "forbidden-syntax",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Syntax the profile's syntax.forbid lists (code_pool forbids most statements)",
    .catches =
        "Each use of a syntax keyword the profile's syntax.forbid lists, at the keyword (or at the expression, "
        "for comprehensions, generators, decorators and star-args): import, class, decorator, lambda, for, while, "
        "comprehension, generator, try, with, async, await, yield, global, nonlocal, del, raise, assert, match, "
        "walrus, star-args, and dunder-name (an identifier read, attribute name or bound name of the form __x__ "
        "that is not in the profile's dunders.allow; keyword-argument names and match capture patterns are not "
        "checked). A profile that forbids nothing (every built-in one but code_pool) never sees this rule.",
    .why =
        "A profile that forbids syntax defines a small language on purpose: tiny policy functions that are easy "
        "to review and cheap to run. Loops, classes, imports, exceptions and dunders are where escapes, hidden "
        "state and unbounded work live; code outside the small language was not written for this pool.",
    .bad_example =
        "def policy(state, rng):\n"
        "    best = max(state, key=lambda k: state[k])\n"
        "    return best\n",
    .good_example =
        "def policy(state, rng):\n"
        "    return max(state)\n",
    .instead =
        "Write it with the syntax the profile allows (under code_pool: expressions, conditional expressions, "
        "nested def, calls to the file's own functions); `pygate profile show NAME` prints syntax.forbid.",
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
