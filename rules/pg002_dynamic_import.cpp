#include <fmt/format.h>

#include <array>

#include "analyzer/profile.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/text/unicode.hpp"
#include "rules/catalogue.hpp"
#include "rules/utils/library_effects.hpp"
#include "rules/utils/listed_names.hpp"
#include "rules/utils/name_table.hpp"
#include "rules/utils/pg002_plotting_backend.hpp"

namespace pygate::rules {
namespace {

constexpr analyzer::RuleNumber k_rule = 2;
constexpr std::array<std::string_view, 1> k_cwe = {"CWE-470"};

constexpr NameEntry k_imports_dynamically_entries[] = {
    {"builtins.__import__", "imports a module named at run time"},
    {"builtins.help", "imports the module its argument names to document it (help('antigravity') starts a browser)"},
    {"pydoc.help", "imports the module its argument names to document it"},
    {"pydoc.Helper", "imports the modules it is asked about to document them"},
    {"pydoc.doc", "imports the module its argument names to document it"},
    {"pydoc.render_doc", "imports the module its argument names to document it"},
    {"pydoc.locate", "imports the module its argument names"},
    {"pydoc.safeimport", "imports the module its argument names"},
    {"pydoc.importfile", "runs a file as a module"},
    {"importlib", "imports modules named at run time"},
    {"importlib.*", "imports modules named at run time"},
    {"pkgutil", "finds and loads modules at run time"},
    {"pkgutil.*", "finds and loads modules at run time"},
    {"runpy", "runs modules and files as code"},
    {"runpy.*", "runs modules and files as code"},
    {"zipimport", "imports code from archives"},
    {"zipimport.*", "imports code from archives"},
    {"imp", "imports modules named at run time"},
    {"imp.*", "imports modules named at run time"},
    {"sys.modules", "looks modules up by name, bypassing the import allowlist"},
    {"sys.modules.*", "looks modules up by name, bypassing the import allowlist"},
    {"numpy.add_newdoc", "imports the module a string names"},
    {"numpy.*.add_newdoc", "imports the module a string names"},
    {"numpy.lookfor", "imports the modules a string names"},
    {"numpy.info", "looks objects up by the name a string gives"},
    {"numpy.*.info", "looks objects up by the name a string gives"},
    {"pandas.*import_optional_dependency", "imports the module a string names"},
    {"sys.meta_path", "holds the finders, whose loaders import any module"},
    {"sys.path_hooks", "holds the finders' factories, which import any module"},
    {"sys.path_importer_cache", "holds the finders, whose loaders import any module"},
    {"numpy.*.lookfor", "imports the modules a string names"},
    {"numpy.compat.*npy_load_module", "imports code from any file"},
    {"numpy.test", "imports and runs the package's test suite"},
    {"numpy.*Tester", "imports and runs the package's test suite"},
    {"matplotlib.test", "imports and runs the package's test suite"},
    {"pandas.test", "imports and runs the package's test suite"},
    {"scipy.test", "imports and runs the package's test suite"},
    {"scipy.*.test", "imports and runs the package's test suite"},
    {"numpy.*.test", "imports and runs the package's test suite"},
};
const NameTable k_imports_dynamically{k_imports_dynamically_entries};

std::vector<std::string> references() {
    return patterns_of(k_imports_dynamically);
}
std::vector<std::string> backend_choosers() {
    return {"matplotlib.use",
            "matplotlib.pyplot.switch_backend",
            "matplotlib.rcParams[\"backend\"]",
            "matplotlib.rcParams.update / rc_context / style.use with a \"backend\" key",
            "pandas.set_option / "
            "option_context with plotting.backend",
            "pandas.options.plotting.backend = ...",
            "backend= on pandas plotting calls"};
}
constexpr std::array<RuleTable, 2> k_tables = {{
    {"References that import dynamically", references},
    {"Plotting backends named by strings (\"module://...\" for matplotlib; anything but \"matplotlib\" for pandas)",
     backend_choosers},
}};

// `help(np.sort)` documents the object it is given and imports nothing; only
// a string (or no argument: the interactive help, which reads names to
// import) makes help import a module. The argument must be a name or an
// attribute chain that the resolver traces to objects, never to a value that
// could be a string.
bool documents_an_object(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    if (!reference.callee) return false;
    bool help = false;
    for (const analyzer::Referent& referent : reference.referents)
        help = help || (referent.kind == analyzer::Referent::Kind::name &&
                        (referent.qualified == "builtins.help" || referent.qualified == "pydoc.help"));
    if (!help) return false;
    const auto& p = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    analyzer::Node call = node_parent(reference.node);
    if (node_is_null(call) || node_symbol(call) != p.call) return false;
    analyzer::Node arguments = model.call_arguments(call);
    if (node_symbol(arguments) != p.argument_list || node_named_child_count(arguments) != 1) return false;
    analyzer::Node argument = node_named_child(arguments, 0);
    if (node_symbol(argument) != p.identifier && node_symbol(argument) != p.attribute) return false;
    const analyzer::Referents documented = model.resolve(argument, reference.scope);
    if (documented.empty()) return false;
    for (const analyzer::Referent& referent : documented) {
        using Kind = analyzer::Referent::Kind;
        if (referent.kind == Kind::user_function || referent.kind == Kind::user_class) continue;
        // A library's function or class, reached from an import: not an
        // attribute that holds a string (`np.sort.__doc__`, `f.__module__`).
        if (referent.kind != Kind::name || !referent.via_import ||
            referent.qualified.find("__") != std::string_view::npos)
            return false;
    }
    return true;
}

void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    if (documents_an_object(reference, context)) return;
    report_matching_reference(reference, context, k_rule, k_imports_dynamically);
}

// A library callable this rule's table does not name whose table entry says
// it imports the module an argument names (imports:P) or modules its
// configuration names (imports): the argument's modules must be ones the
// profile allows; anything pygate cannot see is refused.
void judge_library_imports(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    for (const CalledLibraryCallable& each : library_calls(call, context)) {
        const CalledLibraryCallable* called = &each;
        if (each.via.empty() && k_imports_dynamically.match(called->callee->qualified) != nullptr) continue;
        const analyzer::Model& model = context.model();
        for (const LibraryEffect& effect : called->effects) {
            if (effect.kind != "imports") continue;
            // Without a parameter the modules come from the library's settings
            // (matplotlib's backend): judged where the program sets them
            // (pg002_plotting_backend, analyzer/library/settings.tsv), not at
            // every call that reads them.
            if (effect.parameter.none) continue;
            std::string problem;
            {
                for (analyzer::Node argument :
                     effect_arguments(effect.parameter, call, model, nullptr, called->skipped)) {
                    std::vector<std::string> modules;
                    bool complete = argument_strings(argument, call.scope, model, context.libraries(), modules);
                    for (const std::string& module : modules)
                        if (problem.empty() && !analyzer::allows_import(context.profile(), module))
                            problem = fmt::format("imports `{}`, which profile {} does not allow", module,
                                                  context.profile().name);
                    if (problem.empty() && !complete)
                        problem = fmt::format("imports the module `{}` names, which pygate cannot see",
                                              analyzer::first_line_shortened(model.text(argument), 60));
                }
            }
            if (problem.empty()) continue;
            context.report(
                k_rule, analyzer::Severity::error, call.function,
                fmt::format("`{}` {} ({}): {}", called->callee->qualified, problem, effect_source(*called, context),
                            context.how_reached(call.function, *called->callee)),
                k_library_effect_specificity, called->callee);
            return;
        }
    }
}

void on_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    judge_backend_call(call, context, k_rule);
    judge_library_imports(call, context);
}

void on_syntax(const analyzer::SyntaxSite& site, analyzer::RuleContext& context) {
    if (node_symbol(site.node) == analyzer::PythonSymbols::get().pair) return judge_backend_pair(site, context, k_rule);
    judge_backend_subscript(site, context, k_rule);
}

void on_attribute(const analyzer::AttributeSite& site, analyzer::RuleContext& context) {
    judge_backend_attribute(site, context, k_rule);
}

std::span<const TSSymbol> syntax_kinds() {
    static const std::array<TSSymbol, 2> kinds = {analyzer::PythonSymbols::get().subscript,
                                                  analyzer::PythonSymbols::get().pair};
    return kinds;
}

constexpr analyzer::RuleHooks k_hooks{.on_reference = on_reference,
                                      .on_call = on_call,
                                      .on_attribute = on_attribute,
                                      .on_syntax = on_syntax,
                                      .syntax_kinds = syntax_kinds};

// The advice after `instead` for a refused caller: what this profile lets a
// program import.
std::string imports_allowed(const analyzer::Profile& profile) {
    return fmt::format("This profile allows importing: {}.", listed_names(profile.imports_allow));
}

}  // namespace

const RuleMetadata k_pg002_dynamic_import{
    .number = k_rule,
    .name = "dynamic-import",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Imports whose module is chosen at run time: __import__, importlib, runpy, sys.modules",
    .catches =
        "References to builtins.__import__, importlib and its members (import_module, reload, util, "
        "machinery), pkgutil, runpy, zipimport and imp, help and pydoc (which import the module a string "
        "names, to document it), and lookups in sys.modules, however they are reached; plotting backends "
        "named by strings: matplotlib's \"module://...\" backends (use, switch_backend, rcParams) and any "
        "backend but agg, pdf, ps, svg and template (the others import a GUI toolkit, IPython or tornado, or "
        "run LaTeX), and pandas' plotting.backend option and backend= argument, unless constant and not a "
        "module; library callables whose table entry says they import the module an argument names.",
    .why =
        "The import allowlist (PG003) can only judge imports it can read. A module named by a string at run "
        "time, or fetched from sys.modules, escapes it: `__import__('o' + 's')` is `import os`.",
    .bad_example =
        "mod = __import__('sub' + 'process')\n"
        "mod.run(['id'])\n",
    .good_example =
        "import json\n"
        "data = json.loads(text)\n",
    .instead = "Import the modules the code needs with import statements, which the profile's allowlist checks.",
    .allowed_under = imports_allowed,
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
