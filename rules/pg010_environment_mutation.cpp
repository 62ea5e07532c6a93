#include "rules/catalogue.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <span>

#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/tree_walk.hpp"
#include "rules/utils/library_effects.hpp"
#include "rules/utils/name_table.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;
using analyzer::Referent;

constexpr analyzer::RuleNumber k_rule = 10;
constexpr std::array<std::string_view, 3> k_cwe = {"CWE-426", "CWE-427", "CWE-526"};

// Any reference to these changes or reads the interpreter's environment.
constexpr NameEntry k_environment_entries[] = {
    {"os.environ", "reads or changes environment variables (credentials live there)"},
    {"os.environb", "reads or changes environment variables (credentials live there)"},
    {"os.getenv", "reads environment variables (credentials live there)"},
    {"os.getenvb", "reads environment variables (credentials live there)"},
    {"os.putenv", "changes environment variables"},
    {"os.unsetenv", "changes environment variables"},
    {"posix.environ", "reads or changes environment variables"},
    {"sys.addaudithook", "installs an audit hook that sees every audited event"},
    {"sys.audit", "raises audit events, which the runner's own hooks act on"},
    {"sys.setswitchinterval", "changes how the interpreter switches threads"},
    {"sys.set_asyncgen_hooks", "installs hooks that see every asynchronous generator"},
    {"sys.set_coroutine_origin_tracking_depth", "changes what coroutines record"},
    {"sys.set_int_max_str_digits", "lifts the bound that keeps int-to-str conversions fast"},
    {"sys.activate_stack_trampoline", "changes how the interpreter runs frames"},
    {"sys.deactivate_stack_trampoline", "changes how the interpreter runs frames"},
    {"site", "changes where modules are imported from"},
    {"site.*", "changes where modules are imported from"},
    {"importlib.util.spec_from_file_location", "imports code from any file"},
    {"importlib.util.module_from_spec", "creates modules from loaded code"},
    {"importlib.machinery", "changes how modules are imported"},
    {"importlib.machinery.*", "changes how modules are imported"},
    {"ensurepip", "installs packages"},
    {"ensurepip.*", "installs packages"},
    {"venv", "creates environments"},
    {"venv.*", "creates environments"},
    {"pip", "installs packages"},
    {"pip.*", "installs packages"},
    {"sys.path.*", "changes where modules are imported from"},
    {"sys.meta_path.*", "changes how modules are imported"},
    {"sys.path_hooks.*", "changes how modules are imported"},
    {"sys.path_importer_cache.*", "changes how modules are imported"},
};
const NameTable k_environment{k_environment_entries};

// Reading these is harmless; assigning them, or an item of them, is not.
constexpr NameEntry k_changed_when_stored_entries[] = {
    {"sys.path", "changes where modules are imported from"},
    {"sys.meta_path", "changes how modules are imported"},
    {"sys.path_hooks", "changes how modules are imported"},
    {"sys.modules", "replaces modules other code will import"},
    {"sys.pycache_prefix", "changes where imports write bytecode"},
    {"sys.dont_write_bytecode", "changes whether imports write bytecode"},
};
const NameTable k_changed_when_stored{k_changed_when_stored_entries};

// Methods of those lists that only read them.
constexpr std::string_view k_reading_methods[] = {"index",    "count", "copy", "__len__", "__contains__",
                                                  "__iter__", "get",   "keys", "values",  "items"};

std::vector<std::string> references() {
    return patterns_of(k_environment);
}
std::vector<std::string> stored() {
    return patterns_of(k_changed_when_stored);
}
constexpr std::array<RuleTable, 2> k_tables = {{
    {"References that read or change the environment", references},
    {"Changed when assigned, or an item of them is", stored},
}};

void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    for (const Referent& referent : reference.referents) {
        if (referent.kind != Referent::Kind::name) continue;
        std::string_view name = referent.qualified;
        if (reference.store || reference.mutated) {
            if (const NameEntry* entry = k_changed_when_stored.match(name); entry && entry->pattern == name) {
                context.report(k_rule, entry->severity, reference.node,
                               fmt::format("assigning {} {}: {}", referent.qualified, entry->what,
                                           context.how_reached(reference.node, referent)),
                               specificity(*entry) + 50, &referent);
                return;
            }
        }
        const NameEntry* entry = k_environment.match(name);
        if (entry == nullptr) continue;
        std::size_t dot = name.rfind('.');
        std::string_view method = dot == std::string_view::npos ? name : name.substr(dot + 1);
        bool list_method = entry->pattern.ends_with(".*") && entry->pattern.starts_with("sys.");
        if (list_method && std::find(std::begin(k_reading_methods), std::end(k_reading_methods), method) !=
                               std::end(k_reading_methods))
            continue;
        context.report(k_rule, entry->severity, reference.node,
                       fmt::format("{}: {}", entry->what, context.how_reached(reference.node, referent)),
                       specificity(*entry) + 50, &referent);
        return;
    }
    report_library_effect(reference, context, k_rule, k_environment,
                          {{"environment", "reads the process environment and gives it back to the program"}});
}

// `__builtins__ = sys`: a function's frame takes its builtins from its
// module's `__builtins__`, so every name the file leaves undefined
// (`modules`, `system`) would be looked up in what was bound there.
void on_syntax(const analyzer::SyntaxSite& site, analyzer::RuleContext& context) {
    const auto& p = analyzer::PythonSymbols::get();
    Node target{};
    if (site.kind == p.assignment || site.kind == p.augmented_assignment || site.kind == p.for_statement ||
        site.kind == p.for_in_clause)
        target = node_child_by_field_id(site.node, p.field_left);
    else if (site.kind == p.named_expression)
        target = node_child_by_field_id(site.node, p.field_name);
    else if (site.kind == p.aliased_import)
        target = node_child_by_field_id(site.node, p.field_alias);
    else
        target = site.node;  // `with ... as __builtins__`, `del __builtins__`
    if (node_is_null(target)) return;
    const analyzer::Model& model = context.model();
    analyzer::walk_preorder(
        target,
        [&](Node node, std::uint32_t) {
            if (node_symbol(node) == p.attribute || node_symbol(node) == p.subscript)
                return analyzer::WalkStep::skip_children;  // `x.__builtins__ = ...` binds no name
            if (node_symbol(node) == p.identifier && model.identifier(node) == "__builtins__")
                context.report(k_rule, analyzer::Severity::error, node,
                               "rebinding __builtins__ changes where every later frame looks up the names it "
                               "leaves undefined",
                               100);
            return analyzer::WalkStep::descend;
        },
        [](Node) {});
}

std::span<const TSSymbol> syntax_kinds() {
    const auto& p = analyzer::PythonSymbols::get();
    static const std::array<TSSymbol, 8> kinds = {p.assignment,    p.augmented_assignment, p.for_statement,
                                                  p.for_in_clause, p.named_expression,     p.aliased_import,
                                                  p.as_pattern_target, p.delete_statement};
    return kinds;
}

// `subprocess.run(['pip', 'install', ...])` installs packages through a process.
void on_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    bool runs_process = std::any_of(call.callee.begin(), call.callee.end(), [](const Referent& callee) {
        return callee.kind == Referent::Kind::name && process_execution_table().match(callee.qualified) != nullptr;
    });
    if (!runs_process) return;
    // The command's constant words: a string split at spaces, or the constant elements of a list.
    std::vector<std::string> words;
    for (const std::string& part :
         context.model().fold_strings(context.model().argument(call.node, 0, "args"), call.scope)) {
        for (std::size_t at = 0; at < part.size();) {
            std::size_t end = std::min(part.find(' ', at), part.size());
            if (end > at) words.push_back(part.substr(at, end - at));
            at = end + 1;
        }
    }
    auto is_pip = [](std::string_view word) {
        return word == "pip" || word == "pip3" || word.ends_with("/pip") || word.ends_with("/pip3");
    };
    bool pip = std::any_of(words.begin(), words.end(), is_pip);
    if (!pip) return;
    context.report(k_rule, analyzer::Severity::error, call.node,
                   fmt::format("runs pip (`{}`), which installs packages into the environment", fmt::join(words, " ")),
                   150);
}

constexpr analyzer::RuleHooks k_hooks{
    .on_reference = on_reference, .on_call = on_call, .on_syntax = on_syntax, .syntax_kinds = syntax_kinds};

}  // namespace

const RuleMetadata k_pg010_environment_mutation{
    .number = k_rule,
    .name = "environment-mutation",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Changing the interpreter's import machinery or environment, and reading environment variables",
    .catches =
        "Changes to sys.path, sys.meta_path and sys.path_hooks (assignment, item assignment, mutating "
        "methods); assignments into sys.modules; site, importlib.util.spec_from_file_location and "
        "module_from_spec, importlib.machinery, ensurepip, venv and pip, and pip run through a process call; "
        "os.environ, os.environb, os.getenv, os.putenv and os.unsetenv (reads too: environment variables hold "
        "credentials); sys's hooks and switches (audit hooks, async generator hooks, the switch interval, "
        "int-to-str digits; tracers are PG009's and the recursion limit PG008's); binding the name __builtins__ "
        "(assignment, import as, for, with, del: a function's frame takes its builtins from it, so the names "
        "the file leaves undefined would be looked up in whatever was bound).",
    .why =
        "Changing where imports come from makes `import json` load attacker code, later and elsewhere; "
        "hooks see every event; and the environment is where a pipeline's credentials live, one read away "
        "from exfiltration.",
    .bad_example =
        "import os\n"
        "token = os.environ['GITHUB_TOKEN']\n",
    .good_example =
        "def run(token):\n"
        "    return len(token)\n",
    .instead =
        "Pass configuration in as arguments or input files; never change sys.path or install packages from "
        "untrusted code.",
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
