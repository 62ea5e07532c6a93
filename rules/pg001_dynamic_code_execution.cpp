#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/tree_walk.hpp"
#include "analyzer/text/identifier.hpp"
#include "analyzer/text/unicode.hpp"
#include "rules/catalogue.hpp"
#include "rules/utils/library_effects.hpp"
#include "rules/utils/name_table.hpp"
#include "rules/utils/pg001_annotation_string.hpp"
#include "rules/utils/pg001_pandas_expression.hpp"
#include "rules/utils/untraced_method_call.hpp"
#include "rules/utils/referent_names.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;

using analyzer::Referent;
using analyzer::Referents;
using analyzer::ScopeId;

constexpr analyzer::RuleNumber k_rule = 1;
constexpr std::array<std::string_view, 2> k_cwe = {"CWE-94", "CWE-502"};

// Any reference to these runs code given as data.
constexpr NameEntry k_executes_code_entries[] = {
    {"builtins.eval", "evaluates a string as Python"},
    {"builtins.exec", "executes a string as Python"},
    {"builtins.compile", "compiles a string into code"},
    {"builtins.breakpoint", "opens a debugger that runs any code"},
    {"sys.breakpointhook", "opens a debugger that runs any code"},
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
    {"pandas.*.read_pickle", "unpickling runs code chosen by the data"},
    {"pandas.compat.pickle_compat.*", "unpickling runs code chosen by the data"},
    {"numpy.ma.load", "unpickles code"},
    {"numpy.ma.loads", "unpickles code"},
    {"numpy.ma.core.load", "unpickles code"},
    {"numpy.ma.core.loads", "unpickles code"},
    {"numpy.testing.rundocs", "runs a file's doctests as code"},
    {"numpy.*.rundocs", "runs a file's doctests as code"},
    {"scipy._lib.decorator.*", "builds functions from source strings (exec)"},
    {"numpy.testing.measure", "executes a string as Python"},
    {"numpy.testing.runstring", "executes a string as Python"},
    {"numpy.testing.utils.measure", "executes a string as Python"},
    {"numpy.testing.utils.runstring", "executes a string as Python"},
    {"matplotlib.rcsetup.validate_cycler", "evaluates a string as Python (matplotlib's restricted eval)"},
    // Importable where python3-sphinx and python3-docutils are installed.
    {"matplotlib.sphinxext*", "Sphinx extensions: plot_directive runs a document's Python code (run_code)"},
    // Importable where python3-pyqt5 is installed.
    {"matplotlib.backends.qt_editor*", "the Qt figure options form evaluates its fields as Python (eval)"},
    {"cProfile.run", "executes a string as Python"},
    {"cProfile.runctx", "executes a string as Python"},
    {"profile.run", "executes a string as Python"},
    {"profile.runctx", "executes a string as Python"},
    {"pdb.run*", "executes a string as Python under the debugger"},
    {"trace.Trace.run*", "executes a string as Python"},
    {"typing.get_type_hints", "evaluates annotation strings"},
    {"typing.ForwardRef._evaluate", "evaluates an annotation string"},
    {"pandas.core.computation.*", "runs pandas' expression evaluator, which reaches attributes and calls"},
};
const NameTable k_executes_code{k_executes_code_entries};

// Calls that run code only with certain arguments: they are checked at the call.
constexpr NameEntry k_executes_code_with_entries[] = {
    {"yaml.load", "without SafeLoader constructs arbitrary Python objects"},
    {"yaml.load_all", "without SafeLoader constructs arbitrary Python objects"},
    {"numpy.load", "with allow_pickle=True unpickles code"},
    {"numpy.lib.format.read_array", "with allow_pickle=True unpickles code"},
    {"numpy.*.load", "with allow_pickle=True unpickles code"},
    {"timeit.timeit", "with a string statement executes it"},
    {"timeit.repeat", "with a string statement executes it"},
    {"timeit.Timer", "with a string statement executes it"},
    {"inspect.get_annotations", "with eval_str=True evaluates annotation strings"},
    {"pandas.eval", "evaluates a string as an expression that reaches attributes and calls"},
    {"pandas.DataFrame.eval", "evaluates a string as an expression that reaches attributes and calls"},
    {"pandas.DataFrame.query", "evaluates a string as an expression that reaches attributes and calls"},
};
const NameTable k_executes_code_with{k_executes_code_with_entries};

// typing makes ForwardRefs of the strings among these calls' arguments.
constexpr NameEntry k_forward_reference_maker_entries[] = {
    {"typing.ForwardRef", "makes a ForwardRef"},         {"typing.TypeVar", "makes a type variable"},
    {"typing.NamedTuple", "makes a named tuple type"},   {"typing.TypedDict", "makes a TypedDict type"},
    {"typing_extensions.*", "makes a typing construct"},
};
const NameTable k_forward_reference_makers{k_forward_reference_maker_entries};

std::vector<std::string> references() {
    return patterns_of(k_executes_code);
}
std::vector<std::string> calls() {
    return patterns_of(k_executes_code_with);
}
std::vector<std::string> forward_reference_makers() {
    std::vector<std::string> out = patterns_of(k_forward_reference_makers);
    out.insert(out.end(), {"subscripts of typing.*, collections.abc.* and the builtin generics list, dict, "
                           "tuple, set, frozenset, type"});
    return out;
}

constexpr std::array<RuleTable, 3> k_tables = {{
    {"References that run code", references},
    {"Calls that run code with these arguments", calls},
    {"Where a string is a type that typing evaluates, besides annotations", forward_reference_makers},
}};

void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    report_matching_reference(reference, context, k_rule, k_executes_code);
}

bool is_true(const analyzer::RuleContext& context, Node node) {
    return !node_is_null(node) && context.model().text(node) == "True";
}

// An argument that may be true: given, and not a constant false (`allow_pickle=flag` may be True).
bool not_false(const analyzer::RuleContext& context, Node node, analyzer::ScopeId scope) {
    if (node_is_null(node)) return false;
    std::string_view text = context.model().text(node);
    if (text == "False" || text == "None") return false;
    std::optional<std::int64_t> number = context.model().fold_integer(node, scope);
    return !(number && *number == 0);
}

bool is_string(const analyzer::RuleContext& context, Node node, analyzer::ScopeId scope) {
    return !node_is_null(node) && context.model().fold_string(node, scope).has_value();
}

// pandas.eval, DataFrame.eval and DataFrame.query parse their string as
// Python and, with engine="python", follow any attribute and call any
// function it reaches (CVE-2024-9880: `@pd.core.frame.com.builtins.__import__("os")`).
// A constant expression (or one of constants only, every one known) of
// columns, the program's own variables (`@name`), constants, operators, and
// attributes operators consume only computes; anything else, and any
// expression built at run time, runs code (rules/utils/pg001_pandas_expression.hpp).
struct PandasFinding {
    analyzer::Severity severity;  // the table's
    std::string why;
};

std::optional<PandasFinding> pandas_expression_finding(const analyzer::RuleContext& context,
                                                       const analyzer::CallSite& call, analyzer::Severity severity) {
    Node expression = context.model().argument(call.node, 0, "expr");
    if (node_is_null(expression)) return std::nullopt;
    std::vector<std::string> texts;
    if (std::optional<std::string> text = context.model().fold_string(expression, call.scope)) {
        texts.push_back(std::move(*text));
    } else {
        analyzer::Model::StringValues values = context.model().possible_strings(expression, call.scope);
        if (!values.complete || values.values.empty())
            return PandasFinding{severity, "an expression built at run time"};
        texts = std::move(values.values);
    }
    for (const std::string& text : texts) {
        PandasExpression judged = judge_pandas_expression(text);
        if (judged.reach == PandasExpression::Reach::code) return PandasFinding{severity, std::move(judged.why)};
    }
    return std::nullopt;
}

// `frame.query("...")` on a frame pygate cannot trace, in a file that imports pandas.
constexpr std::array<GuessedOwner, 1> k_data_frame = {{{"pandas", "pandas.DataFrame"}}};

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

// pandas' read_xml and to_xml run an XSLT stylesheet through lxml, which
// gives it the whole file system and the network (`exsl:document` writes any
// file, `document()` reads any): a program in another language. Given on a
// call pygate may not name (`frame.to_xml(...)` on a parameter) too.
bool judge_xslt_stylesheet(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    if (!may_hold_objects_of(model, "pandas")) return false;
    Node function = call.function;
    std::string name = node_symbol(function) == s.attribute ? model.identifier(model.attribute_name(function))
                       : node_symbol(function) == s.identifier ? model.identifier(function)
                                                                : std::string();
    bool xml = name == "read_xml" || name == "to_xml" ||
               std::any_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
                   return r.qualified.ends_with(".read_xml") || r.qualified.ends_with(".to_xml");
               });
    if (!xml) return false;
    // to_xml(path_or_buffer, index, ..., parser, stylesheet): 13th; read_xml(path_or_buffer, xpath, ...,
    // parser, stylesheet): 11th (pandas 1.5 only warns of it by position).
    Node stylesheet = model.argument(call.node, name == "to_xml" ? 13 : 11, "stylesheet");
    if (node_is_null(stylesheet) || analyzer::node_type(stylesheet) == "none") return false;
    if (node_symbol(stylesheet) == s.list_splat || node_symbol(stylesheet) == s.dictionary_splat) {
        context.report(k_rule, analyzer::Severity::warning, call.node,
                       "unpacked arguments of read_xml or to_xml may give an XSLT stylesheet, a program with the file "
                       "system and the network at its disposal",
                       k_library_effect_specificity);
        return true;
    }
    context.report(k_rule, analyzer::Severity::error, node_parent(stylesheet),
                   "an XSLT stylesheet (pandas' read_xml and to_xml run it through lxml) is a program with the file "
                   "system and the network at its disposal: exsl:document writes any file, document() reads any",
                   k_library_effect_specificity);
    return true;
}

void on_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    if (judge_xslt_stylesheet(call, context)) return;
    if (auto guessed = guess_untraced_method(call, context, k_data_frame, k_executes_code_with)) {
        if (auto finding = pandas_expression_finding(context, call, guessed->entry->severity)) {
            Referent as_method;  // named as the method, so that an allow list judges it as a traced call
            as_method.qualified = guessed->qualified;
            context.report(k_rule, finding->severity, call.function,
                           fmt::format("{} ({}): {}", guessed->entry->what, finding->why,
                                       guessed_method_reason(call, model, *guessed)),
                           specificity(*guessed->entry) + 50, &as_method);
            return;
        }
    }
    for (const Referent& callee : call.callee) {
        if (callee.kind != Referent::Kind::name) continue;
        const NameEntry* entry = k_executes_code_with.match(callee.qualified);
        if (entry == nullptr || (entry->pattern != callee.qualified && entry->pattern != "numpy.*.load")) continue;
        std::string_view q = callee.qualified;
        bool runs = false;
        if (q == "yaml.load" || q == "yaml.load_all")
            runs = !safe_yaml_loader(context, call);
        else if (q.starts_with("numpy."))  // numpy.load and its aliases, numpy.lib.format.read_array
            // load(file, mmap_mode, allow_pickle, ...), read_array(fp, allow_pickle, ...); an
            // unpacking pygate cannot read may set it (Model::argument gives it then).
            runs = not_false(context,
                             model.argument(call.node, q.ends_with("read_array") ? 1 : 2, "allow_pickle"),
                             call.scope);
        else if (q == "inspect.get_annotations")
            runs = is_true(context, model.argument(call.node, 99, "eval_str"));
        else if (q.starts_with("pandas.")) {
            std::optional<PandasFinding> finding = pandas_expression_finding(context, call, entry->severity);
            if (!finding) continue;
            context.report(k_rule, finding->severity, call.function,
                           fmt::format("{} {} ({}): {}", callee.qualified, entry->what, finding->why,
                                       context.how_reached(call.function, callee)),
                           specificity(*entry) + 50, &callee);
            return;
        } else
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

// --- strings typing evaluates (rules/utils/pg001_annotation_string.hpp)

struct CodeString {
    Node string;
    std::string why;
};

// Whether `subscript` (or a generic type, `Literal[...]` in an annotation) subscripts typing's `name`.
bool subscripts(Node subscript, ScopeId scope, const analyzer::Model& model, std::string_view name) {
    const auto& p = analyzer::PythonSymbols::get();
    Node value = node_symbol(subscript) == p.generic_type ? node_child(subscript, 0)
                                                          : node_child_by_field_id(subscript, p.field_value);
    Referents referents = model.resolve(value, scope);
    return std::any_of(referents.begin(), referents.end(), [&](const Referent& r) {
        if (r.kind != Referent::Kind::name) return false;
        std::string_view q = r.qualified;
        return (q.starts_with("typing.") && q.substr(7) == name) ||
               (q.starts_with("typing_extensions.") && q.substr(18) == name);
    });
}

// `Literal["r", "w"]`: its strings are values, which typing never evaluates.
bool literal(Node subscript, ScopeId scope, const analyzer::Model& model) {
    return subscripts(subscript, scope, model, "Literal");
}

// `Annotated[T, "metadata"]`: only T is a type; the metadata is never evaluated.
bool annotated(Node subscript, ScopeId scope, const analyzer::Model& model) {
    return subscripts(subscript, scope, model, "Annotated");
}

// The first index of a subscript or generic type (`T` of `Annotated[T, ...]`).
Node first_index(Node subscript) {
    const auto& p = analyzer::PythonSymbols::get();
    if (node_symbol(subscript) != p.generic_type) return node_child_by_field_id(subscript, p.field_subscript);
    for (Node child = node_first_child(subscript); !node_is_null(child); child = node_next_sibling(child))
        if (node_symbol(child) == p.type_parameter) return node_named_child(child, 0);
    return Node{};
}

// Whether an annotation string is one name (bytes past ASCII taken for
// letters: the name is compared with the file's names as spelled).
bool names_a_name(std::string_view text) {
    if (text.empty() || (text[0] >= '0' && text[0] <= '9')) return false;
    return std::all_of(text.begin(), text.end(), [](char c) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               static_cast<unsigned char>(c) >= 0x80;
    });
}

// The strings a module-level name may hold, as its assignments show them:
// typing evaluates an annotation string that names a name in the function's
// globals, and evaluates again a string it finds there (`x: "ann"`, with
// `ann = "<code>"`).
std::vector<std::string> module_name_strings(std::string_view name, Node any, const analyzer::Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    Node root = any;
    while (!node_is_null(node_parent(root))) root = node_parent(root);
    std::vector<std::string> out;
    analyzer::walk_preorder(
        root,
        [&](Node node, std::uint32_t) {
            TSSymbol kind = node_symbol(node);
            if (kind == p.function_definition || kind == p.class_definition || kind == p.lambda)
                return analyzer::WalkStep::skip_children;
            if (kind != p.assignment) return analyzer::WalkStep::descend;
            Node left = node_child_by_field_id(node, p.field_left), right = node_child_by_field_id(node, p.field_right);
            if (node_symbol(left) == p.identifier && !node_is_null(right) && model.identifier(left) == name) {
                analyzer::Model::StringValues values = model.possible_strings(right, analyzer::k_module_scope);
                out.insert(out.end(), values.values.begin(), values.values.end());
            }
            return analyzer::WalkStep::descend;
        },
        [](Node) {});
    return out;
}

// The strings in `root` that are code rather than types; nested subscripts
// are left to their own site unless `whole`. In an annotation (`whole`), a
// name or attribute is evaluated to its value, and a string value is
// evaluated again: the strings it may hold are judged as written ones.
std::vector<CodeString> code_strings(Node root, ScopeId scope, const analyzer::Model& model, bool whole) {
    const auto& p = analyzer::PythonSymbols::get();
    std::vector<CodeString> out;
    auto judge = [&](Node at, const std::string& text) {
        if (std::optional<std::string> why = annotation_string_is_code(text)) {
            out.push_back({at, std::move(*why)});
            return;
        }
        if (!whole || !names_a_name(text)) return;
        for (const std::string& held : module_name_strings(text, at, model))
            if (std::optional<std::string> why = annotation_string_is_code(held))
                out.push_back({at, fmt::format("it names `{}`, which holds a string typing evaluates: {}", text, *why)});
    };
    analyzer::walk_preorder(
        root,
        [&](Node node, std::uint32_t) {
            TSSymbol kind = node_symbol(node);
            bool subscript = kind == p.subscript || kind == p.generic_type;
            if (subscript && !node_eq(node, root) && (!whole || literal(node, scope, model)))
                return analyzer::WalkStep::skip_children;
            if (subscript && whole && annotated(node, scope, model)) {
                std::vector<CodeString> inner = code_strings(first_index(node), scope, model, whole);
                out.insert(out.end(), std::make_move_iterator(inner.begin()), std::make_move_iterator(inner.end()));
                return analyzer::WalkStep::skip_children;
            }
            // `x: parts[0]`: an item of the file's own data (no module, type or typing form it
            // resolves to, as `list[int]` and `Optional[T]` do) is its value.
            auto data = [&](Node value) {
                Referents of = model.resolve(value, scope);
                return std::none_of(of.begin(), of.end(), [](const Referent& r) {
                    return r.kind == Referent::Kind::name || r.kind == Referent::Kind::user_class;
                });
            };
            Node subscripted = kind == p.subscript      ? node_child_by_field_id(node, p.field_value)
                               : kind == p.generic_type ? node_named_child(node, 0)
                                                        : Node{};
            if (whole && !node_is_null(subscripted) && data(subscripted)) {
                analyzer::Model::StringValues held = model.possible_strings(node, scope);
                for (const std::string& text : held.values) judge(node, text);
                if (held.values.empty()) out.push_back({node, "an item of the file's own data pygate cannot fold"});
                return analyzer::WalkStep::skip_children;
            }
            if (whole && (kind == p.identifier || kind == p.attribute)) {
                for (const std::string& held : model.possible_strings(node, scope).values) judge(node, held);
                return analyzer::WalkStep::skip_children;
            }
            if (kind != p.string && kind != p.concatenated_string) return analyzer::WalkStep::descend;
            std::optional<std::string> text = model.fold_string(node, scope);
            if (!text) out.push_back({node, "a value pygate cannot fold"});
            else judge(node, *text);
            return analyzer::WalkStep::skip_children;
        },
        [](Node) {});
    return out;
}

void report_code_strings(const std::vector<CodeString>& strings, std::string_view where,
                         analyzer::RuleContext& context) {
    for (const CodeString& code : strings)
        context.report(
            k_rule, analyzer::Severity::error, code.string,
            fmt::format("the string {} {} is code, not a type ({}): typing.get_type_hints, and "
                        "functools.singledispatch's register through it, evaluate it with eval",
                        analyzer::first_line_shortened(context.model().text(code.string), 60), where, code.why),
            60);
}

bool typing_evaluates(const Referents& referents) {
    return std::any_of(referents.begin(), referents.end(), [](const Referent& r) {
        if (r.kind != Referent::Kind::name) return false;
        std::string_view q = r.qualified;
        return q.starts_with("typing.") || q.starts_with("typing_extensions.") || q.starts_with("collections.abc.") ||
               q == "builtins.list" || q == "builtins.dict" || q == "builtins.tuple" || q == "builtins.set" ||
               q == "builtins.frozenset" || q == "builtins.type";
    });
}

// Annotations come before the subscripts inside them (sites are in document
// order): a subscript up to here was judged with its annotation.
thread_local std::uint32_t t_annotation_end = 0;

void on_module(const analyzer::ModuleSite&, analyzer::RuleContext&) {
    t_annotation_end = 0;
}

void on_syntax(const analyzer::SyntaxSite& site, analyzer::RuleContext& context) {
    const auto& p = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    if (site.kind == p.type) {
        // `type(C).x = 1` parses as a 3.12 type alias (PG000 refuses it where it matters): no annotation.
        if (node_symbol(node_parent(site.node)) == p.type_alias_statement) return;
        if (node_start_byte(site.node) < t_annotation_end) return;  // inside one judged whole (`Literal[...]`'s)
        t_annotation_end = node_end_byte(site.node);
        return report_code_strings(code_strings(site.node, site.scope, model, true), "in an annotation", context);
    }
    if (node_start_byte(site.node) < t_annotation_end) return;
    // typing's forms hold their strings as indexes (`Union["A", "B"]`) or in a list of them
    // (`Callable[["A"], B]`); other indexes are left unread, for speed.
    std::vector<CodeString> strings;
    Node value = node_child_by_field_id(site.node, p.field_value);
    for (Node index = node_first_child(site.node); !node_is_null(index); index = node_next_sibling(index)) {
        TSSymbol kind = node_symbol(index);
        bool holds_strings = kind == p.string || kind == p.concatenated_string || kind == p.list || kind == p.tuple;
        if (!holds_strings || node_eq(index, value)) continue;
        std::vector<CodeString> found = code_strings(index, site.scope, model, false);
        strings.insert(strings.end(), found.begin(), found.end());
    }
    // Dictionaries are subscripted with strings of every kind: resolve only when one is code.
    if (!strings.empty() && annotated(site.node, site.scope, model)) {
        std::uint32_t first_end = node_end_byte(first_index(site.node));
        strings.erase(std::remove_if(strings.begin(), strings.end(),
                                     [&](const CodeString& c) { return node_start_byte(c.string) >= first_end; }),
                      strings.end());
    }
    if (strings.empty() || literal(site.node, site.scope, model) ||
        !typing_evaluates(model.resolve(node_child_by_field_id(site.node, p.field_value), site.scope)))
        return;
    report_code_strings(
        strings, fmt::format("in `{}[...]`", model.text(node_child_by_field_id(site.node, p.field_value))), context);
}

std::span<const TSSymbol> syntax_kinds() {
    static const std::array<TSSymbol, 2> kinds = {analyzer::PythonSymbols::get().type,
                                                  analyzer::PythonSymbols::get().subscript};
    return kinds;
}

void on_typing_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    for (const Referent& callee : call.callee) {
        if (callee.kind != Referent::Kind::name || k_forward_reference_makers.match(callee.qualified) == nullptr)
            continue;
        Node arguments = context.model().call_arguments(call.node);
        if (node_is_null(arguments)) return;
        return report_code_strings(code_strings(arguments, call.scope, context.model(), false),
                                   fmt::format("given to `{}`", callee.qualified), context);
    }
}

// A name alone (`"sum"`), which evaluated reads a name and runs nothing.
bool plain_name(std::string_view text) {
    if (text.empty() || analyzer::is_dunder_name(text)) return false;
    return std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    });
}

// A library callable this rule's tables do not name whose table entry says
// it evaluates an argument as code (code:P): a string there that is more
// than a name runs as code, and one pygate cannot see may. Whether it reported.
bool judge_library_code(const analyzer::CallSite& call, const CalledLibraryCallable& called,
                        analyzer::RuleContext& context) {
    // This rule's tables speak for the names they hold: the code runners, and
    // typing's ForwardRef makers, whose strings the annotation judge reads.
    if (called.via.empty() && (k_executes_code.match(called.entry->name) != nullptr ||
                               k_executes_code.match(called.callee->qualified) != nullptr ||
                               k_executes_code_with.match(called.callee->qualified) != nullptr ||
                               k_forward_reference_makers.match(called.callee->qualified) != nullptr))
        return false;
    const analyzer::Model& model = context.model();
    for (const LibraryEffect& effect : called.effects) {
        if (effect.kind != "code") continue;
        if (effect.parameter.none) {
            context.report(
                k_rule, analyzer::Severity::error, call.function,
                fmt::format("`{}` runs code its arguments do not show ({}): {}", called.callee->qualified,
                            effect_source(called, context), context.how_reached(call.function, *called.callee)),
                k_library_effect_specificity, called.callee);
            return true;
        }
        for (Node argument : effect_arguments(effect.parameter, call, model, nullptr, called.skipped)) {
            std::vector<std::string> strings;
            bool complete = argument_strings(argument, call.scope, model, context.libraries(), strings);
            for (const std::string& text : strings) {
                if (plain_name(text)) continue;
                context.report(k_rule, analyzer::Severity::error, call.function,
                               fmt::format("`{}` evaluates `{}` as code ({}): {}", called.callee->qualified,
                                           analyzer::first_line_shortened(text, 60), effect_source(called, context),
                                           context.how_reached(call.function, *called.callee)),
                               k_library_effect_specificity, called.callee);
                return true;
            }
            if (complete) continue;
            context.report(
                k_rule, analyzer::Severity::warning, call.function,
                fmt::format("`{}` evaluates `{}` as code, and pygate cannot see what it holds ({}): {}",
                            called.callee->qualified, analyzer::first_line_shortened(model.text(argument), 60),
                            effect_source(called, context), context.how_reached(call.function, *called.callee)),
                k_library_effect_specificity, called.callee);
            return true;
        }
    }
    return false;
}

void judge_library_code(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    for (const CalledLibraryCallable& called : library_calls(call, context))
        if (judge_library_code(call, called, context)) return;
}

// `setattr(archive, "allow_pickle", True)`: on_attribute's store, by name.
void judge_allow_pickle_set_by_name(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    if (!std::any_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
            return r.kind == Referent::Kind::name && r.qualified == "builtins.setattr";
        }) ||
        !may_hold_objects_of(model, "numpy"))
        return;
    std::optional<std::string> name = model.fold_string(model.argument(call.node, 1), call.scope);
    if (!name || *name != "allow_pickle" || !not_false(context, model.argument(call.node, 2), call.scope)) return;
    context.report(k_rule, analyzer::Severity::error, call.node,
                   "setattr of an NpzFile's allow_pickle: its members are then unpickled, which runs code chosen by "
                   "the data",
                   k_library_effect_specificity);
}

void on_any_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    judge_allow_pickle_set_by_name(call, context);
    on_call(call, context);
    on_typing_call(call, context);
    judge_library_code(call, context);
}

// `archive = np.load(p); archive.allow_pickle = True; archive["x"]`: an
// NpzFile reads its members with the flag its attribute holds, set after
// it was opened (also through setattr(archive, "allow_pickle", True)).
void on_attribute(const analyzer::AttributeSite& site, analyzer::RuleContext& context) {
    if (!site.store || site.attribute != "allow_pickle" || !may_hold_objects_of(context.model(), "numpy")) return;
    Node statement = node_parent(site.node);
    Node value = !node_is_null(statement) && node_symbol(statement) == analyzer::PythonSymbols::get().assignment
                     ? node_child_by_field_id(statement, analyzer::PythonSymbols::get().field_right)
                     : Node{};
    if (!node_is_null(value) && !not_false(context, value, site.scope)) return;  // a store pygate cannot see: on
    context.report(k_rule, analyzer::Severity::error, site.node,
                   "an NpzFile's allow_pickle set after it was opened: its members are then unpickled, which runs "
                   "code chosen by the data",
                   k_library_effect_specificity);
}

constexpr analyzer::RuleHooks k_hooks{.on_reference = on_reference,
                                      .on_call = on_any_call,
                                      .on_attribute = on_attribute,
                                      .on_syntax = on_syntax,
                                      .on_module = on_module,
                                      .syntax_kinds = syntax_kinds};

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
        "marshal, shelve, dill, cloudpickle, yaml.load without SafeLoader, numpy.load with allow_pickle=True "
        "(by keyword, by position, or possibly through `*args`/`**kwargs`), pandas.read_pickle); XSLT "
        "stylesheets given to pandas' read_xml and to_xml (lxml lets them write and read any file); helpers that execute strings (timeit with a string, cProfile.run, profile.run, "
        "pdb.run, trace.Trace().run); pandas.eval, DataFrame.eval and DataFrame.query with an expression that "
        "is not constant (nor one of constants all known) or, parsed as Python, is more than names that are not "
        "dunders (`@name` included), number and string constants, operators, parentheses, lists, tuples, "
        "`column = ...` and attributes not starting with `_` that an arithmetic or comparison operator consumes "
        "(`df.a + df.b`): an attribute handed back as the value, a call, a subscript, a lambda, a comprehension, "
        "a dunder; typing.get_type_hints, which evaluates annotation "
        "strings; and strings "
        "that typing would evaluate (annotations written as strings, strings in subscripts of typing's and the "
        "builtin generics, in ForwardRef, TypeVar, NamedTuple and TypedDict) that are more than a type: a call, "
        "an operator, a name beginning with `__`, a builtin that is not a type "
        "(functools.singledispatch's register evaluates its function's annotations).",
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
