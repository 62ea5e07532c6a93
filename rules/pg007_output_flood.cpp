#include "rules/catalogue.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <cstring>

#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/text/unicode.hpp"
#include "rules/utils/constant_size.hpp"
#include "rules/utils/loop_bounds.hpp"
#include "rules/utils/name_table.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;

using analyzer::Cursor;

using analyzer::Referent;
using analyzer::Referents;
using analyzer::ScopeId;

constexpr analyzer::RuleNumber k_rule = 7;
// An output in an endless loop outranks the same output in a long one.
constexpr int k_specificity = 30;
constexpr int k_endless_specificity = 31;
constexpr std::array<std::string_view, 1> k_cwe = {"CWE-400"};

constexpr NameEntry k_output_entries[] = {
    {"builtins.print", "prints"},
    {"sys.stdout.write", "writes to standard output"},
    {"sys.stdout.writelines", "writes to standard output"},
    {"sys.stdout.buffer.write", "writes to standard output"},
    {"sys.stderr.write", "writes to standard error"},
    {"sys.stderr.writelines", "writes to standard error"},
    {"sys.stderr.buffer.write", "writes to standard error"},
    {"logging.debug", "logs"},
    {"logging.info", "logs"},
    {"logging.warning", "logs"},
    {"logging.warn", "logs"},
    {"logging.error", "logs"},
    {"logging.exception", "logs"},
    {"logging.critical", "logs"},
    {"logging.fatal", "logs"},
    {"logging.log", "logs"},
    {"logging.getLogger.*", "logs"},
    {"logging.Logger.*", "logs"},
    {"logging.root.*", "logs"},
};
const NameTable k_outputs{k_output_entries};

std::vector<std::string> outputs() {
    return patterns_of(k_outputs);
}
constexpr std::array<RuleTable, 1> k_tables = {{{"Calls that write output", outputs}}};


struct Symbols {
    TSSymbol while_statement = analyzer::grammar_symbol("while_statement", true), for_statement = analyzer::grammar_symbol("for_statement", true),
             call = analyzer::grammar_symbol("call", true), function_definition = analyzer::grammar_symbol("function_definition", true),
             class_definition = analyzer::grammar_symbol("class_definition", true), lambda = analyzer::grammar_symbol("lambda", true);
    std::array<TSSymbol, 2> kinds{while_statement, for_statement};
};

const Symbols& symbols() {
    static const Symbols s;
    return s;
}

std::span<const TSSymbol> syntax_kinds() {
    return symbols().kinds;
}

const NameEntry* output_of(const Referents& callee) {
    for (const Referent& referent : callee) {
        if (referent.kind != Referent::Kind::name) continue;
        if (const NameEntry* entry = k_outputs.match(referent.qualified)) return entry;
    }
    return nullptr;
}

// Every output call in `body`'s own code (nested definitions excluded).
template <class Found>
void each_output(Node body, ScopeId scope, const analyzer::Model& model, Found found) {
    const Symbols& s = symbols();
    Cursor cursor = cursor_new(body);
    for (;;) {
        Node node = cursor_current_node(&cursor);
        TSSymbol kind = node_symbol(node);
        bool nested = kind == s.function_definition || kind == s.class_definition || kind == s.lambda;
        if (kind == s.call)
            if (const NameEntry* entry = output_of(model.resolve(model.call_function(node), scope)))
                found(node, *entry);
        if (!nested && cursor_goto_first_child(&cursor)) continue;
        bool moved = false;
        while (!(moved = cursor_goto_next_sibling(&cursor)))
            if (!cursor_goto_parent(&cursor)) break;
        if (!moved) break;
    }
}

void on_syntax(const analyzer::SyntaxSite& site, analyzer::RuleContext& context) {
    if (site.kind != symbols().while_statement && site.kind != symbols().for_statement) return;  // other rules' kinds
    const analyzer::Model& model = context.model();
    std::int64_t lines = context.profile().limits.output_lines;
    LoopVerdict verdict = judge_loop(site.node, site.scope, model);
    analyzer::Severity severity = analyzer::Severity::error;
    std::string why;
    if (verdict.unbounded) {
        why = fmt::format("inside a loop that never ends ({})", verdict.reason);
    } else {
        Magnitude times = range_iterations(site.node, site.scope, model);
        if (times.kind != Magnitude::Kind::range) return;
        bool over = times.exact ? *times.exact > lines
                                : times.log10 > std::log10(static_cast<double>(std::max<std::int64_t>(lines, 1)));
        Node loop_body = node_child_by_field_id(site.node, analyzer::PythonSymbols::get().field_body);
        if (!over || body_leaves(loop_body, true, site.scope, model)) return;  // may stop early: not a flood
        severity = analyzer::Severity::warning;
        why = fmt::format("inside a loop that runs {} times, more than the profile's limits.output_lines = {}",
                          times.exact ? std::to_string(*times.exact) : "about 10^" + fmt::format("{:.0f}", times.log10),
                          lines);
    }
    Node body = node_child_by_field_id(site.node, analyzer::PythonSymbols::get().field_body);
    if (node_is_null(body)) return;
    each_output(body, site.scope, model, [&](Node call, const NameEntry& entry) {
        context.report(
            k_rule, severity, call,
            fmt::format("`{}` {} {}", analyzer::first_line_shortened(model.text(model.call_function(call)), 40),
                        entry.what, why),
            severity == analyzer::Severity::error ? k_endless_specificity : k_specificity);
    });
}

void on_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    if (call.callee.empty()) return;
    const NameEntry* entry = output_of(call.callee);
    if (entry == nullptr) return;
    const analyzer::Model& model = context.model();
    double limit = std::log10(static_cast<double>(std::max<std::int64_t>(context.profile().limits.output_bytes, 1)));
    double total = -1;
    const auto& p = analyzer::PythonSymbols::get();
    Node arguments = model.call_arguments(call.node);
    for (Node argument = node_is_null(arguments) ? Node{} : node_first_child(arguments); !node_is_null(argument);
         argument = node_next_sibling(argument)) {
        TSSymbol kind = node_symbol(argument);
        if (kind == p.keyword_argument || kind == p.dictionary_splat || !node_is_named(argument)) continue;
        // `print(*range(10**9))` prints each item and a space; `print([0] * 10**8)` each item and ", ".
        bool splat = kind == p.list_splat;
        if (splat) argument = node_named_child(argument, 0);
        SizeEstimator estimator(model, call.scope, SizeLimits::of(context.profile()));
        Magnitude size = estimator.estimate(argument);
        double bytes = size.log10;
        if (size.kind == Magnitude::Kind::list || (splat && size.kind == Magnitude::Kind::range))
            bytes += std::log10(splat ? 2.0 : 3.0);
        else if (size.kind != Magnitude::Kind::text && size.kind != Magnitude::Kind::bytes)
            continue;
        total = total < 0 ? bytes : std::max(total, bytes) + std::log10(2.0);
    }
    if (total <= limit) return;
    context.report(k_rule, analyzer::Severity::warning, call.node,
                   fmt::format("`{}` {} a constant of about 10^{:.0f} bytes, more than the profile's "
                               "limits.output_bytes = {}",
                               analyzer::first_line_shortened(model.text(call.function), 40), entry->what,
                               std::floor(total), context.profile().limits.output_bytes),
                   k_specificity);
}

constexpr analyzer::RuleHooks k_hooks{.on_call = on_call, .on_syntax = on_syntax, .syntax_kinds = syntax_kinds};

}  // namespace

const RuleMetadata k_pg007_output_flood{
    .number = k_rule,
    .name = "output-flood",
    .default_severity = analyzer::Severity::warning,
    .cwe = k_cwe,
    .summary = "Output without end: print or logging in endless or very long loops, and huge constant output",
    .catches =
        "print, sys.stdout.write, sys.stderr.write and logging calls inside a loop PG008 finds unbounded (then "
        "an error), inside `for ... in range(N)` with a constant N above the profile's limits.output_lines, "
        "and printing a constant-folded string larger than limits.output_bytes (sizes are estimated, never "
        "built).",
    .why =
        "The runner caps what a program may write; a program that prints without end fills logs, pipes and "
        "disks of whatever reads it and hides its real result in the noise.",
    .bad_example =
        "for i in range(10**9):\n"
        "    print(i)\n",
    .good_example =
        "for item in items:\n"
        "    print(item)\n",
    .instead = "Print a summary, or print inside loops bounded by the data, within the profile's output limits.",
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
