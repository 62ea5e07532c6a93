#include "rules/utils/pg008_loop_work.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/sole_expression.hpp"
#include "analyzer/syntax/tree_walk.hpp"
#include "analyzer/text/unicode.hpp"
#include "rules/utils/constant_size.hpp"
#include "rules/utils/loop_bounds.hpp"

namespace pygate::rules {
namespace {

using analyzer::Model;
using analyzer::Node;
using analyzer::ScopeId;


// What PythonSymbols does not hold: the comparison and its operators, the
// `condition` field.
struct Symbols {
    TSSymbol comparison = analyzer::grammar_symbol("comparison_operator", true), lt = analyzer::grammar_symbol("<", false), le = analyzer::grammar_symbol("<=", false),
             gt = analyzer::grammar_symbol(">", false), ge = analyzer::grammar_symbol(">=", false), ne = analyzer::grammar_symbol("!=", false);
    TSFieldId condition = analyzer::grammar_field("condition");
};

const Symbols& symbols() {
    static const Symbols s;
    return s;
}

using analyzer::unparenthesized;

bool is_scope(TSSymbol kind) {
    const auto& p = analyzer::PythonSymbols::get();
    return kind == p.function_definition || kind == p.class_definition || kind == p.lambda;
}

bool names(const Model& model, Node node, const std::string& name) {
    node = unparenthesized(node);
    return !node_is_null(node) && node_symbol(node) == analyzer::PythonSymbols::get().identifier &&
           model.identifier(node) == name;
}

std::string shown(const Model& model, Node node) {
    return analyzer::first_line_shortened(model.text(node), 50);
}

// ---- how a name is used inside a loop ---------------------------------------

// The nodes one question may walk: past it, the answer is "unknown" and the
// loop is left to the runner's limits, so no file can make these checks slow.
constexpr std::uint32_t k_walk_budget = 20000;

enum class Use { read, binds, augmented };

// What the occurrence `identifier` does to its name: read it, bind it (any
// way Python binds: targets, del, as, imports, parameters, global, match
// captures), or update it with an augmented assignment.
Use use_of(Node identifier) {
    const auto& p = analyzer::PythonSymbols::get();
    Node parent = node_parent(identifier);
    if (node_is_null(parent)) return Use::read;
    const TSSymbol kind = node_symbol(parent);
    const TSFieldId field = node_field(identifier);
    if (kind == p.augmented_assignment && field == p.field_left) return Use::augmented;
    if ((kind == p.assignment || kind == p.for_statement || kind == p.for_in_clause) && field == p.field_left)
        return Use::binds;
    if ((kind == p.named_expression || kind == p.function_definition || kind == p.class_definition) &&
        field == p.field_name)
        return Use::binds;
    for (TSSymbol binding : {p.pattern_list, p.tuple_pattern, p.list_pattern, p.list_splat_pattern,
                             p.dictionary_splat_pattern, p.as_pattern_target, p.delete_statement, p.global_statement,
                             p.nonlocal_statement, p.parameters, p.lambda_parameters, p.default_parameter,
                             p.typed_parameter, p.typed_default_parameter, p.aliased_import, p.dotted_name,
                             p.keyword_pattern, p.case_pattern, p.type_parameter})
        if (kind == binding) return Use::binds;
    if (kind == p.expression_list && node_symbol(node_parent(parent)) == p.delete_statement) return Use::binds;
    return Use::read;
}

struct Step {
    std::int64_t by = 0;
};
struct Steps {
    std::vector<Step> steps;
    bool once_a_trip = true;  // each update is a statement of the body itself, not in a branch or inner loop
};

// The constant steps a loop body gives `name` (`name += 3` is 3, `-= 2` is
// -2), or nothing when the body binds it any other way or by a step that is
// not a constant integer.
std::optional<Steps> steps_of(Node body, const std::string& name, ScopeId scope, const Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    Steps steps;
    bool known = true;
    std::uint32_t budget = k_walk_budget;
    analyzer::walk_preorder(
        body,
        [&](Node node, std::uint32_t) {
            if (budget == 0 || --budget == 0) known = false;
            if (!known) return analyzer::WalkStep::skip_children;
            if (is_scope(node_symbol(node))) {
                // A nested function or class only matters if it binds the name
                // for this scope (global, nonlocal): the file-wide check does that.
                return analyzer::WalkStep::skip_children;
            }
            if (node_symbol(node) != p.identifier || model.identifier(node) != name)
                return analyzer::WalkStep::descend;
            switch (use_of(node)) {
                case Use::read:
                    break;
                case Use::binds:
                    known = false;
                    break;
                case Use::augmented: {
                    Node statement = node_parent(node);
                    const std::string_view op = model.text(node_child_by_field_id(statement, p.field_operator));
                    auto step = model.fold_integer(node_child_by_field_id(statement, p.field_right), scope);
                    if (!step || (op != "+=" && op != "-=") || *step == INT64_MIN) {
                        known = false;
                        break;
                    }
                    steps.steps.push_back({op == "+=" ? *step : -*step});
                    Node line = node_parent(statement);
                    if (node_is_null(line) || !node_eq(node_parent(line), body)) steps.once_a_trip = false;
                    break;
                }
            }
            return analyzer::WalkStep::descend;
        },
        [](Node) {});
    if (!known) return std::nullopt;
    return steps;
}

// The value `name` holds when `statement` starts: the right side of the
// nearest `name = value` among the statements before it in its block, when no
// statement between binds it otherwise.
Node value_before(Node statement, const std::string& name, const Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    Node block = node_parent(statement);
    if (node_is_null(block)) return {};
    Node found{};
    std::uint32_t budget = k_walk_budget;
    for (Node sibling = node_first_child(block); !node_is_null(sibling) && !node_eq(sibling, statement);
         sibling = node_next_sibling(sibling)) {
        if (budget == 0) return {};
        if (!node_is_named(sibling)) continue;
        Node inner = node_symbol(sibling) == p.expression_statement ? node_first_child(sibling) : Node{};
        if (!node_is_null(inner) && node_symbol(inner) == p.assignment &&
            names(model, node_child_by_field_id(inner, p.field_left), name) &&
            !node_is_null(node_child_by_field_id(inner, p.field_right))) {
            found = node_child_by_field_id(inner, p.field_right);
            continue;
        }
        // Any other binding of the name in between makes the value unknown.
        bool binds = false;
        analyzer::walk_preorder(
            sibling,
            [&](Node node, std::uint32_t) {
                if (budget == 0 || --budget == 0) binds = true;
                if (binds) return analyzer::WalkStep::skip_children;
                if (node_symbol(node) == p.identifier && model.identifier(node) == name && use_of(node) != Use::read)
                    binds = true;
                return analyzer::WalkStep::descend;
            },
            [](Node) {});
        if (binds) found = Node{};
    }
    return found;
}

// ---- trips -----------------------------------------------------------------

// log10 of the trips of a `for` over a constant range whose body cannot
// leave it; nothing otherwise.
// `leaving_checked`: false gives an upper bound without reading the body
// (whether it can leave), which most loops need no more than.
std::optional<double> trips_log10(Node loop, ScopeId scope, const Model& model, bool leaving_checked = true) {
    const auto& p = analyzer::PythonSymbols::get();
    if (node_symbol(loop) != p.for_statement) return std::nullopt;
    Magnitude trips = range_iterations(loop, scope, model);
    if (!trips.known()) return std::nullopt;
    if (leaving_checked && body_leaves(node_child_by_field_id(loop, p.field_body), true, scope, model))
        return std::nullopt;
    return trips.log10;
}

// log10 of the trips of the constant `for` loops around `node` in its own
// function (0 when none): each runs everything inside it that many times.
double enclosing_trips_log10(Node node, ScopeId scope, const Model& model, bool leaving_checked = true) {
    const auto& p = analyzer::PythonSymbols::get();
    double total = 0;
    for (Node child = node, parent = node_parent(node); !node_is_null(parent);
         child = parent, parent = node_parent(parent)) {
        if (is_scope(node_symbol(parent))) break;
        if (node_symbol(parent) != p.for_statement || node_field(child) != p.field_body) continue;
        if (auto trips = trips_log10(parent, scope, model, leaving_checked)) total = saturate(total + *trips);
    }
    return total;
}

double cpu_steps_log10(const analyzer::Profile& profile) {
    return std::log10(static_cast<double>(std::max<std::int64_t>(profile.limits.cpu_seconds, 1))) +
           k_steps_per_cpu_second_log10;
}

std::string about(double log10) {
    if (log10 >= k_saturated) return "more than 10^300";
    return fmt::format("about 10^{}", static_cast<long long>(std::floor(log10)));
}

// A trip count as a person reads it: exact while small, an order of magnitude after.
std::string trip_count(double log10) {
    if (log10 < 9) return fmt::format("{}", static_cast<long long>(std::llround(std::pow(10.0, log10))));
    return about(log10);
}

std::string too_many_trips(double trips, const analyzer::Profile& profile) {
    return fmt::format("{} trips, more than the profile's limits.cpu_seconds = {} can finish (10^{} simple steps "
                       "at most): the runner would have to stop it",
                       about(trips), profile.limits.cpu_seconds,
                       static_cast<long long>(std::floor(cpu_steps_log10(profile))));
}

// ---- geometric growth ------------------------------------------------------

struct Growth {
    std::string name;
    double factor_log10 = 0;  // per trip
    // length: a sequence's; digits: an integer's; walk: nodes a shared
    // structure shows when walked; retained: a new object each trip that
    // holds the last (`a = [a]`), factor_log10 then log10 of its bytes;
    // appended: items added each trip to what the name holds (`x += [0] * 9`,
    // `x = x + "ab"`, `x.append(v)`), counted in `items`.
    enum class Of { length, digits, walk, retained, appended } of = Of::length;
    std::string verb;  // "doubles"
    // Of::appended: what the statement adds each trip, and how it may.
    struct Added {
        double items = 0;        // at least this many items (characters, bytes or slots)
        double fresh_bytes = 0;  // a new object each appended item holds (`x.append([0] * 9)`)
        Node operand{};          // what is added
        // How: `+=` and extend take any iterable into a list; `x + y` and
        // append only what their operand is (a list display for a list).
        enum class Way { extend, concatenate, append } way = Way::extend;
    } added;
};

std::string verb_for(double factor_log10, const char* what) {
    if (std::fabs(factor_log10 - std::log10(2.0)) < 1e-9) return fmt::format("doubles {}", what);
    if (std::fabs(factor_log10 - std::log10(3.0)) < 1e-9) return fmt::format("triples {}", what);
    return fmt::format("multiplies {} by 10^{:.1f}", what, factor_log10);
}

// How many times `expr` repeats `name` as an operand: `name + name` is 2,
// `name + name + name` 3, anything else 0.
int sum_of_name(Node expr, const std::string& name, const Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    expr = unparenthesized(expr);
    if (names(model, expr, name)) return 1;
    if (node_symbol(expr) != p.binary_operator) return 0;
    if (model.text(node_child_by_field_id(expr, p.field_operator)) != "+") return 0;
    int left = sum_of_name(node_child_by_field_id(expr, p.field_left), name, model);
    int right = sum_of_name(node_child_by_field_id(expr, p.field_right), name, model);
    return left && right ? left + right : 0;
}

// A new list each time it is evaluated: a list display, or one repeated
// (`[0] * 9`), whose length the estimate gives.
bool builds_new_list(Node expr, const Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    expr = unparenthesized(expr);
    if (node_symbol(expr) == p.list) return true;
    if (node_symbol(expr) != p.binary_operator || model.text(node_child_by_field_id(expr, p.field_operator)) != "*")
        return false;
    return node_symbol(unparenthesized(node_child_by_field_id(expr, p.field_left))) == p.list ||
           node_symbol(unparenthesized(node_child_by_field_id(expr, p.field_right))) == p.list;
}

// At least how many items `expr` holds: its exact length, or 10^log10 when
// that is above 1 (a log10 of 0 is a length of 0 or 1).
double items_at_least(const Magnitude& size) {
    if (size.exact) return static_cast<double>(std::max<std::int64_t>(*size.exact, 0));
    return size.log10 > 0 ? std::pow(10.0, std::min(size.log10, 300.0)) : 0;
}

// `name.append(v)`, `name.extend(y)`: the items one call adds to a list.
std::optional<Growth> method_growth(Node call, ScopeId scope, const Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    Node function = node_child_by_field_id(call, p.field_function);
    Node arguments = node_child_by_field_id(call, p.field_arguments);
    if (node_symbol(function) != p.attribute || node_named_child_count(arguments) != 1) return std::nullopt;
    Node object = node_child_by_field_id(function, p.field_object);
    Node operand = node_named_child(arguments, 0);
    if (node_symbol(object) != p.identifier || node_symbol(operand) == p.keyword_argument ||
        node_symbol(operand) == p.list_splat || node_symbol(operand) == p.dictionary_splat)
        return std::nullopt;
    const std::string_view method = model.text(node_child_by_field_id(function, p.field_attribute));
    Growth growth{model.identifier(object), 0, Growth::Of::appended, "", {}};
    growth.added.operand = operand;
    SizeEstimator estimator(model, scope, SizeLimits{});
    if (method == "append") {
        growth.added.way = Growth::Added::Way::append;
        growth.added.items = 1;
        if (builds_new_list(operand, model)) {
            Magnitude size = estimator.estimate(operand);
            if (size.kind == Magnitude::Kind::list) growth.added.fresh_bytes = 56 + 8 * items_at_least(size);
        }
        return growth;
    }
    if (method == "extend") {
        growth.added.items = items_at_least(estimator.estimate(operand));
        return growth;
    }
    return std::nullopt;
}

// `name += y`, `name = name + y`, `name = y + name`: the items one statement adds.
std::optional<Growth> concatenation_growth(const std::string& name, Node operand, Growth::Added::Way way,
                                           ScopeId scope, const Model& model) {
    if (names(model, operand, name)) return std::nullopt;
    SizeEstimator estimator(model, scope, SizeLimits{});
    Growth growth{name, 0, Growth::Of::appended, "", {}};
    growth.added = {items_at_least(estimator.estimate(operand)), 0, operand, way};
    return growth;
}

// The growth one statement of a loop body gives a name, if it is geometric,
// or retained from trip to trip.
std::optional<Growth> growth_of(Node statement, ScopeId scope, const Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    if (node_symbol(statement) != p.expression_statement) return std::nullopt;
    Node inner = node_first_child(statement);
    if (node_is_null(inner)) return std::nullopt;
    const TSSymbol kind = node_symbol(inner);
    if (kind == p.call) return method_growth(inner, scope, model);
    if (kind != p.assignment && kind != p.augmented_assignment) return std::nullopt;
    Node target = node_child_by_field_id(inner, p.field_left);
    Node value = unparenthesized(node_child_by_field_id(inner, p.field_right));
    if (node_is_null(target) || node_is_null(value) || node_symbol(target) != p.identifier) return std::nullopt;
    const std::string name = model.identifier(target);
    auto repeated = [&](double factor) { return Growth{name, std::log10(factor), Growth::Of::length, "", {}}; };
    auto squared = [&](double factor) { return Growth{name, std::log10(factor), Growth::Of::digits, "", {}}; };
    if (kind == p.augmented_assignment) {
        const std::string_view op = model.text(node_child_by_field_id(inner, p.field_operator));
        if (op == "+=") {
            const int copies = sum_of_name(value, name, model);
            if (copies >= 1) return repeated(1.0 + copies);
            return concatenation_growth(name, value, Growth::Added::Way::extend, scope, model);
        }
        if (op == "*=") {
            if (names(model, value, name)) return squared(2);
            auto k = model.fold_integer(value, scope);
            if (k && *k >= 2) return repeated(static_cast<double>(*k));
            return std::nullopt;
        }
        if (op == "**=") {
            auto k = model.fold_integer(value, scope);
            if (k && *k >= 2) return squared(static_cast<double>(*k));
        }
        return std::nullopt;
    }
    const TSSymbol value_kind = node_symbol(value);
    if (value_kind == p.binary_operator) {
        Node left = node_child_by_field_id(value, p.field_left), right = node_child_by_field_id(value, p.field_right);
        const std::string_view op = model.text(node_child_by_field_id(value, p.field_operator));
        if (op == "+") {
            const int copies = sum_of_name(value, name, model);
            if (copies >= 2) return repeated(copies);
            if (names(model, left, name))
                return concatenation_growth(name, right, Growth::Added::Way::concatenate, scope, model);
            if (names(model, right, name))
                return concatenation_growth(name, left, Growth::Added::Way::concatenate, scope, model);
            return std::nullopt;
        }
        if (op == "*") {
            if (names(model, left, name) && names(model, right, name)) return squared(2);
            Node other = names(model, left, name) ? right : names(model, right, name) ? left : Node{};
            if (node_is_null(other)) return std::nullopt;
            auto k = model.fold_integer(other, scope);
            if (k && *k >= 2) return repeated(static_cast<double>(*k));
            return std::nullopt;
        }
        if (op == "**" && names(model, left, name)) {
            auto k = model.fold_integer(right, scope);
            if (k && *k >= 2) return squared(static_cast<double>(*k));
        }
        return std::nullopt;
    }
    if (value_kind == p.list || value_kind == p.tuple || value_kind == p.dictionary || value_kind == p.set) {
        // `t = [t, t]`: shared, so memory stays small, but everything that walks
        // it (printing, copying, comparing, serialising) walks 2^trips nodes.
        int copies = 0;
        analyzer::for_each_named_child(value, [&](Node element) {
            if (node_symbol(element) == p.pair) element = node_child_by_field_id(element, p.field_value);
            if (names(model, element, name)) ++copies;
        });
        if (copies == 1) {
            // Each trip keeps a new container holding the previous one: at
            // least its header and slots (CPython 3.11's sys.getsizeof: a
            // tuple 40 + 8 n bytes, a list 56 + 8 n, a dict or set more than 64).
            double items = 0;
            analyzer::for_each_named_child(value, [&](Node) { ++items; });
            double bytes = value_kind == p.tuple ? 40 + 8 * items : value_kind == p.list ? 56 + 8 * items : 64;
            return Growth{name, std::log10(bytes), Growth::Of::retained, "keeps a new object holding the last", {}};
        }
        if (copies >= 2) return Growth{name, std::log10(copies), Growth::Of::walk, "", {}};
    }
    return std::nullopt;
}

// The most bytes a trip of retained growth could keep, before the kind of
// what grows is known: whether the loop is worth reading.
double retained_per_trip_log10(const Growth& growth) {
    if (growth.of == Growth::Of::retained) return growth.factor_log10;
    return std::log10(std::max(1.0, 8 * growth.added.items + growth.added.fresh_bytes));
}

// Whether evaluating `expr` can run no code of the program's: no call, no
// yield or await, and only names that are `allowed` or fold to an integer
// (arithmetic on integers calls nothing the program defines).
bool runs_no_program_code(Node expr, const std::vector<std::string>& allowed, ScopeId scope, const Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    bool plain = true;
    std::uint32_t budget = k_walk_budget;
    analyzer::walk_preorder(
        expr,
        [&](Node node, std::uint32_t) {
            if (budget == 0 || --budget == 0) plain = false;
            if (!plain) return analyzer::WalkStep::skip_children;
            const TSSymbol kind = node_symbol(node);
            if (kind == p.call || kind == p.await || is_scope(kind) || kind == p.list_comprehension ||
                kind == p.set_comprehension || kind == p.dictionary_comprehension || kind == p.generator_expression ||
                kind == p.attribute || kind == p.subscript || model.text(node) == "yield")
                plain = false;
            else if (kind == p.identifier &&
                     std::find(allowed.begin(), allowed.end(), model.identifier(node)) == allowed.end() &&
                     !model.fold_integer(node, scope))
                plain = false;
            return plain ? analyzer::WalkStep::descend : analyzer::WalkStep::skip_children;
        },
        [](Node) {});
    return plain;
}

// Retained growth keeps what each trip adds only when nothing else in the
// loop can take it away: the statement is the loop's whole body, the loop's
// target is another name, and what it adds runs none of the program's code
// (which could empty the list through another name).
bool keeps_every_trip(Node loop, Node statement, const Growth& growth, ScopeId scope, const Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    std::uint32_t statements = 0;
    analyzer::for_each_named_child(node_child_by_field_id(loop, p.field_body),
                                   [&](Node child) { statements += node_symbol(child) != p.comment; });
    if (statements != 1) return false;
    Node target = unparenthesized(node_child_by_field_id(loop, p.field_left));
    if (node_symbol(target) != p.identifier || model.identifier(target) == growth.name) return false;
    Node inner = node_first_child(statement);
    Node added = growth.of == Growth::Of::appended ? growth.added.operand
                                                   : node_child_by_field_id(inner, p.field_right);
    return runs_no_program_code(added, {growth.name, model.identifier(target)}, scope, model);
}

// The bytes a trip of appended growth keeps, at least, given what grows:
// a list keeps an 8-byte slot per item (and the new list each item may be),
// a str or bytes a byte per character. Nothing when CPython would refuse the
// operation (`[] + (0,)`, `"" + b""`): it raises on the first trip.
std::optional<double> appended_bytes(const Growth& growth, const Magnitude& start, ScopeId scope, const Model& model) {
    const Growth::Added& added = growth.added;
    SizeEstimator estimator(model, scope, SizeLimits{});
    const Magnitude operand = estimator.estimate(added.operand);
    double bytes = 0;
    switch (added.way) {
        case Growth::Added::Way::append:
            if (start.kind != Magnitude::Kind::list) return std::nullopt;
            bytes = 8 + added.fresh_bytes;
            break;
        case Growth::Added::Way::extend:
            if (start.kind == Magnitude::Kind::list && operand.kind != Magnitude::Kind::unknown &&
                operand.kind != Magnitude::Kind::integer && operand.kind != Magnitude::Kind::array)
                bytes = 8 * added.items;
            else if ((start.kind == Magnitude::Kind::text || start.kind == Magnitude::Kind::bytes) &&
                     operand.kind == start.kind)
                bytes = added.items;
            else
                return std::nullopt;
            break;
        case Growth::Added::Way::concatenate:
            if (start.kind == Magnitude::Kind::list && builds_new_list(added.operand, model))
                bytes = 8 * added.items;
            else if ((start.kind == Magnitude::Kind::text || start.kind == Magnitude::Kind::bytes) &&
                     operand.kind == start.kind)
                bytes = added.items;
            else
                return std::nullopt;
            break;
    }
    if (bytes <= 0) return std::nullopt;
    return std::log10(bytes);
}

std::optional<LoopWork> judge_growth(Node loop, Node statement, double own_trips, double trips, ScopeId scope,
                                     const Model& model, const analyzer::Profile& profile) {
    auto growth = growth_of(statement, scope, model);
    if (!growth) return std::nullopt;
    const SizeLimits limits = SizeLimits::of(profile);
    // The value before the loop: its kind decides what grows (`n += n` only
    // doubles a number; `s += s` doubles a string's length).
    Node initial = value_before(loop, growth->name, model);
    if (node_is_null(initial)) return std::nullopt;
    SizeEstimator estimator(model, scope, limits);
    if (growth->of == Growth::Of::retained || growth->of == Growth::Of::appended) {
        if (!keeps_every_trip(loop, statement, *growth, scope, model)) return std::nullopt;
        double per_trip = growth->factor_log10;
        if (growth->of == Growth::Of::appended) {
            // A tuple is sized as a list is, and refuses a list: only a list display grows as a list.
            Magnitude start = estimator.estimate(initial);
            if (start.kind == Magnitude::Kind::list && !builds_new_list(initial, model)) return std::nullopt;
            auto bytes = appended_bytes(*growth, start, scope, model);
            if (!bytes) return std::nullopt;
            per_trip = *bytes;
            growth->verb = fmt::format("keeps at least {} more bytes", std::llround(std::pow(10.0, *bytes)));
            if (*bytes >= 18) growth->verb = fmt::format("keeps {} more bytes", about(*bytes));
        }
        // Only the loop's own trips: the value it starts from is bound in
        // the same block, so a loop around both starts it over each time.
        const double retained = saturate(own_trips + per_trip);
        if (retained <= limits.max_bytes_log10) return std::nullopt;
        return LoopWork{statement,
                        fmt::format("`{}` {} on each of the loop's {} trips: {} bytes retained, more than the "
                                    "profile's limits.memory_mb = {}: a memory bomb",
                                    shown(model, statement), growth->verb, trip_count(trips), about(retained),
                                    profile.limits.memory_mb)};
    }
    Magnitude start = estimator.estimate(initial);
    if (!start.known() && growth->of != Growth::Of::walk) return std::nullopt;
    const bool sequence = start.kind == Magnitude::Kind::text || start.kind == Magnitude::Kind::bytes ||
                          start.kind == Magnitude::Kind::list;
    // Each trip multiplies by the factor: log10 grows by its log10 a trip.
    const double grown = trips >= 300 ? k_saturated : saturate(std::pow(10.0, trips) * growth->factor_log10);
    std::string outcome;
    if (growth->of == Growth::Of::length && sequence) {
        Magnitude end{start.kind, saturate(std::max(start.log10, 0.0) + grown), std::nullopt};
        if (SizeEstimator::footprint_log10(end) <= limits.max_bytes_log10) return std::nullopt;
        outcome = fmt::format("{}, more than the profile's limits.memory_mb = {}: a memory bomb",
                              SizeEstimator::describe(end), profile.limits.memory_mb);
        growth->verb = verb_for(growth->factor_log10, "its length");
    } else if (growth->of == Growth::Of::digits && start.kind == Magnitude::Kind::integer) {
        // Squaring doubles the digits: log10(digits) grows by log10(2) a trip.
        const double digits = saturate(std::log10(std::max(start.log10, 1.0)) + grown);
        if (digits <= limits.max_digits_log10) return std::nullopt;
        outcome = fmt::format("{} digits, more than a million: a CPU and memory bomb", about(digits));
        growth->verb = verb_for(growth->factor_log10, "its digits");
    } else if (growth->of == Growth::Of::walk) {
        if (grown <= cpu_steps_log10(profile)) return std::nullopt;
        outcome = fmt::format("a structure of {} nodes to print, copy or compare, more than the profile's "
                              "limits.cpu_seconds = {} can walk",
                              about(grown), profile.limits.cpu_seconds);
        growth->verb = verb_for(growth->factor_log10, "what it holds");
    } else {
        return std::nullopt;
    }
    return LoopWork{statement, fmt::format("`{}` {} on each of the loop's {} trips: {}", shown(model, statement),
                                           growth->verb, trip_count(trips), outcome)};
}

// ---- while -----------------------------------------------------------------

// A constant integer: folded (`-3`, `2 * 5`), or sized when it is a power
// (`10**12`) that still fits.
std::optional<std::int64_t> constant_integer(Node expr, ScopeId scope, const Model& model) {
    if (auto value = model.fold_integer(expr, scope)) return value;
    SizeEstimator estimator(model, scope, SizeLimits{});
    Magnitude size = estimator.estimate(expr);
    if (size.kind != Magnitude::Kind::integer || !size.exact || estimator.gave_up()) return std::nullopt;
    // A magnitude is an absolute value: only a power of positive constants is taken as is.
    if (model.text(expr).find('-') != std::string_view::npos) return std::nullopt;
    return size.exact;
}

struct Comparison {
    std::string name;
    Node name_node{};
    TSSymbol op = 0;  // as if `name op limit`
    std::int64_t limit = 0;
};

std::optional<Comparison> comparison_of(Node test, ScopeId scope, const Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    const Symbols& s = symbols();
    test = unparenthesized(test);
    if (node_is_null(test) || node_symbol(test) != s.comparison || node_named_child_count(test) != 2)
        return std::nullopt;
    Node left = node_named_child(test, 0), right = node_named_child(test, 1);
    TSSymbol op = 0;
    for (Node child = node_first_child(test); !node_is_null(child); child = node_next_sibling(child))
        if (!node_is_named(child)) op = node_symbol(child);
    const bool flipped = node_symbol(unparenthesized(left)) != p.identifier;
    Node name = flipped ? right : left;
    Node limit = flipped ? left : right;
    name = unparenthesized(name);
    if (node_symbol(name) != p.identifier) return std::nullopt;
    auto value = constant_integer(limit, scope, model);
    if (!value) return std::nullopt;
    if (flipped) {  // `C < n` is `n > C`
        if (op == s.lt) op = s.gt;
        else if (op == s.gt) op = s.lt;
        else if (op == s.le) op = s.ge;
        else if (op == s.ge) op = s.le;
    }
    if (op != s.lt && op != s.le && op != s.gt && op != s.ge && op != s.ne) return std::nullopt;
    return Comparison{model.identifier(name), name, op, *value};
}

bool holds(const Comparison& c, std::int64_t value) {
    const Symbols& s = symbols();
    if (c.op == s.lt) return value < c.limit;
    if (c.op == s.le) return value <= c.limit;
    if (c.op == s.gt) return value > c.limit;
    if (c.op == s.ge) return value >= c.limit;
    return value != c.limit;
}

}  // namespace

bool GlobalDeclarations::declares(Node any_node, const std::string& name, const Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    if (!m_read) {
        m_read = true;
        Node root = any_node;
        while (!node_is_null(node_parent(root))) root = node_parent(root);
        analyzer::walk_preorder(
            root,
            [&](Node node, std::uint32_t) {
                const TSSymbol kind = node_symbol(node);
                if (kind != p.global_statement && kind != p.nonlocal_statement) return analyzer::WalkStep::descend;
                analyzer::for_each_named_child(node, [&](Node child) {
                    if (node_symbol(child) == p.identifier) m_names.push_back(model.identifier(child));
                });
                return analyzer::WalkStep::skip_children;
            },
            [](Node) {});
    }
    return std::find(m_names.begin(), m_names.end(), name) != m_names.end();
}

std::vector<LoopWork> judge_for_work(Node loop, ScopeId scope, const Model& model, const analyzer::Profile& profile) {
    const auto& p = analyzer::PythonSymbols::get();
    std::vector<LoopWork> found;
    auto own = trips_log10(loop, scope, model, false);
    if (!own) return found;
    Node body = node_child_by_field_id(loop, p.field_body);
    bool grows = false;
    const double max_bytes_log10 = SizeLimits::of(profile).max_bytes_log10;
    analyzer::for_each_named_child(body, [&](Node statement) {
        auto growth = growth_of(statement, scope, model);
        // Retained growth matters only when the loop's own trips could keep too much.
        if (growth && (growth->of == Growth::Of::retained || growth->of == Growth::Of::appended) &&
            *own + retained_per_trip_log10(*growth) <= max_bytes_log10)
            return;
        grows = grows || growth;
    });
    const double most = cpu_steps_log10(profile);
    // Bodies are read (can they leave?) only for a loop that may matter: most
    // constant loops are short and grow nothing, and a file of many loops
    // inside one must not have the outer body read once for each of them.
    if (!grows && saturate(*own + enclosing_trips_log10(loop, scope, model, false)) <= most) return found;
    if (body_leaves(body, true, scope, model)) return found;
    const double outer = enclosing_trips_log10(loop, scope, model);
    const double trips = saturate(*own + outer);
    // Reported at the loop where the trips first pass the limit, not again at
    // each loop inside it.
    if (trips > most && outer <= most) {
        Node iterable = node_child_by_field_id(loop, p.field_right);
        found.push_back({iterable, fmt::format("`for` over `{}`{}: {}", shown(model, iterable),
                                               outer > 0 ? " with the loops around it" : "",
                                               too_many_trips(trips, profile))});
    }
    analyzer::for_each_named_child(body, [&](Node statement) {
        if (auto growth = judge_growth(loop, statement, *own, trips, scope, model, profile))
            found.push_back(std::move(*growth));
    });
    return found;
}

std::optional<LoopWork> judge_while_work(Node loop, ScopeId scope, const Model& model,
                                         const analyzer::Profile& profile, GlobalDeclarations& globals) {
    const auto& p = analyzer::PythonSymbols::get();
    const Symbols& s = symbols();
    Node test = node_child_by_field_id(loop, s.condition);
    auto compared = comparison_of(test, scope, model);
    if (!compared) return std::nullopt;
    Node body = node_child_by_field_id(loop, p.field_body);
    if (node_is_null(body) || body_leaves(body, true, scope, model)) return std::nullopt;
    auto steps = steps_of(body, compared->name, scope, model);
    if (!steps || globals.declares(loop, compared->name, model)) return std::nullopt;
    Node initial = value_before(loop, compared->name, model);
    std::optional<std::int64_t> start;
    if (!node_is_null(initial)) start = constant_integer(initial, scope, model);
    if (start && !holds(*compared, *start)) return std::nullopt;  // it never runs

    bool up = false, down = false;
    std::int64_t per_trip = 0;  // the most one trip can move the name
    for (const Step& step : steps->steps) {
        up = up || step.by > 0;
        down = down || step.by < 0;
        per_trip += step.by < 0 ? -step.by : step.by;
    }
    const std::string condition = fmt::format("`while {}:`", shown(model, test));
    const std::string name = "`" + compared->name + "`";
    const std::string once = start ? "" : " once it starts";
    if (!up && !down)
        return LoopWork{test, fmt::format("{} never ends{}: nothing in its body changes {}, and nothing leaves it",
                                          condition, once, name)};
    if (up && down) return std::nullopt;
    const bool ends_going_up = compared->op == s.lt || compared->op == s.le;
    if (compared->op != s.ne && up != ends_going_up)
        return LoopWork{test, fmt::format("{} never ends{}: its body only moves {} away from ending it ({}), and "
                                          "nothing leaves it",
                                          condition, once, name, up ? "up" : "down")};
    if (!start || !steps->once_a_trip) return std::nullopt;
    const double distance = std::fabs(static_cast<double>(compared->limit) - static_cast<double>(*start));
    if (compared->op == s.ne) {
        // `while i != 10: i += 3` from 0 steps over 10.
        const std::int64_t by = up ? static_cast<std::int64_t>(per_trip) : -static_cast<std::int64_t>(per_trip);
        const std::int64_t gap = compared->limit - *start;
        if (steps->steps.size() == 1 && (gap % by != 0 || (gap > 0) != (by > 0)))
            return LoopWork{test, fmt::format("{} never ends: {} starts at {} and moves by {}, so it passes {} "
                                              "without ever equalling it",
                                              condition, name, *start, by, compared->limit)};
        if (steps->steps.size() != 1) return std::nullopt;
    }
    const double trips = saturate(std::log10(std::max(distance / static_cast<double>(per_trip), 1.0)) +
                                  enclosing_trips_log10(loop, scope, model));
    if (trips <= cpu_steps_log10(profile)) return std::nullopt;
    return LoopWork{test, fmt::format("{} moves {} from {} by at most {} a trip: {}", condition, name, *start,
                                      per_trip, too_many_trips(trips, profile))};
}

}  // namespace pygate::rules
