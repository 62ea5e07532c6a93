#include "rules/catalogue.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>

#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/text/unicode.hpp"
#include "rules/utils/constant_size.hpp"
#include "rules/utils/loop_bounds.hpp"
#include "rules/utils/name_table.hpp"
#include "rules/utils/pg008_call_cycles.hpp"
#include "rules/utils/pg008_loop_work.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;

using analyzer::Cursor;

using analyzer::Referent;
using analyzer::Referents;
using analyzer::ScopeId;

constexpr analyzer::RuleNumber k_rule = 8;
constexpr int k_specificity = 40;
constexpr std::array<std::string_view, 2> k_cwe = {"CWE-400", "CWE-835"};
constexpr std::uint32_t k_none = UINT32_MAX;

// Calls that build a value whose size their constant arguments decide.
constexpr NameEntry k_sized_call_entries[] = {
    {"builtins.pow", "raises to a power"},
    {"operator.pow", "raises to a power"},
    {"math.factorial", "computes a factorial"},
    {"builtins.bytearray", "allocates bytes"},
    {"builtins.bytes", "allocates bytes"},
    {"builtins.list", "materialises a range"},
    {"builtins.tuple", "materialises a range"},
    {"builtins.set", "materialises a range"},
    {"builtins.frozenset", "materialises a range"},
    {"builtins.sorted", "materialises a range"},
    {"builtins.dict.fromkeys", "materialises a range"},
    {"numpy.zeros", "allocates an array"},
    {"numpy.ones", "allocates an array"},
    {"numpy.empty", "allocates an array"},
    {"numpy.full", "allocates an array"},
    {"numpy.arange", "allocates an array"},
};
const NameTable k_sized_calls{k_sized_call_entries};

// Calls that read their argument to the end.
constexpr NameEntry k_consumer_entries[] = {
    {"builtins.sum", "sums"},
    {"builtins.list", "materialises"},
    {"builtins.tuple", "materialises"},
    {"builtins.set", "materialises"},
    {"builtins.frozenset", "materialises"},
    {"builtins.sorted", "sorts"},
    {"builtins.max", "reads to the end"},
    {"builtins.min", "reads to the end"},
    {"builtins.dict", "materialises"},
    {"collections.deque", "reads to the end"},
    {"collections.Counter", "counts"},
    {"statistics.mean", "reads to the end"},
    {"str.join", "joins"},
};
const NameTable k_consumers{k_consumer_entries};

// The limits that stop runaway work: raising one lets a recursion run until
// the C stack overflows and the interpreter dies.
constexpr NameEntry k_limit_entries[] = {
    {"sys.setrecursionlimit", "changes the interpreter's recursion limit, so a deep recursion overflows the C stack"},
};
const NameTable k_limits{k_limit_entries};

std::vector<std::string> limits() {
    return patterns_of(k_limits);
}
std::vector<std::string> sized_calls() {
    return patterns_of(k_sized_calls);
}
std::vector<std::string> consumers() {
    return patterns_of(k_consumers);
}
std::vector<std::string> infinite_sources() {
    return {"itertools.count", "itertools.cycle", "itertools.repeat (without times)",
            "builtins.iter (callable, sentinel)", "a generator of the file whose loop only yields"};
}
std::vector<std::string> branches() {
    return {"if", "for", "while", "try", "assert", "match", "and/or", "conditional expression", "comprehension"};
}

constexpr std::array<RuleTable, 5> k_tables = {{
    {"Limits on recursion, refused wherever referenced", limits},
    {"Iterators that never end", infinite_sources},
    {"Calls that consume an iterator to its end", consumers},
    {"Calls whose constant arguments decide the size of what they build", sized_calls},
    {"Branches that can stop a recursion before its call", branches},
}};


struct Symbols {
    TSSymbol while_statement = analyzer::grammar_symbol("while_statement", true), for_statement = analyzer::grammar_symbol("for_statement", true),
             binary_operator = analyzer::grammar_symbol("binary_operator", true),
             function_definition = analyzer::grammar_symbol("function_definition", true), lambda = analyzer::grammar_symbol("lambda", true),
             class_definition = analyzer::grammar_symbol("class_definition", true), if_statement = analyzer::grammar_symbol("if_statement", true),
             try_statement = analyzer::grammar_symbol("try_statement", true), match_statement = analyzer::grammar_symbol("match_statement", true),
             boolean_operator = analyzer::grammar_symbol("boolean_operator", true),
             conditional_expression = analyzer::grammar_symbol("conditional_expression", true),
             assert_statement = analyzer::grammar_symbol("assert_statement", true),
             list_comprehension = analyzer::grammar_symbol("list_comprehension", true),
             set_comprehension = analyzer::grammar_symbol("set_comprehension", true),
             dictionary_comprehension = analyzer::grammar_symbol("dictionary_comprehension", true),
             generator_expression = analyzer::grammar_symbol("generator_expression", true), yield = analyzer::grammar_symbol("yield", true),
             await = analyzer::grammar_symbol("await", true), decorated_definition = analyzer::grammar_symbol("decorated_definition", true),
             global_statement = analyzer::grammar_symbol("global_statement", true),
             nonlocal_statement = analyzer::grammar_symbol("nonlocal_statement", true), async_token = analyzer::grammar_symbol("async", false),
             power = analyzer::grammar_symbol("**", false), star = analyzer::grammar_symbol("*", false), shift_left = analyzer::grammar_symbol("<<", false),
             attribute = analyzer::grammar_symbol("attribute", true), percent = analyzer::grammar_symbol("%", false),
             format_specifier = analyzer::grammar_symbol("format_specifier", true), format_expression = analyzer::grammar_symbol("format_expression", true),
             return_statement = analyzer::grammar_symbol("return_statement", true), raise_statement = analyzer::grammar_symbol("raise_statement", true),
             with_statement = analyzer::grammar_symbol("with_statement", true);
    // The loops, operators and calls judged, the scopes a recursion is judged
    // in, the branches that can stop one (is_branch), and the statements
    // after which nothing runs (is_exit), seen in document order.
    std::array<TSSymbol, 21> kinds{
        while_statement,        for_statement,    binary_operator,    function_definition, lambda,
        class_definition,       format_specifier, list_comprehension, set_comprehension,   dictionary_comprehension,
        generator_expression,   if_statement,     try_statement,      match_statement,     boolean_operator,
        conditional_expression, assert_statement, global_statement,   nonlocal_statement,  return_statement,
        raise_statement};
};

const Symbols& symbols() {
    static const Symbols s;
    return s;
}

std::span<const TSSymbol> syntax_kinds() {
    return symbols().kinds;
}

// A def, lambda or class the engine's sites are in. A class is kept only so
// that the branches of its own code are not taken for an enclosing function's.
struct OpenScope {
    Node node;
    std::uint32_t body_start, end;
    bool is_function = true;
    std::uint32_t first_branch = k_none;  // the first branch of its own body seen so far
    // Where the first `return` or `raise` before any branch ends: code after it never runs.
    std::uint32_t unreachable_from = k_none;
    bool reported = false;
};

// What the rule remembers while the engine walks one file's sites, in
// document order. Hooks are plain functions and a file is analysed on one
// thread, start to end, so the state is per thread and reset by on_module.
struct FileState {
    std::vector<OpenScope> scopes;       // defs, lambdas and classes holding the sites seen, innermost last
    std::vector<std::uint64_t> visited;  // binary operators already estimated inside a larger expression
    std::uint32_t judged_until = 0;      // the end of the last expression reported as too big
    CallCycles calls;                    // calls from one function to another before any branch of the caller
    std::vector<std::int8_t> runs_when_called;  // by scope: -1 not asked yet
    GlobalDeclarations globals;          // read on the first `while` that needs them
};
thread_local FileState t_state;

void on_module(const analyzer::ModuleSite&, analyzer::RuleContext&) {
    t_state.scopes.clear();
    t_state.visited.clear();
    t_state.judged_until = 0;
    t_state.calls.clear();
    t_state.runs_when_called.clear();
    t_state.globals.forget();
}

std::string shown(const analyzer::Model& model, Node node) {
    return analyzer::first_line_shortened(model.text(node), 60);
}

// --- constant sizes

void report_oversize(const SizeEstimator& estimator, Node at, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    if (estimator.gave_up()) {
        context.report(k_rule, analyzer::Severity::error, at,
                       fmt::format("`{}` is a constant expression too large or too deep for pygate to size "
                                   "(over {} steps or {} levels): refused rather than guessed",
                                   shown(model, at), SizeEstimator::k_max_steps, SizeEstimator::k_max_depth),
                       k_specificity);
    } else {
        const Oversize& over = *estimator.oversize();
        bool digits = over.size.kind == Magnitude::Kind::integer;
        std::string limit =
            digits ? std::string("a million digits")
                   : fmt::format("the profile's limits.memory_mb = {}", context.profile().limits.memory_mb);
        context.report(k_rule, analyzer::Severity::error, at,
                       fmt::format("`{}` would build a value of {}, more than {}: a memory or CPU bomb",
                                   shown(model, over.at), SizeEstimator::describe(over.size), limit),
                       k_specificity);
    }
    t_state.judged_until = std::max(t_state.judged_until, node_end_byte(at));
}

bool already_judged(Node node) {
    if (node_start_byte(node) < t_state.judged_until) return true;
    return std::binary_search(t_state.visited.begin(), t_state.visited.end(), span_key(node));
}

void judge_operator(const analyzer::SyntaxSite& site, analyzer::RuleContext& context) {
    const Symbols& s = symbols();
    TSSymbol op = node_symbol(node_child_by_field_id(site.node, analyzer::PythonSymbols::get().field_operator));
    if (op != s.power && op != s.star && op != s.shift_left && op != s.percent) return;
    if (already_judged(site.node)) return;
    SizeEstimator estimator(context.model(), site.scope, SizeLimits::of(context.profile()), &t_state.visited);
    estimator.estimate(site.node);
    if (estimator.gave_up() || estimator.oversize()) report_oversize(estimator, site.node, context);
}

// The widest number in a format spec, as log10 (digits - 1): a width or a precision.
std::optional<double> widest_number(std::string_view spec) {
    std::optional<double> widest;
    for (std::size_t d = 0; d < spec.size();) {
        std::size_t digits = 0;
        while (d + digits < spec.size() && std::isdigit(static_cast<unsigned char>(spec[d + digits])))
            ++digits;
        if (digits > 0) widest = std::max(widest.value_or(0), static_cast<double>(digits - 1));
        d += digits > 0 ? digits : 1;
    }
    return widest;
}

// A width or precision of about 10^`width_log10` pads text that wide.
void report_padding(analyzer::RuleContext& context, Node at, std::string_view spelled, double width_log10) {
    context.report(k_rule, analyzer::Severity::error, at,
                   fmt::format("{} pads to {}, more than the profile's limits.memory_mb = {}: a memory or CPU bomb",
                               spelled, SizeEstimator::describe({Magnitude::Kind::text, width_log10, std::nullopt}),
                               context.profile().limits.memory_mb),
                   k_specificity);
}

// `f"{x:>{10**12}}"`, `f"{x:>1000000000000}"`: a width or precision in a
// format specifier builds that many characters.
void judge_format_specifier(const analyzer::SyntaxSite& site, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    SizeLimits limits = SizeLimits::of(context.profile());
    std::string spelled = fmt::format("the format specifier `{}`", shown(model, site.node));
    auto report = [&](double width_log10) { report_padding(context, site.node, spelled, width_log10); };
    std::string_view text = model.text(site.node);
    std::uint32_t start = node_start_byte(site.node);
    std::uint32_t at = 0;  // literal text between the nested fields
    for (std::uint32_t i = 0; i <= node_named_child_count(site.node); ++i) {
        Node field = i < node_named_child_count(site.node) ? node_named_child(site.node, i) : Node{};
        std::uint32_t until =
            node_is_null(field) ? static_cast<std::uint32_t>(text.size()) : node_start_byte(field) - start;
        std::string_view literal = text.substr(at, until > at ? until - at : 0);
        if (auto widest = widest_number(literal); widest && *widest > limits.max_bytes_log10) return report(*widest);
        if (node_is_null(field)) break;
        at = node_end_byte(field) - start;
        if (node_symbol(field) != symbols().format_expression) continue;
        Node expression = node_child_by_field_id(field, analyzer::PythonSymbols::get().field_expression);
        SizeEstimator estimator(model, site.scope, limits, &t_state.visited);
        Magnitude width = estimator.estimate(expression);
        if (estimator.gave_up() || estimator.oversize()) return report_oversize(estimator, expression, context);
        if (width.kind == Magnitude::Kind::integer && width.log10 > limits.max_bytes_log10) return report(width.log10);
    }
}

// `"{:>10000000000}".format(x)` and `format(x, ">10000000000")` pad to that
// width, as an f-string's specifier does (judge_format_specifier).
void judge_format_widths(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    std::optional<double> widest;
    bool builtin_format = std::any_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name && r.qualified == "builtins.format";
    });
    if (builtin_format) {
        if (auto spec = model.fold_string(model.argument(call.node, 1, "format_spec"), call.scope))
            widest = widest_number(*spec);
    } else if (node_symbol(call.function) == symbols().attribute) {
        std::string storage;
        if (model.identifier(model.attribute_name(call.function), storage) != "format") return;
        std::optional<std::string> format = model.fold_string(model.attribute_object(call.function), call.scope);
        if (!format) return;
        // Each replacement field's spec: what follows its first `:` up to its closing brace.
        for (std::size_t open = format->find('{'); open != std::string::npos; open = format->find('{', open + 1)) {
            if (open + 1 < format->size() && (*format)[open + 1] == '{') {
                ++open;
                continue;
            }
            std::size_t close = open + 1;
            for (int depth = 1; close < format->size() && depth > 0; ++close)
                depth += (*format)[close] == '{' ? 1 : (*format)[close] == '}' ? -1 : 0;
            std::string_view field = std::string_view(*format).substr(open + 1, close - open - 1);
            std::size_t colon = field.find(':');
            if (colon == std::string_view::npos) continue;
            if (auto width = widest_number(field.substr(colon + 1))) widest = std::max(widest.value_or(0), *width);
        }
    }
    if (!widest || *widest <= SizeLimits::of(context.profile()).max_bytes_log10) return;
    report_padding(context, call.node, fmt::format("`{}`", shown(model, call.node)), *widest);
}

void judge_sized_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    if (already_judged(call.node)) return;
    SizeEstimator estimator(context.model(), call.scope, SizeLimits::of(context.profile()), &t_state.visited);
    estimator.estimate_call(call.node, call.callee);
    if (estimator.gave_up() || estimator.oversize()) report_oversize(estimator, call.node, context);
}

// --- recursion

bool is_branch(TSSymbol kind) {
    const Symbols& s = symbols();
    return kind == s.if_statement || kind == s.for_statement || kind == s.while_statement || kind == s.try_statement ||
           kind == s.match_statement || kind == s.boolean_operator || kind == s.conditional_expression ||
           kind == s.assert_statement || kind == s.list_comprehension || kind == s.set_comprehension ||
           kind == s.dictionary_comprehension || kind == s.generator_expression ||
           // `global f; f = other; f()`: the name may be rebound before the call
           kind == s.global_statement || kind == s.nonlocal_statement;
}

bool is_scope(TSSymbol kind) {
    const Symbols& s = symbols();
    return kind == s.function_definition || kind == s.lambda || kind == s.class_definition;
}

// The first node of `function`'s own code (nested definitions excluded) for
// which `wanted` holds, by start byte; k_none when there is none.
template <class Wanted>
std::uint32_t first_in_body(Node function, Wanted wanted) {
    Node body = node_child_by_field_id(function, analyzer::PythonSymbols::get().field_body);
    if (node_is_null(body)) return k_none;
    Cursor cursor = cursor_new(body);
    std::uint32_t out = k_none;
    for (bool descend = true;;) {
        Node node = cursor_current_node(&cursor);
        TSSymbol kind = node_symbol(node);
        if (wanted(kind)) {
            out = node_start_byte(node);
            break;
        }
        descend = !(is_scope(kind) && !node_eq(node, body));
        if (descend && cursor_goto_first_child(&cursor)) continue;
        bool moved = false;
        while (!(moved = cursor_goto_next_sibling(&cursor)))
            if (!cursor_goto_parent(&cursor)) break;
        if (!moved) break;
    }
    return out;
}

// Calling a generator or a coroutine function only makes an object: no recursion yet.
bool runs_when_called(Node function) {
    const Symbols& s = symbols();
    if (node_symbol(function) == s.function_definition &&
        node_symbol(node_child(function, 0)) == s.async_token)
        return false;
    return first_in_body(function, [&](TSSymbol kind) { return kind == s.yield || kind == s.await; }) == k_none;
}

std::string function_name(const analyzer::Model& model, Node function) {
    Node name = node_child_by_field_id(function, analyzer::PythonSymbols::get().field_name);
    return node_is_null(name) ? "lambda at line " + std::to_string(node_start_row(function) + 1)
                                 : std::string(model.text(name));
}

// The open defs, lambdas and classes that hold the byte `at`, innermost last.
std::vector<OpenScope>& scopes_holding(std::uint32_t at) {
    auto& scopes = t_state.scopes;
    while (!scopes.empty() && scopes.back().end <= at)
        scopes.pop_back();
    return scopes;
}

// The def or lambda whose body holds `call`.
OpenScope* enclosing_function(Node call) {
    std::uint32_t at = node_start_byte(call);
    auto& scopes = scopes_holding(at);
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
        if (at < it->body_start || !it->is_function)
            continue;  // a default value or annotation: the enclosing scope's code
        return &*it;
    }
    return nullptr;
}

// Sites come in document order, so the first branch of a function's own body
// (nested defs, lambdas and classes excluded whole) is seen before any call
// after it: a call is before every branch exactly when none was seen yet.
void note_branch(Node branch) {
    std::uint32_t at = node_start_byte(branch);
    auto& scopes = scopes_holding(at);
    if (scopes.empty()) return;
    OpenScope& innermost = scopes.back();
    // A class's own code, or a nested def's default values: no branch of the enclosing function.
    if (!innermost.is_function || at < innermost.body_start) return;
    if (innermost.first_branch == k_none) innermost.first_branch = at;
}

// Before its first branch a function's own code runs straight through, so
// after a `return` or `raise` there nothing of it runs: a self-call after one
// is dead code, not recursion. A `raise` inside a `with` is the exception:
// the context manager may suppress it and run on. (`continue` and `break`
// stand in loops, which are branches already.)
bool is_exit(TSSymbol kind) {
    return kind == symbols().return_statement || kind == symbols().raise_statement;
}

void note_exit(Node exit) {
    std::uint32_t at = node_start_byte(exit);
    auto& scopes = scopes_holding(at);
    if (scopes.empty()) return;
    OpenScope& innermost = scopes.back();
    if (!innermost.is_function || at < innermost.body_start || innermost.first_branch != k_none ||
        innermost.unreachable_from != k_none)
        return;
    if (node_symbol(exit) == symbols().raise_statement)
        for (Node up = node_parent(exit); !node_is_null(up) && !node_eq(up, innermost.node); up = node_parent(up))
            if (node_symbol(up) == symbols().with_statement) return;
    innermost.unreachable_from = node_end_byte(exit);
}

// The one function of this file `call` calls, when nothing else may be called
// there: a name bound by its def (or to its lambda, directly), or a method
// through the instance. Names copied around are left alone: the model is
// flow-insensitive, and `_f = f` before `def f` must not look like recursion.
const Referent* sole_callee(const analyzer::CallSite& call, const analyzer::Model& model) {
    const Referent* out = nullptr;
    for (const Referent& callee : call.callee) {
        if (callee.kind != Referent::Kind::user_function) return nullptr;
        if (out != nullptr && out->scope != callee.scope) return nullptr;
        bool lambda = model.scope_kind(callee.scope) == analyzer::ScopeKind::lambda;
        if (model.chain(callee).size() > (lambda ? 1u : 0u)) return nullptr;
        out = &callee;
    }
    if (out == nullptr) return nullptr;
    TSSymbol kind = node_symbol(call.function);
    if (kind == analyzer::PythonSymbols::get().identifier) return out;
    if (kind != symbols().attribute) return nullptr;
    // A staticmethod's first parameter is no instance, though the model takes it for `self`.
    Node caller = model.attribute_object(call.function);
    // The model knows the call's function and its decorators: no walk up the tree.
    if (model.scope_kind(call.scope) == analyzer::ScopeKind::function) {
        Node decorated = model.decorated_definition(call.scope);
        for (std::uint32_t i = 0; !node_is_null(decorated) && i < node_named_child_count(decorated); ++i) {
            Node decorator = node_named_child(decorated, i);
            if (node_symbol(decorator) != analyzer::PythonSymbols::get().decorator) continue;
            for (const Referent& r : model.resolve(node_named_child(decorator, 0), call.scope))
                if (r.kind == Referent::Kind::name && r.qualified == "builtins.staticmethod") return nullptr;
        }
    }
    Referents object = model.resolve(caller, call.scope);
    bool instance = !object.empty() && std::all_of(object.begin(), object.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::user_instance;
    });
    return instance ? out : nullptr;
}

// runs_when_called of a scope's function, asked once per function: a file may call one long function many times.
bool callee_runs(ScopeId scope, const analyzer::Model& model) {
    auto& known = t_state.runs_when_called;
    const auto at = static_cast<std::size_t>(scope);
    if (known.size() <= at) known.resize(at + 1, -1);
    if (known[at] < 0) known[at] = runs_when_called(model.definition(scope)) ? 1 : 0;
    return known[at] == 1;
}

void judge_recursion(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    analyzer::ScopeKind kind = model.scope_kind(call.scope);
    if (kind != analyzer::ScopeKind::function && kind != analyzer::ScopeKind::lambda) return;
    OpenScope* caller = enclosing_function(call.node);
    if (caller == nullptr || node_start_byte(call.node) >= caller->first_branch ||
        node_start_byte(call.node) >= caller->unreachable_from)
        return;
    const Referent* callee = sole_callee(call, model);
    if (callee == nullptr) return;
    if (callee->scope == call.scope) {
        if (caller->reported || !runs_when_called(caller->node)) return;
        caller->reported = true;
        context.report(k_rule, analyzer::Severity::error, call.node,
                       fmt::format("`{}` calls itself (`{}`) before any branch (if, loop, try, and/or, "
                                   "conditional expression, match): it recurses until the stack is exhausted",
                                   function_name(model, caller->node), shown(model, call.node)),
                       k_specificity);
        return;
    }
    // Calling a generator or a coroutine function only makes an object: no call of it leads on.
    if (!callee_runs(callee->scope, model)) return;
    t_state.calls.add(call.scope, callee->scope, caller->node, call.node);
}

// Functions that call each other, each before any branch of its own: judged
// once every call of the file is known (pg008_call_cycles.hpp).
void on_module_end(const analyzer::ModuleSite&, analyzer::RuleContext& context) {
    for (const CallCycles::Cycle& cycle : t_state.calls.cycles()) {
        std::vector<std::string> names;
        for (Node function : cycle.callers)
            names.push_back(fmt::format("`{}`", function_name(context.model(), function)));
        context.report(k_rule, analyzer::Severity::error, cycle.call,
                       fmt::format("{} call each other, each before any branch of its own: they recurse until "
                                   "the stack is exhausted",
                                   fmt::join(names, " and ")),
                       k_specificity);
    }
}

// --- consuming an endless iterator

bool string_join(const analyzer::CallSite& call, const analyzer::Model& model) {
    if (node_symbol(call.function) != symbols().attribute) return false;
    std::string storage;
    if (model.identifier(model.attribute_name(call.function), storage) != "join") return false;
    return model.fold_string(model.attribute_object(call.function), call.scope).has_value();
}

void judge_consumer(const analyzer::CallSite& call, const NameEntry* consumer, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    Node argument = model.argument(call.node, 0);
    if (node_is_null(argument)) argument = model.call_arguments(call.node);  // `max(x for x in ...)`
    if (node_is_null(argument)) return;
    auto endless = infinite_iterator(argument, call.scope, model);
    if (!endless) return;
    context.report(k_rule, analyzer::Severity::error, call.node,
                   fmt::format("`{}` {} {}, which never ends: it runs until memory or time runs out",
                               shown(model, call.function), consumer->what, *endless),
                   k_specificity);
}

// `[i for i in range(10**10)]`: a comprehension holds an item for each its
// first iterable gives (at least a slot of 8 bytes), and the profile's memory
// limit bounds them.
void judge_comprehension_size(const analyzer::SyntaxSite& site, Node iterable, analyzer::RuleContext& context) {
    SizeEstimator estimator(context.model(), site.scope, SizeLimits::of(context.profile()), &t_state.visited);
    Magnitude items = estimator.estimate(iterable);
    if (estimator.gave_up() || estimator.oversize()) return report_oversize(estimator, iterable, context);
    if (items.kind != Magnitude::Kind::range && items.kind != Magnitude::Kind::list) return;
    Magnitude built{Magnitude::Kind::list, items.log10, items.exact};
    if (SizeEstimator::footprint_log10(built) <= SizeLimits::of(context.profile()).max_bytes_log10) return;
    context.report(k_rule, analyzer::Severity::error, site.node,
                   fmt::format("a comprehension over `{}` builds {}, more than the profile's limits.memory_mb = {}: a "
                               "memory or CPU bomb",
                               shown(context.model(), iterable), SizeEstimator::describe(built),
                               context.profile().limits.memory_mb),
                   k_specificity);
}

// `[x for x in itertools.count()]`: a comprehension (not a generator) builds
// its whole result, so an endless first iterable never finishes. Its first
// iterable is evaluated in the enclosing scope, the site's.
void judge_comprehension(const analyzer::SyntaxSite& site, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    const auto& p = analyzer::PythonSymbols::get();
    for (std::uint32_t i = 0; i < node_named_child_count(site.node); ++i) {
        Node clause = node_named_child(site.node, i);
        if (node_symbol(clause) != p.for_in_clause) continue;
        Node iterable = node_child_by_field_id(clause, p.field_right);
        auto endless = infinite_iterator(iterable, site.scope, model);
        if (!endless) return judge_comprehension_size(site, iterable, context);
        context.report(k_rule, analyzer::Severity::error, iterable,
                       fmt::format("a comprehension builds its whole result from {}, which never ends: it runs "
                                   "until memory or time runs out",
                                   *endless),
                       k_specificity);
        return;
    }
}

// --- hooks

void on_syntax(const analyzer::SyntaxSite& site, analyzer::RuleContext& context) {
    const Symbols& s = symbols();
    if (is_scope(site.kind)) {
        auto& scopes = scopes_holding(node_start_byte(site.node));
        Node body = node_child_by_field_id(site.node, analyzer::PythonSymbols::get().field_body);
        if (node_is_null(body)) return;
        scopes.push_back(
            {site.node, node_start_byte(body), node_end_byte(site.node), site.kind != s.class_definition});
        return;
    }
    if (is_branch(site.kind)) note_branch(site.node);
    if (is_exit(site.kind)) return note_exit(site.node);
    if (site.kind == s.binary_operator) return judge_operator(site, context);
    if (site.kind == s.format_specifier) return judge_format_specifier(site, context);
    if (site.kind == s.list_comprehension || site.kind == s.set_comprehension ||
        site.kind == s.dictionary_comprehension)
        return judge_comprehension(site, context);
    if (site.kind != s.while_statement && site.kind != s.for_statement) return;  // other rules' kinds
    LoopVerdict verdict = judge_loop(site.node, site.scope, context.model());
    if (verdict.unbounded) {
        context.report(k_rule, analyzer::Severity::error, verdict.at,
                       fmt::format("{}: the loop never ends", verdict.reason), k_specificity);
        return;
    }
    if (site.kind == s.for_statement) {
        for (const LoopWork& work : judge_for_work(site.node, site.scope, context.model(), context.profile()))
            context.report(k_rule, analyzer::Severity::error, work.at, work.message, k_specificity);
    } else if (auto work = judge_while_work(site.node, site.scope, context.model(), context.profile(), t_state.globals)) {
        context.report(k_rule, analyzer::Severity::error, work->at, work->message, k_specificity);
    }
}

void on_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    if (SizeEstimator::padding_method(model, call.node)) judge_sized_call(call, context);
    judge_format_widths(call, context);
    if (call.callee.empty()) {
        if (string_join(call, model)) judge_consumer(call, &k_consumer_entries[12], context);
        return;
    }
    for (const Referent& callee : call.callee) {
        if (callee.kind == Referent::Kind::user_function) {
            judge_recursion(call, context);
            break;
        }
        if (callee.kind != Referent::Kind::name) continue;
        const NameEntry* sized = k_sized_calls.match(callee.qualified);
        if (sized != nullptr && sized->pattern == callee.qualified) judge_sized_call(call, context);
        const NameEntry* consumer = k_consumers.match(callee.qualified);
        if (consumer != nullptr && consumer->pattern == callee.qualified) judge_consumer(call, consumer, context);
        break;
    }
}

void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    report_matching_reference(reference, context, k_rule, k_limits);
}

constexpr analyzer::RuleHooks k_hooks{.on_reference = on_reference,
                                      .on_call = on_call,
                                      .on_syntax = on_syntax,
                                      .on_module = on_module,
                                      .on_module_end = on_module_end,
                                      .syntax_kinds = syntax_kinds};

}  // namespace

const RuleMetadata k_pg008_unbounded_execution{
    .number = k_rule,
    .name = "unbounded-execution",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Loops and recursion that never end, and constant values too big to build",
    .catches =
        "Raising the recursion limit (sys.setrecursionlimit); a `while` whose test is always true (True, 1, "
        "1 < 2, a non-empty literal) and whose own body never "
        "breaks, returns, raises, yields or exits; a `for` over itertools.count, itertools.cycle, "
        "itertools.repeat without a count or iter(C, sentinel) where calling C never gives the sentinel, with "
        "nothing in its body that leaves; a function, method (through self.) or lambda bound to a name that "
        "calls itself before any branch (if, loop, try, assert, and/or, conditional expression, match, "
        "comprehension) and before any `return` or `raise` (code after one never runs), and functions that call "
        "each other that way; sum, list, sorted, max, ''.join and "
        "other consumers of an endless iterator, a generator of the file whose loop only yields (`while True: yield "
        "n`) among them; constant expressions and calls (powers, repetition, "
        "pow, math.factorial, bytearray, list(range(...)), numpy.zeros/ones/empty/full/arange, the padding "
        "methods ljust/rjust/center/zfill, widths in format specifiers of f-strings, str.format and "
        "format() and in %-formats, comprehensions over ranges) whose "
        "value would exceed the profile's limits.memory_mb or a million digits, sizes held in names included; "
        "work the runner would have to stop: a `for` over a constant range whose trips, with the constant loops "
        "around it, are more than limits.cpu_seconds could finish (10^8 simple steps a second, generously), a "
        "value a loop of constant length grows geometrically (`buf += buf`, `items = items * 2`, `v = v ** 2`, "
        "`tree = [tree, tree]`) past the memory limit, a million digits or what the CPU limit can walk, what "
        "such a loop keeps from each trip (`a = [a]`, `x += [0] * 1000`, `rows.append([0] * 100)`, "
        "`s = s + \"ab\"`) past the memory limit, and a "
        "`while` comparing a name with a constant whose body never changes the name, only moves it away from "
        "ending the loop (`while n > 0: n += 2`), steps over the end (`while i != 10: i += 3` from 0) or needs "
        "more trips than the CPU limit. A loop whose body can leave it, or whose bound is not constant, is left "
        "to the data. Sizes and trips are estimated as orders of magnitude, never computed.",
    .why =
        "Code that never finishes or builds a value larger than memory holds the sandbox until its wall-clock "
        "or memory limit kills it: a denial of service for every job queued behind it, and the cheapest attack "
        "there is (`10**10**10` is seven characters).",
    .bad_example =
        "import itertools\n"
        "total = sum(itertools.count())\n"
        "big = 'a' * 10**12\n",
    .good_example =
        "import itertools\n"
        "total = sum(itertools.islice(itertools.count(), 1000))\n"
        "big = 'a' * 10**6\n",
    .instead = "Bound every loop and every recursion, and size values from the input, within the profile's limits.",
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
