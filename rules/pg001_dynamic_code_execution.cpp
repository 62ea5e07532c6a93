#include "rules/pg001_dynamic_code_execution.hpp"

#include <fmt/format.h>

#include <array>

#include "rules/name_table.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;

using analyzer::Referent;

constexpr analyzer::RuleNumber k_rule = 1;
constexpr std::array<std::string_view, 2> k_cwe = {"CWE-94", "CWE-502"};

// Any reference to these runs code given as data.
constexpr NameEntry k_executes_code_entries[] = {
    {"builtins.eval", "evaluates a string as Python"},
    {"builtins.exec", "executes a string as Python"},
    {"builtins.compile", "compiles a string into code"},
    {"builtins.breakpoint", "opens a debugger that runs any code"},
    {"types.FunctionType", "builds a function from a code object"},
    {"types.CodeType", "builds a code object"},
    {"code.interact", "opens an interactive interpreter"},
    {"code.InteractiveConsole", "runs an interactive interpreter"},
    {"code.InteractiveInterpreter", "runs an interactive interpreter"},
    {"code.compile_command", "compiles a string into code"},
    {"pickle.*load*", "unpickling runs code chosen by the data"},
    {"pickle.Unpickler", "unpickling runs code chosen by the data"},
    {"_pickle.*load*", "unpickling runs code chosen by the data"},
    {"_pickle.Unpickler", "unpickling runs code chosen by the data"},
    {"marshal.load", "loads code objects"},
    {"marshal.loads", "loads code objects"},
    {"shelve.open", "shelves unpickle their values"},
    {"dill.*", "dill unpickles code"},
    {"cloudpickle.*", "cloudpickle unpickles code"},
    {"yaml.unsafe_load", "constructs arbitrary Python objects"},
    {"yaml.unsafe_load_all", "constructs arbitrary Python objects"},
    {"pandas.read_pickle", "unpickling runs code chosen by the data"},
    {"cProfile.run", "executes a string as Python"},
    {"cProfile.runctx", "executes a string as Python"},
    {"profile.run", "executes a string as Python"},
    {"profile.runctx", "executes a string as Python"},
    {"pdb.run*", "executes a string as Python under the debugger"},
    {"trace.Trace.run*", "executes a string as Python"},
    {"typing.get_type_hints", "evaluates annotation strings"},
    {"typing.ForwardRef._evaluate", "evaluates an annotation string"},
};
const NameTable k_executes_code{k_executes_code_entries};

// Calls that run code only with certain arguments: they are checked at the call.
constexpr NameEntry k_executes_code_with_entries[] = {
    {"yaml.load", "without SafeLoader constructs arbitrary Python objects"},
    {"yaml.load_all", "without SafeLoader constructs arbitrary Python objects"},
    {"numpy.load", "with allow_pickle=True unpickles code"},
    {"timeit.timeit", "with a string statement executes it"},
    {"timeit.repeat", "with a string statement executes it"},
    {"timeit.Timer", "with a string statement executes it"},
    {"inspect.get_annotations", "with eval_str=True evaluates annotation strings"},
};
const NameTable k_executes_code_with{k_executes_code_with_entries};

std::vector<std::string> references() {
    return patterns_of(k_executes_code);
}
std::vector<std::string> calls() {
    return patterns_of(k_executes_code_with);
}

constexpr std::array<RuleTable, 2> k_tables = {{
    {"References that run code", references},
    {"Calls that run code with these arguments", calls},
}};

void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    report_matching_reference(reference, context, k_rule, k_executes_code);
}

bool is_true(const analyzer::RuleContext& context, Node node) {
    return !node_is_null(node) && context.model().text(node) == "True";
}

bool is_string(const analyzer::RuleContext& context, Node node, analyzer::ScopeId scope) {
    return !node_is_null(node) && context.model().fold_string(node, scope).has_value();
}

// yaml.load is safe only with a safe loader named explicitly.
bool safe_yaml_loader(const analyzer::RuleContext& context, const analyzer::CallSite& call) {
    Node loader = context.model().argument(call.node, 1, "Loader");
    if (node_is_null(loader)) return false;
    for (const Referent& referent : context.model().resolve(loader, call.scope)) {
        std::string_view name = referent.qualified;
        if (name.ends_with("SafeLoader") || name.ends_with("CSafeLoader") || name.ends_with("BaseLoader")) return true;
    }
    return false;
}

void on_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    for (const Referent& callee : call.callee) {
        if (callee.kind != Referent::Kind::name) continue;
        const NameEntry* entry = k_executes_code_with.match(callee.qualified);
        if (entry == nullptr || entry->pattern != callee.qualified) continue;
        std::string_view q = callee.qualified;
        bool runs = false;
        if (q == "yaml.load" || q == "yaml.load_all")
            runs = !safe_yaml_loader(context, call);
        else if (q == "numpy.load")
            runs = is_true(context, model.argument(call.node, 99, "allow_pickle"));
        else if (q == "inspect.get_annotations")
            runs = is_true(context, model.argument(call.node, 99, "eval_str"));
        else
            runs = is_string(context, model.argument(call.node, 0, "stmt"), call.scope) ||
                   is_string(context, model.argument(call.node, 1, "setup"), call.scope);
        if (!runs) continue;
        Node function = call.function;
        context.report(k_rule, entry->severity, function,
                       fmt::format("{} {}: {}", callee.qualified, entry->what, context.how_reached(function, callee)),
                       specificity(*entry) + 50, &callee);
        return;
    }
}

constexpr analyzer::RuleHooks k_hooks{.on_reference = on_reference, .on_call = on_call};

}  // namespace

const RuleMetadata k_pg001_dynamic_code_execution{
    .number = k_rule,
    .name = "dynamic-code-execution",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Code that runs strings or data as code: eval, exec, compile, unpickling, and their aliases",
    .catches =
        "Any reference (a call, a decorator, an assignment, an argument) to builtins.eval, exec, compile or "
        "breakpoint, however it is reached (aliases, builtins, __builtins__, getattr with a folded string); "
        "types.FunctionType and CodeType; the code module's interpreters; deserialisers that run code (pickle, "
        "marshal, shelve, dill, cloudpickle, yaml.load without SafeLoader, numpy.load with allow_pickle=True, "
        "pandas.read_pickle); helpers that execute strings (timeit with a string, cProfile.run, profile.run, "
        "pdb.run, trace.Trace().run); typing.get_type_hints, which evaluates annotation strings.",
    .why =
        "Whatever a static gate proves about a file stops holding the moment the file runs code that is not in "
        "it. A string passed to eval or a pickle passed to loads can do anything the interpreter can.",
    .bad_example =
        "import builtins\n"
        "run = getattr(builtins, 'ev' + 'al')\n"
        "run(user_text)\n",
    .good_example =
        "import ast\n"
        "value = ast.literal_eval(user_text)\n",
    .instead = "Parse data with json or ast.literal_eval, and write the code the task needs instead of generating it.",
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
