#include "rules/utils/loop_bounds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <variant>

#include "analyzer/model/fold.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/sole_expression.hpp"
#include "analyzer/text/string_literal.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;

using analyzer::Cursor;

using analyzer::Model;
using analyzer::Referent;
using analyzer::Referents;
using analyzer::ScopeId;

constexpr int k_max_nesting = 8;                 // map(f, enumerate(count())) and the like
constexpr std::uint32_t k_max_body_depth = 400;  // deeper bodies are taken to leave: no finding


struct Symbols {
    TSSymbol while_statement = analyzer::grammar_symbol("while_statement", true), for_statement = analyzer::grammar_symbol("for_statement", true),
             break_statement = analyzer::grammar_symbol("break_statement", true), return_statement = analyzer::grammar_symbol("return_statement", true),
             raise_statement = analyzer::grammar_symbol("raise_statement", true), yield = analyzer::grammar_symbol("yield", true),
             function_definition = analyzer::grammar_symbol("function_definition", true),
             class_definition = analyzer::grammar_symbol("class_definition", true), lambda = analyzer::grammar_symbol("lambda", true),
             call = analyzer::grammar_symbol("call", true), true_ = analyzer::grammar_symbol("true", true), false_ = analyzer::grammar_symbol("false", true),
             none = analyzer::grammar_symbol("none", true), integer = analyzer::grammar_symbol("integer", true), float_ = analyzer::grammar_symbol("float", true),
             string = analyzer::grammar_symbol("string", true), concatenated_string = analyzer::grammar_symbol("concatenated_string", true),
             list = analyzer::grammar_symbol("list", true), tuple = analyzer::grammar_symbol("tuple", true), set = analyzer::grammar_symbol("set", true),
             dictionary = analyzer::grammar_symbol("dictionary", true), parenthesized = analyzer::grammar_symbol("parenthesized_expression", true),
             not_operator = analyzer::grammar_symbol("not_operator", true), comparison = analyzer::grammar_symbol("comparison_operator", true),
             boolean_operator = analyzer::grammar_symbol("boolean_operator", true),
             generator_expression = analyzer::grammar_symbol("generator_expression", true), for_in_clause = analyzer::grammar_symbol("for_in_clause", true),
             comment = analyzer::grammar_symbol("comment", true), try_statement = analyzer::grammar_symbol("try_statement", true),
             except_clause = analyzer::grammar_symbol("except_clause", true), async_token = analyzer::grammar_symbol("async", false),
             and_token = analyzer::grammar_symbol("and", false), or_token = analyzer::grammar_symbol("or", false), eq = analyzer::grammar_symbol("==", false),
             ne = analyzer::grammar_symbol("!=", false), lt = analyzer::grammar_symbol("<", false), le = analyzer::grammar_symbol("<=", false), gt = analyzer::grammar_symbol(">", false),
             ge = analyzer::grammar_symbol(">=", false), ellipsis = analyzer::grammar_symbol("ellipsis", true),
             named_expression = analyzer::grammar_symbol("named_expression", true),
             conditional_expression = analyzer::grammar_symbol("conditional_expression", true),
             unary_operator = analyzer::grammar_symbol("unary_operator", true), binary_operator = analyzer::grammar_symbol("binary_operator", true),
             identifier = analyzer::grammar_symbol("identifier", true), minus = analyzer::grammar_symbol("-", false), plus = analyzer::grammar_symbol("+", false),
             tilde = analyzer::grammar_symbol("~", false), star = analyzer::grammar_symbol("*", false), power = analyzer::grammar_symbol("**", false);
    TSFieldId condition = analyzer::grammar_field("condition"), body = analyzer::grammar_field("body"), right = analyzer::grammar_field("right"),
              left = analyzer::grammar_field("left"), argument = analyzer::grammar_field("argument"), op = analyzer::grammar_field("operator"),
              value = analyzer::grammar_field("value");
};

const Symbols& symbols() {
    static const Symbols s;
    return s;
}

using analyzer::unparenthesized;

bool any_named(const Referents& callee, std::initializer_list<std::string_view> names) {
    for (const Referent& r : callee)
        if (r.kind == Referent::Kind::name && std::find(names.begin(), names.end(), r.qualified) != names.end())
            return true;
    return false;
}

std::uint32_t items_of(Node literal) {
    std::uint32_t count = 0;
    for (std::uint32_t i = 0; i < node_named_child_count(literal); ++i)
        if (node_symbol(node_named_child(literal, i)) != symbols().comment) ++count;
    return count;
}

// A constant as Python compares it: numbers by value (bools are numbers),
// strings with strings, empty containers with their own kind.
struct Constant {
    enum class Kind : std::uint8_t { none, number, text, bytes, empty_list, empty_tuple, empty_dict, unique };
    Constant(Kind k, double n = 0, std::string t = {}) : kind(k), number(n), text(std::move(t)) {}
    Kind kind;
    double number;
    std::string text;
};

bool equal(const Constant& a, const Constant& b) {
    if (a.kind != b.kind || a.kind == Constant::Kind::unique) return false;
    if (a.kind == Constant::Kind::number) return a.number == b.number;
    return a.text == b.text;
}

std::optional<Constant> constant_of(Node expr, ScopeId scope, const Model& model) {
    const Symbols& s = symbols();
    expr = unparenthesized(expr);
    if (node_is_null(expr)) return std::nullopt;
    TSSymbol kind = node_symbol(expr);
    if (kind == s.none) return Constant{Constant::Kind::none};
    if (kind == s.true_) return Constant{Constant::Kind::number, 1};
    if (kind == s.false_) return Constant{Constant::Kind::number, 0};
    if (kind == s.integer || kind == s.float_) {
        std::string digits;
        for (char c : model.text(expr))
            if (c != '_') digits += c;
        if (auto value = model.fold_integer(expr, scope)) return Constant{Constant::Kind::number, double(*value)};
        return Constant{Constant::Kind::number, std::strtod(digits.c_str(), nullptr)};
    }
    if (kind == s.string || kind == s.concatenated_string) {
        auto value = analyzer::fold_value(model, expr, scope);
        if (!value || value->kind == analyzer::FoldedValue::Kind::integer) return std::nullopt;
        bool text = value->kind == analyzer::FoldedValue::Kind::str;  // bytes: `b''`, `rb''`, `Br''`
        return Constant{text ? Constant::Kind::text : Constant::Kind::bytes, 0, std::move(value->text)};
    }
    if (items_of(expr) == 0) {
        if (kind == s.list) return Constant{Constant::Kind::empty_list};
        if (kind == s.tuple) return Constant{Constant::Kind::empty_tuple};
        if (kind == s.dictionary) return Constant{Constant::Kind::empty_dict};
    }
    return std::nullopt;
}

// What calling `factory` with no arguments returns, when that is a constant.
std::optional<Constant> made_by(Node factory, ScopeId scope, const Model& model) {
    const Symbols& s = symbols();
    factory = unparenthesized(factory);
    if (node_is_null(factory)) return std::nullopt;
    if (node_symbol(factory) == s.lambda) {
        if (!node_is_null(node_child_by_field_id(factory, analyzer::PythonSymbols::get().field_parameters)))
            return std::nullopt;
        return constant_of(node_child_by_field_id(factory, s.body), scope, model);
    }
    Referents referents = model.resolve(factory, scope);
    if (any_named(referents, {"builtins.int", "builtins.float", "builtins.complex", "builtins.bool"}))
        return Constant{Constant::Kind::number, 0};
    if (any_named(referents, {"builtins.str"})) return Constant{Constant::Kind::text};
    if (any_named(referents, {"builtins.bytes", "builtins.bytearray"})) return Constant{Constant::Kind::bytes};
    if (any_named(referents, {"builtins.list"})) return Constant{Constant::Kind::empty_list};
    if (any_named(referents, {"builtins.tuple"})) return Constant{Constant::Kind::empty_tuple};
    if (any_named(referents, {"builtins.dict"})) return Constant{Constant::Kind::empty_dict};
    if (any_named(referents, {"builtins.object", "builtins.set", "builtins.frozenset"}))
        return Constant{Constant::Kind::unique};
    return std::nullopt;
}

std::optional<std::string> infinite(Node expr, ScopeId scope, const Model& model, int nesting);

// `while True: yield n` as a statement of a generator's body: how the loop is
// shown when it never ends and only a yield leaves it (each yield hands an
// item to the consumer and comes back). A loop without a yield is no
// generator's: it is reported where it stands, not at each use.
std::optional<std::string> loop_only_yielding(Node loop, ScopeId function, const Model& model, int nesting) {
    const Symbols& s = symbols();
    Node body = node_child_by_field_id(loop, s.body);
    if (body_leaves(body, false, function, model) || !body_leaves(body, true, function, model)) return std::nullopt;
    if (node_symbol(loop) == s.while_statement) {
        Node test = node_child_by_field_id(loop, s.condition);
        auto truth = constant_truth(test, function, model);
        if (!truth || !*truth) return std::nullopt;
        return fmt::format("`while {}:`", analyzer::first_line_shortened(model.text(test), 40));
    }
    auto endless = infinite(node_child_by_field_id(loop, s.right), function, model, nesting + 1);
    if (!endless) return std::nullopt;
    return fmt::format("`for` over {}", *endless);
}

// `ticks()` where `def ticks(): while True: yield 1`: a generator function of
// this file whose body, run from its first statement, reaches a loop that only
// yields makes an iterator that never ends. A decorated function returns
// whatever its decorator makes, an async one an object `sum` cannot read.
std::optional<std::string> endless_generator(const Referents& callee, const Model& model, int nesting) {
    const Symbols& s = symbols();
    if (callee.size() != 1 || callee[0].kind != Referent::Kind::user_function) return std::nullopt;
    ScopeId function = callee[0].scope;
    if (model.scope_kind(function) != analyzer::ScopeKind::function ||
        !node_is_null(model.decorated_definition(function)))
        return std::nullopt;
    Node definition = model.definition(function);
    if (node_symbol(node_child(definition, 0)) == s.async_token) return std::nullopt;
    Node block = node_child_by_field_id(definition, s.body);
    // Most functions have no loop among their own statements: look before reading any statement through.
    bool has_loop = false;
    for (Node statement = node_first_child(block); !node_is_null(statement) && !has_loop;
         statement = node_next_sibling(statement))
        has_loop = node_symbol(statement) == s.while_statement || node_symbol(statement) == s.for_statement;
    if (!has_loop) return std::nullopt;
    for (Node statement = node_first_child(block); !node_is_null(statement); statement = node_next_sibling(statement)) {
        if (!node_is_named(statement)) continue;
        TSSymbol kind = node_symbol(statement);
        if (kind == s.while_statement || kind == s.for_statement)
            if (auto loop = loop_only_yielding(statement, function, model, nesting)) {
                Node name = node_child_by_field_id(definition, analyzer::PythonSymbols::get().field_name);
                return fmt::format("{}() (a generator whose {} at line {} only yields)", model.text(name), *loop,
                                   node_start_row(statement) + 1);
            }
        // Anything before the loop that may return, raise or exit ends the generator first.
        if (body_leaves(statement, false, function, model)) return std::nullopt;
    }
    return std::nullopt;
}

// Whether every positional argument from `first` on never ends (map and zip stop at the shortest).
std::optional<std::string> all_infinite(Node call, std::uint32_t first, ScopeId scope, const Model& model,
                                        int nesting) {
    std::optional<std::string> found;
    for (std::uint32_t i = first;; ++i) {
        Node argument = model.argument(call, i);
        if (node_is_null(argument)) break;
        found = infinite(argument, scope, model, nesting + 1);
        if (!found) return std::nullopt;
    }
    return found;
}

std::optional<std::string> infinite(Node expr, ScopeId scope, const Model& model, int nesting) {
    const Symbols& s = symbols();
    expr = unparenthesized(expr);
    if (node_is_null(expr) || nesting > k_max_nesting) return std::nullopt;
    TSSymbol kind = node_symbol(expr);
    if (kind == s.generator_expression) {
        for (std::uint32_t i = 0; i < node_named_child_count(expr); ++i) {
            Node clause = node_named_child(expr, i);
            if (node_symbol(clause) == s.for_in_clause)
                return infinite(node_child_by_field_id(clause, s.right), scope, model, nesting + 1);
        }
        return std::nullopt;
    }
    if (kind != s.call) return std::nullopt;
    Referents callee = model.resolve(model.call_function(expr), scope);
    if (callee.empty()) return std::nullopt;
    if (auto endless = endless_generator(callee, model, nesting)) return endless;
    if (any_named(callee, {"itertools.count"})) return "itertools.count()";
    if (any_named(callee, {"itertools.cycle"})) {
        Node items = unparenthesized(model.argument(expr, 0));
        if (node_is_null(items)) return std::nullopt;
        if (auto value = constant_of(items, scope, model))
            if (value->kind != Constant::Kind::text && value->kind != Constant::Kind::bytes) return std::nullopt;
        if (auto value = analyzer::fold_value(model, items, scope);
            value && value->kind != analyzer::FoldedValue::Kind::integer && value->text.empty())
            return std::nullopt;
        return "itertools.cycle(...)";
    }
    if (any_named(callee, {"itertools.repeat"})) {
        if (node_is_null(model.argument(expr, 0, "object")) || !node_is_null(model.argument(expr, 1, "times")))
            return std::nullopt;
        return "itertools.repeat(x) without a count";
    }
    if (any_named(callee, {"builtins.iter"})) {
        Node factory = model.argument(expr, 0), sentinel = model.argument(expr, 1);
        if (node_is_null(sentinel)) return infinite(factory, scope, model, nesting + 1);
        auto made = made_by(factory, scope, model);
        auto stop = constant_of(sentinel, scope, model);
        if (!made || !stop || equal(*made, *stop)) return std::nullopt;
        return fmt::format("iter({}, {}), whose callable never returns the sentinel",
                           analyzer::first_line_shortened(model.text(factory), 40),
                           analyzer::first_line_shortened(model.text(sentinel), 20));
    }
    if (any_named(callee, {"builtins.map", "itertools.starmap", "builtins.filter", "itertools.filterfalse"}))
        return all_infinite(expr, 1, scope, model, nesting);
    if (any_named(callee, {"builtins.zip"})) return all_infinite(expr, 0, scope, model, nesting);
    if (any_named(callee, {"builtins.enumerate", "itertools.accumulate", "builtins.iter"}))
        return infinite(model.argument(expr, 0), scope, model, nesting + 1);
    if (any_named(callee, {"itertools.chain"})) {
        for (std::uint32_t i = 0;; ++i) {
            Node argument = model.argument(expr, i);
            if (node_is_null(argument)) return std::nullopt;
            if (auto found = infinite(argument, scope, model, nesting + 1)) return found;
        }
    }
    return std::nullopt;
}

// `try: while True: it.pop() except KeyError: pass`: a loop in the body of a
// try with handlers, calling something, is taken to end by the exception.
bool ended_by_exception(Node loop, Node body) {
    const Symbols& s = symbols();
    bool calls = false;
    Cursor cursor = cursor_new(body);
    for (;;) {
        Node node = cursor_current_node(&cursor);
        if (node_symbol(node) == s.call) {
            calls = true;
            break;
        }
        if (cursor_goto_first_child(&cursor)) continue;
        bool moved = false;
        while (!(moved = cursor_goto_next_sibling(&cursor)))
            if (!cursor_goto_parent(&cursor)) break;
        if (!moved) break;
    }
    if (!calls) return false;
    Node child = loop;
    for (Node node = node_parent(loop); !node_is_null(node); child = node, node = node_parent(node)) {
        TSSymbol kind = node_symbol(node);
        if (kind == s.function_definition || kind == s.class_definition || kind == s.lambda) return false;
        if (kind != s.try_statement) continue;
        bool in_body = node_eq(child, node_child_by_field_id(node, s.body));
        bool handles = false;
        for (std::uint32_t i = 0; i < node_named_child_count(node); ++i)
            handles = handles || node_symbol(node_named_child(node, i)) == s.except_clause;
        if (in_body && handles) return true;
    }
    return false;
}

bool is_exit_call(Node call, ScopeId scope, const Model& model) {
    return any_named(model.resolve(model.call_function(call), scope),
                     {"sys.exit", "builtins.exit", "builtins.quit", "os._exit", "os.abort"});
}

// Pre-order through `cursor`'s node; `loops`: how many loops inside the judged one we are in.
bool leaves(Cursor* cursor, std::uint32_t loops, std::uint32_t depth, bool yield_leaves, ScopeId scope,
            const Model& model) {
    const Symbols& s = symbols();
    Node node = cursor_current_node(cursor);
    TSSymbol kind = node_symbol(node);
    if (!node_is_named(node)) return false;
    if (kind == s.return_statement || kind == s.raise_statement) return true;
    if (kind == s.break_statement) return loops == 0;
    if (kind == s.yield) return yield_leaves;
    if (kind == s.function_definition || kind == s.class_definition || kind == s.lambda) return false;
    if (kind == s.call && is_exit_call(node, scope, model)) return true;
    if (depth > k_max_body_depth) return true;
    if (kind == s.while_statement || kind == s.for_statement) ++loops;
    if (!cursor_goto_first_child(cursor)) return false;
    do {
        if (leaves(cursor, loops, depth + 1, yield_leaves, scope, model)) return true;
    } while (cursor_goto_next_sibling(cursor));
    cursor_goto_parent(cursor);
    return false;
}

}  // namespace

namespace {

// `-1`, `2 ** 3`, `~0`: arithmetic on number literals, as a double (`10 ** 400`
// is infinity, which is true as the number is). Names are left alone: the
// model is flow-insensitive and `n -= 1` may change what `n` holds.
std::optional<double> number_of(Node expr, ScopeId scope, const Model& model, int depth) {
    const Symbols& s = symbols();
    expr = unparenthesized(expr);
    if (node_is_null(expr) || depth > k_max_nesting) return std::nullopt;
    TSSymbol kind = node_symbol(expr);
    if (kind == s.integer || kind == s.float_ || kind == s.true_ || kind == s.false_) {
        auto value = constant_of(expr, scope, model);
        if (!value || value->kind != Constant::Kind::number) return std::nullopt;
        return value->number;
    }
    if (kind == s.unary_operator) {
        auto value = number_of(node_child_by_field_id(expr, s.argument), scope, model, depth + 1);
        if (!value) return std::nullopt;
        TSSymbol op = node_symbol(node_child_by_field_id(expr, s.op));
        if (op == s.minus) return -*value;
        if (op == s.plus) return *value;
        if (op == s.tilde) return -*value - 1;
        return std::nullopt;
    }
    if (kind != s.binary_operator) return std::nullopt;
    auto a = number_of(node_child_by_field_id(expr, s.left), scope, model, depth + 1);
    auto b = number_of(node_child_by_field_id(expr, s.right), scope, model, depth + 1);
    if (!a || !b) return std::nullopt;
    TSSymbol op = node_symbol(node_child_by_field_id(expr, s.op));
    if (op == s.plus) return *a + *b;
    if (op == s.minus) return *a - *b;
    if (op == s.star) return *a * *b;
    if (op == s.power && *b >= 0) return std::pow(*a, *b);
    return std::nullopt;
}

// `1 < 2`, `0 <= 1 < 2`: every link of the chain between constants.
std::optional<bool> comparison_truth(Node expr, ScopeId scope, const Model& model) {
    const Symbols& s = symbols();
    std::uint32_t count = node_child_count(expr);
    if (count < 3 || count % 2 == 0) return std::nullopt;
    bool all = true;
    for (std::uint32_t i = 0; i + 2 < count; i += 2) {
        auto a = constant_of(node_child(expr, i), scope, model);
        auto b = constant_of(node_child(expr, i + 2), scope, model);
        if (!a || !b) return std::nullopt;
        TSSymbol op = node_symbol(node_child(expr, i + 1));
        std::optional<bool> link;
        if (op == s.eq)
            link = equal(*a, *b);
        else if (op == s.ne)
            link = !equal(*a, *b);
        else if (a->kind != Constant::Kind::number || b->kind != Constant::Kind::number)
            return std::nullopt;
        else if (op == s.lt)
            link = a->number < b->number;
        else if (op == s.le)
            link = a->number <= b->number;
        else if (op == s.gt)
            link = a->number > b->number;
        else if (op == s.ge)
            link = a->number >= b->number;
        if (!link) return std::nullopt;
        all = all && *link;
    }
    return all;
}

}  // namespace

std::optional<bool> constant_truth(Node expr, ScopeId scope, const Model& model) {
    const Symbols& s = symbols();
    expr = unparenthesized(expr);
    if (node_is_null(expr)) return std::nullopt;
    TSSymbol kind = node_symbol(expr);
    if (kind == s.not_operator) {
        auto inner = constant_truth(node_child_by_field_id(expr, s.argument), scope, model);
        if (!inner) return std::nullopt;
        return !*inner;
    }
    if (kind == s.boolean_operator) {
        auto left = constant_truth(node_child_by_field_id(expr, s.left), scope, model);
        auto right = constant_truth(node_child_by_field_id(expr, s.right), scope, model);
        bool is_and = node_symbol(node_child_by_field_id(expr, s.op)) == s.and_token;
        if (is_and) {
            if (left && !*left) return false;
            if (left && right) return *right;
        } else {
            if (left && *left) return true;
            if (left && right) return *right;
        }
        return std::nullopt;
    }
    if (kind == s.comparison) return comparison_truth(expr, scope, model);
    if (kind == s.ellipsis) return true;
    if (kind == s.named_expression) return constant_truth(node_child_by_field_id(expr, s.value), scope, model);
    if (kind == s.conditional_expression) {  // `a if test else b`
        auto test = constant_truth(node_named_child(expr, 1), scope, model);
        auto a = constant_truth(node_named_child(expr, 0), scope, model);
        auto b = constant_truth(node_named_child(expr, 2), scope, model);
        if (test) return *test ? a : b;
        return a && b && *a == *b ? a : std::nullopt;
    }
    if (kind == s.unary_operator || kind == s.binary_operator) {
        auto value = number_of(expr, scope, model, 0);
        if (!value) return std::nullopt;
        return *value != 0;
    }
    // A builtin function or class (`while int:`): always true.
    if (kind == s.identifier) {
        Referents referents = model.resolve(expr, scope);
        bool builtin = !referents.empty() && std::all_of(referents.begin(), referents.end(), [](const Referent& r) {
            return r.kind == Referent::Kind::name && r.qualified.starts_with("builtins.");
        });
        return builtin ? std::optional<bool>(true) : std::nullopt;
    }
    if (kind == s.set) return items_of(expr) > 0 ? std::optional<bool>(true) : std::nullopt;
    if (kind == s.list || kind == s.tuple || kind == s.dictionary) return items_of(expr) > 0;
    auto value = constant_of(expr, scope, model);
    if (!value) return std::nullopt;
    switch (value->kind) {
        case Constant::Kind::none:
            return false;
        case Constant::Kind::number:
            return value->number != 0;
        case Constant::Kind::text:
        case Constant::Kind::bytes:
            return !value->text.empty();
        default:
            return false;
    }
}

std::optional<std::string> infinite_iterator(Node expr, ScopeId scope, const Model& model) {
    return infinite(expr, scope, model, 0);
}

bool body_leaves(Node body, bool yield_leaves, ScopeId scope, const Model& model) {
    if (node_is_null(body)) return true;
    Cursor cursor = cursor_new(body);
    bool out = leaves(&cursor, 0, 0, yield_leaves, scope, model);
    return out;
}

LoopVerdict judge_loop(Node loop, ScopeId scope, const Model& model) {
    const Symbols& s = symbols();
    LoopVerdict out;
    TSSymbol kind = node_symbol(loop);
    Node body = node_child_by_field_id(loop, s.body);
    if (kind == s.while_statement) {
        Node test = node_child_by_field_id(loop, s.condition);
        auto truth = constant_truth(test, scope, model);
        if (!truth || !*truth || body_leaves(body, true, scope, model) || ended_by_exception(loop, body)) return out;
        out = {true, test,
               fmt::format("`while {}:` is always true and nothing in its body breaks, returns, raises or yields",
                           analyzer::first_line_shortened(model.text(test), 40))};
    } else if (kind == s.for_statement) {
        Node iterable = node_child_by_field_id(loop, s.right);
        if (node_is_null(iterable)) return out;
        TSSymbol iterable_kind = node_symbol(unparenthesized(iterable));
        if (iterable_kind != s.call && iterable_kind != s.generator_expression) return out;
        auto endless = infinite_iterator(iterable, scope, model);
        if (!endless || body_leaves(body, true, scope, model) || ended_by_exception(loop, body)) return out;
        out = {true, iterable,
               fmt::format("`for` over {}, which never ends, and nothing in its body breaks, returns or raises",
                           *endless)};
    }
    return out;
}

Magnitude range_iterations(Node loop, ScopeId scope, const Model& model) {
    const Symbols& s = symbols();
    if (node_symbol(loop) != s.for_statement) return {};
    Node iterable = unparenthesized(node_child_by_field_id(loop, s.right));
    if (node_is_null(iterable) || node_symbol(iterable) != s.call) return {};
    SizeEstimator estimator(model, scope, SizeLimits{});
    Magnitude size = estimator.estimate(iterable);
    return size.kind == Magnitude::Kind::range ? size : Magnitude{};
}

}  // namespace pygate::rules
