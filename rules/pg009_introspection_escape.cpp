#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <optional>

#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/tree_walk.hpp"
#include "analyzer/text/identifier.hpp"
#include "analyzer/text/unicode.hpp"
#include "rules/catalogue.hpp"
#include "rules/utils/dictionary_entries.hpp"
#include "rules/utils/library_effects.hpp"
#include "rules/utils/pandas_option_stores.hpp"
#include "rules/utils/stored_value.hpp"
#include "rules/utils/name_table.hpp"
#include "rules/utils/referent_names.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;

using analyzer::Referent;
using analyzer::Referents;
using analyzer::Severity;

constexpr analyzer::RuleNumber k_rule = 9;
constexpr int k_specificity = 90;
// Below every table's entry: `sys._getframe` is reported as the frame access it is.
constexpr int k_private_specificity = 5;
constexpr std::array<std::string_view, 2> k_cwe = {"CWE-94", "CWE-470"};

// Attributes that walk from any object to classes, globals, frames and code:
// the sandbox-escape chains such as ().__class__.__base__.__subclasses__().
constexpr std::string_view k_escape_attributes[] = {
    "__class__",   "__base__",          "__bases__",  "__mro__",       "mro",         "__subclasses__",
    "__globals__", "__builtins__",      "__dict__",   "__code__",      "__closure__", "__func__",
    "__self__",    "__getattribute__",  "__reduce__", "__reduce_ex__", "__import__",  "__loader__",
    "__spec__",    "__init_subclass__", "gi_frame",   "gi_code",       "cr_frame",    "cr_code",
    "ag_frame",    "ag_code",           "f_back",     "f_globals",     "f_locals",    "f_builtins",
    "f_code",      "tb_frame",          "tb_next",    "co_code",       "co_consts",   "co_names",
};

constexpr std::string_view k_escape_names[] = {"__builtins__", "__loader__", "__spec__"};

// Dunders that are ordinary methods and values: each gives what the syntax it
// stands for gives (`a.__mul__(b)` is `a * b`, `d.__getitem__(k)` is `d[k]`,
// `Base.__init__(self)` is the initialiser a class call runs, `m.__version__`
// is a string), so none reaches anything by itself, and every step after one
// is judged as any other (`Base.__init__.__globals__` is denied at
// `__globals__`; a call of `os.system.__call__` is os.system's, by prefix).
// Not here, and so flagged unless dunders.allow lists them: what walks to
// classes, code, globals or frames (k_escape_attributes); what reads or
// writes attributes by a string the gate cannot see (__getattr__,
// __setattr__, __delattr__, __dir__); stores and deletions by method, which
// rules judge by their syntax (__setitem__, __delitem__, __set__, __delete__,
// __set_name__); what binds or builds outside a call the gate sees (__get__,
// __new__, __class_getitem__, __prepare__, __instancecheck__); pickling's
// (__reduce__, __reduce_ex__, __getstate__, __setstate__, __getnewargs__).
// Grouped by protocol, a comment to each group:
// clang-format off
constexpr std::string_view k_ordinary_dunders[] = {
    // Initialisation and finalisation: what a class call and `del` run.
    "__init__", "__del__",
    // Comparison, hashing, truth.
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__bool__",
    // Text: what repr(), str(), format() and bytes() call; a format spec names no attribute.
    "__repr__", "__str__", "__format__", "__bytes__",
    // Containers and iteration: len(), `in`, `x[k]`, iter(), next(), reversed().
    "__len__", "__length_hint__", "__contains__", "__getitem__", "__missing__", "__iter__", "__next__",
    "__reversed__",
    // Arithmetic and bitwise operators, reflected and in place.
    "__add__", "__sub__", "__mul__", "__matmul__", "__truediv__", "__floordiv__", "__mod__", "__divmod__",
    "__pow__", "__lshift__", "__rshift__", "__and__", "__xor__", "__or__", "__radd__", "__rsub__", "__rmul__",
    "__rmatmul__", "__rtruediv__", "__rfloordiv__", "__rmod__", "__rdivmod__", "__rpow__", "__rlshift__",
    "__rrshift__", "__rand__", "__rxor__", "__ror__", "__iadd__", "__isub__", "__imul__", "__imatmul__",
    "__itruediv__", "__ifloordiv__", "__imod__", "__ipow__", "__ilshift__", "__irshift__", "__iand__", "__ixor__",
    "__ior__", "__neg__", "__pos__", "__abs__", "__invert__",
    // Conversions: int(), float(), complex(), operator.index(), round() and math's.
    "__int__", "__float__", "__complex__", "__index__", "__round__", "__trunc__", "__floor__", "__ceil__",
    // Calls, context managers and async protocols: what `f()`, `with` and `await` run.
    "__call__", "__enter__", "__exit__", "__aenter__", "__aexit__", "__aiter__", "__anext__", "__await__",
    // Sizes and copies.
    "__sizeof__", "__copy__", "__deepcopy__",
    // Module metadata: strings and lists of names.
    "__version__", "__all__", "__author__",
};
// clang-format on

bool is_ordinary_dunder(std::string_view attribute) {
    return std::find(std::begin(k_ordinary_dunders), std::end(k_ordinary_dunders), attribute) !=
           std::end(k_ordinary_dunders);
}

constexpr NameEntry k_introspection_entries[] = {
    {"builtins.globals", "reads the module's namespace"},
    {"builtins.locals", "reads a frame's namespace"},
    {"builtins.vars", "reads an object's namespace"},
    {"sys._getframe", "reaches interpreter frames"},
    {"sys._current_frames", "reaches interpreter frames"},
    {"sys.exc_info", "reaches tracebacks and their frames"},
    {"sys._*", "reaches the interpreter's private internals"},
    {"sys.last_traceback", "reaches tracebacks and their frames"},
    {"sys.last_value", "reaches the last exception, its traceback and frames"},
    {"sys.last_exc", "reaches the last exception, its traceback and frames"},
    {"sys.last_type", "reaches the last exception's type"},
    {"sys.gettrace", "reaches the installed tracer function"},
    {"sys.getprofile", "reaches the installed profiler function"},
    // A tracer or profiler is handed every frame the interpreter runs.
    {"sys.settrace", "installs a tracer that is handed every frame"},
    {"sys.setprofile", "installs a profiler that is handed every frame"},
    {"sys.call_tracing", "calls a function under tracing, for debuggers"},
    {"sys.monitoring", "installs monitoring callbacks that are handed every frame's code"},
    {"sys.monitoring.*", "installs monitoring callbacks that are handed every frame's code"},
    {"threading.settrace", "installs a tracer that is handed every frame of new threads"},
    {"threading.setprofile", "installs a profiler that is handed every frame of new threads"},
    {"inspect", "reaches frames, code and globals"},
    {"inspect.*", "reaches frames, code and globals"},
    {"gc", "reaches every live object"},
    {"gc.*", "reaches every live object"},
};
const NameTable k_introspection{k_introspection_entries};

// Functions that read an attribute named by a string.
constexpr std::string_view k_getattr_family[] = {"builtins.getattr", "builtins.setattr",    "builtins.delattr",
                                                 "builtins.hasattr", "operator.attrgetter", "operator.methodcaller"};

// Every escape attribute starts with `_`, is `mro`, or has `_` as its second
// or third character (gi_frame, f_back): ordinary attributes pass at once.
bool may_escape(std::string_view attribute) {
    if (attribute.size() < 3) return false;
    return attribute[0] == '_' || attribute == "mro" || attribute[1] == '_' || attribute[2] == '_';
}

// Why `attribute` may not be read under `profile`, or nothing.
std::optional<std::string> forbidden(std::string_view attribute, const analyzer::Profile& profile) {
    if (!may_escape(attribute)) return std::nullopt;
    for (std::string_view escape : k_escape_attributes)
        if (attribute == escape)
            return fmt::format("`{}` leads from an object to classes, globals, frames or code", attribute);
    if (analyzer::is_dunder_name(attribute) && !is_ordinary_dunder(attribute) &&
        std::find(profile.dunders_allow.begin(), profile.dunders_allow.end(), attribute) == profile.dunders_allow.end())
        return fmt::format("dunder attribute `{}` is not in profile {}'s dunders.allow", attribute, profile.name);
    return std::nullopt;
}

bool escape_only(std::string_view attribute) {
    return std::find(std::begin(k_escape_attributes), std::end(k_escape_attributes), attribute) !=
           std::end(k_escape_attributes);
}

std::vector<std::string> attributes() {
    return {std::begin(k_escape_attributes), std::end(k_escape_attributes)};
}
std::vector<std::string> ordinary_dunders() {
    return {std::begin(k_ordinary_dunders), std::end(k_ordinary_dunders)};
}
std::vector<std::string> references() {
    return patterns_of(k_introspection);
}
std::vector<std::string> getattr_family() {
    return {std::begin(k_getattr_family), std::end(k_getattr_family)};
}
constexpr std::array<RuleTable, 4> k_tables = {{
    {"Attributes that escape (also any dunder not in the profile's dunders.allow nor below)", attributes},
    {"Dunders that are ordinary methods and values, not flagged (each step after one is judged)", ordinary_dunders},
    {"References that reach namespaces, frames and objects", references},
    {"Functions whose constant-folded attribute name is checked", getattr_family},
}};

bool is_super_call(const analyzer::RuleContext& context, Node object, analyzer::ScopeId scope) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    if (node_is_null(object) || node_symbol(object) != s.call) return false;
    Node function = context.model().call_function(object);
    for (const Referent& r : context.model().resolve(function, scope))
        if (r.kind == Referent::Kind::name && r.qualified == "builtins.super") return true;
    return false;
}

bool check_format_fields(Node where, analyzer::RuleContext& context, const std::string& format);
std::optional<std::string> refused_name(std::string_view name, const analyzer::RuleContext& context,
                                        std::string_view callee, bool keyword = false);
bool judge_property_key(Node where, Node key, Node value, analyzer::ScopeId scope, analyzer::RuleContext& context);
bool private_library_member(std::string_view name);
bool uses_a_tabled_library(const analyzer::Model& model);

// Every format string `format` may hold (through the file's helpers, return
// values and attributes too) has its fields judged. Whether some value stays
// unknown with none denied: then the caller warns, as for a getattr whose name
// is not constant. `field_only`: the values are field names
// (`Formatter.get_field`), not whole format strings.
bool format_values_unknown(Node where, Node format, analyzer::ScopeId scope, analyzer::RuleContext& context,
                           bool field_only = false) {
    analyzer::Model::StringValues values = context.model().possible_strings(format, scope);
    for (const std::string& value : values.values)
        if (check_format_fields(where, context, field_only ? "{" + value + "}" : value)) return false;
    return !values.complete;
}

// The warning for a format string that is not constant, passed to `what`.
std::string format_not_constant(std::string_view what) {
    return fmt::format(
        "introspection: {} with a format string that is not constant reads the attributes its "
        "fields name, as getattr does",
        what);
}

// Classes whose instances format as str does: str, its wrapper (UserString
// formats its text) and the subclasses of it the allowed modules define.
constexpr std::string_view k_string_classes[] = {"builtins.str", "collections.UserString", "enum.StrEnum",
                                                 "numpy.str_"};

bool is_string_class(std::string_view qualified) {
    return std::find(std::begin(k_string_classes), std::end(k_string_classes), qualified) != std::end(k_string_classes);
}

// A str, a wrapper of one or an instance of a class of the file deriving from either.
bool is_string_instance(const analyzer::Model& model, const Referent& r) {
    if (r.kind == Referent::Kind::instance) return is_string_class(r.qualified);
    return r.kind == Referent::Kind::user_instance && model.derives_from_named(r.scope, is_string_class);
}

// Whether `object` may be a string: anything the resolver cannot trace may be,
// and so may a str wrapper or subclass; a value it traces to something else (a
// logging.Formatter, a class of the file, `str` itself, whose unbound
// `str.format(s, ...)` on_call judges) is not.
bool may_be_string(const analyzer::RuleContext& context, Node object, analyzer::ScopeId scope) {
    Referents referents = context.model().resolve(object, scope);
    if (referents.empty()) return true;
    return std::any_of(referents.begin(), referents.end(),
                       [&](const Referent& r) { return is_string_instance(context.model(), r); });
}

// The text a format method reads: `UserString(s).format(...)` and
// `Text(s).format(...)` (a str subclass of the file) format `s`.
Node format_text(const analyzer::RuleContext& context, Node object, analyzer::ScopeId scope) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    if (node_is_null(object) || node_symbol(object) != s.call) return object;
    Node text = model.argument(object, 0);
    if (node_is_null(text)) return object;
    for (const Referent& r : model.resolve(object, scope))
        if (is_string_instance(model, r) && r.qualified != "builtins.str") return text;
    return object;
}

// `obj.format(...)` called by name (getattr(obj, "format"), methodcaller("format",
// ...)(obj)): `obj` is the format string, judged as for `obj.format(...)`.
// Whether it reported.
bool judge_format_by_name(Node where, Node object, analyzer::ScopeId scope, analyzer::RuleContext& context,
                          std::string_view how) {
    analyzer::Model::StringValues values = context.model().possible_strings(format_text(context, object, scope), scope);
    for (const std::string& value : values.values)
        if (check_format_fields(where, context, value)) return true;
    if (values.complete || !may_be_string(context, object, scope)) return false;
    context.report(k_rule, Severity::warning, where, format_not_constant(how), k_specificity);
    return true;
}

// `Text(s).format(x)` (an instance of a str subclass of the file) resolves
// to str.format as `str.format(s, x)` does, but its format string is the
// instance, which on_attribute judges, not the first argument.
bool bound_to_a_string(const analyzer::RuleContext& context, const analyzer::CallSite& call) {
    const analyzer::Model& model = context.model();
    Node function = model.call_function(call.node);
    if (node_symbol(function) != analyzer::PythonSymbols::get().attribute) return false;
    Referents objects = model.resolve(model.attribute_object(function), call.scope);
    return std::any_of(objects.begin(), objects.end(), [&](const Referent& r) {
        return r.kind == Referent::Kind::user_instance && is_string_instance(model, r);
    });
}

bool is_format_method(std::string_view name) {
    return name == "format" || name == "format_map";
}

// `except AttributeError as e: e.obj` (or any except clause, which may catch
// one): the object whose attribute lookup failed, reached without naming it,
// as a getattr would reach it.
bool exception_object(const analyzer::RuleContext& context, Node object) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    if (node_is_null(object) || node_symbol(object) != s.identifier) return false;
    std::string_view name = context.model().text(object);
    for (Node at = node_parent(object); !node_is_null(at); at = node_parent(at)) {
        if (node_symbol(at) == s.function_definition || node_symbol(at) == s.lambda) return false;
        if (node_symbol(at) != s.except_clause) continue;
        std::string_view clause = context.model().text(at);
        clause = clause.substr(0, clause.find(':'));
        std::size_t as = clause.rfind(" as ");
        if (as == std::string_view::npos) continue;
        std::string_view bound = clause.substr(as + 4);
        while (!bound.empty() && (bound.front() == ' ' || bound.front() == '\t'))
            bound.remove_prefix(1);
        while (!bound.empty() && (bound.back() == ' ' || bound.back() == '\t' || bound.back() == ')'))
            bound.remove_suffix(1);
        if (bound == name) return true;
    }
    return false;
}

// `obj.__class__.__name__` (or `__qualname__`): the class's name, a str, as
// `type(obj).__name__` gives it; the class itself goes no further. Whatever
// `__class__` holds (a class may define it), reading `__name__` of it is
// what the profile's dunders.allow lets any object do.
bool reads_only_class_name(const analyzer::RuleContext& context, Node node) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    Node outer = node_parent(node);
    if (node_is_null(outer) || node_symbol(outer) != s.attribute) return false;
    if (!node_eq(context.model().attribute_object(outer), node)) return false;
    std::string_view name = context.model().text(context.model().attribute_name(outer));
    return name == "__name__" || name == "__qualname__";
}

// --- library settings whose value is a format string or an attribute name (settings.tsv)

// A setting's value, judged as a library callable's format: or names:
// argument is. Whether it reported.
bool judge_setting_value(Node where, Node value, analyzer::ScopeId scope, analyzer::RuleContext& context,
                         const analyzer::LibrarySetting& setting, std::string_view what) {
    const analyzer::Model& model = context.model();
    bool format = setting.effect == "format";
    std::vector<std::string> values;
    bool complete = !node_is_null(value) && argument_strings(value, scope, model, context.libraries(), values);
    for (const std::string& text : values) {
        if (format) {
            if (check_format_fields(where, context, text)) return true;
        } else if (auto why = forbidden(text, context.profile())) {
            context.report(k_rule, Severity::error, where,
                           fmt::format("introspection: {} sets `{}`, which {} uses as an attribute name, to '{}': {}",
                                       what, setting.name, setting.distribution, text, *why),
                           k_specificity);
            return true;
        }
    }
    if (complete) return false;
    std::string shown = node_is_null(value) ? std::string("a value it does not show")
                                            : fmt::format("`{}`", analyzer::first_line_shortened(model.text(value), 60));
    context.report(k_rule, Severity::warning, where,
                   format ? fmt::format("introspection: {} sets `{}`, the format string {} formats values with, to "
                                        "{}, which pygate cannot see; its fields read attributes as getattr does",
                                        what, setting.name, setting.distribution, shown)
                          : fmt::format("introspection: {} sets `{}`, which {} uses as an attribute name, to {}, "
                                        "which pygate cannot see",
                                        what, setting.name, setting.distribution, shown),
                   k_specificity);
    return true;
}

// `x.NAME = value`, where NAME is a library property whose setter takes a
// format string or attribute names (`colorbar.formatter = "{x.__class__}"`:
// the table's `attribute` entry lists the setter's effects). When pygate
// names x's class, the value is judged as that setter's argument, a value it
// cannot see included; when it cannot, as each library setter so named
// takes it, on the strings it sees only (a program's own attribute of the
// same name is assigned strings of its own). Whether it reported.
bool judge_property_store(const analyzer::AttributeSite& site, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    const analyzer::LibraryKnowledge& libraries = context.libraries();
    std::vector<const analyzer::LibraryEntry*> setters;
    bool named = false;
    Referents referents = model.resolve(site.node, site.scope);
    for (const Referent& referent : referents) {
        if (referent.kind != Referent::Kind::name) continue;
        analyzer::NameFacts facts = libraries.describe(referent.qualified);
        if (facts.status != analyzer::NameFacts::Status::known || facts.entry == nullptr) continue;
        if (facts.entry->kind == analyzer::LibraryKind::attribute && !facts.entry->fields.empty()) {
            setters.push_back(facts.entry);
            named = true;
        }
    }
    if (setters.empty() && of_unnamed_class(model.resolve(site.object, site.scope), libraries)) {
        std::span<const analyzer::LibraryEntry* const> by_name = libraries.setters_named(site.attribute);
        setters.assign(by_name.begin(), by_name.end());
    }
    if (setters.empty()) return false;
    std::optional<Node> stored = value_stored_at(site.node);
    if (!stored) return false;
    Node value = *stored;
    std::vector<std::string> values;
    bool complete = !node_is_null(value) && argument_strings(value, site.scope, model, libraries, values);
    for (const analyzer::LibraryEntry* setter : setters) {
        for (const LibraryEffect& effect : setter_effects(*setter)) {
            if (effect.kind != "format" && effect.kind != "names") continue;
            for (const std::string& text : values) {
                if (effect.kind == "format") {
                    if (check_format_fields(site.node, context, text)) return true;
                } else if (auto why = forbidden(text, context.profile())) {
                    context.report(k_rule, Severity::error, site.node,
                                   fmt::format("introspection: assigning `{}` calls `{}`'s setter, which uses '{}' as "
                                               "an attribute name: {}",
                                               site.attribute, setter->name, text, *why),
                                   k_specificity);
                    return true;
                }
            }
            if (complete || !named) continue;
            context.report(k_rule, Severity::warning, site.node,
                           fmt::format("introspection: assigning `{}` calls `{}`'s setter, which {} a value pygate "
                                       "cannot see",
                                       site.attribute, setter->name,
                                       effect.kind == "format" ? "formats with, as a format string whose fields read "
                                                                 "attributes as getattr does,"
                                                               : "uses as attribute names"),
                           k_specificity);
            return true;
        }
    }
    return false;
}

// A pandas option store (rules/utils/pandas_option_stores.hpp) that may set
// an option whose value pandas formats with or looks attributes up by.
bool judge_option_store(const OptionStore& store, analyzer::ScopeId scope, analyzer::RuleContext& context) {
    for (const analyzer::LibrarySetting& setting : analyzer::library_settings()) {
        if (setting.distribution != "pandas" || (setting.effect != "format" && setting.effect != "names")) continue;
        if (!may_set(store, setting.name)) continue;
        std::string what = store.key ? fmt::format("pandas option `{}`", *store.key)
                                     : std::string("a pandas option pygate cannot fold");
        if (judge_setting_value(store.at, store.value, scope, context, setting, what)) return true;
    }
    return false;
}

// `t._usetex = True`, `axis._set_formatter("{x.__class__}", ...)`,
// `artist._internal_update(d)`: a library object's private members skip
// the checks its public ones get (a property's setter, the names `set`
// takes). In a file that uses a library pygate has tables for, a private
// member of a value pygate cannot type, or of a library instance, is a
// review (the tables list public members only, so any private name may be
// a library's). The program's own objects (self, its classes' instances)
// keep theirs.
// A private name (`_x`, not a dunder), other than namedtuple's public API,
// which is spelled with an underscore to keep clear of field names.
bool private_library_member(std::string_view name) {
    if (!name.starts_with("_") || (name.starts_with("__") && name.ends_with("__"))) return false;
    static constexpr std::array<std::string_view, 5> k_namedtuple_api = {"_asdict", "_fields", "_replace", "_make",
                                                                         "_field_defaults"};
    return std::find(k_namedtuple_api.begin(), k_namedtuple_api.end(), name) == k_namedtuple_api.end();
}

bool uses_a_tabled_library(const analyzer::Model& model) {
    return may_hold_objects_of(model, "matplotlib") || may_hold_objects_of(model, "pandas") || may_hold_objects_of(model, "numpy") ||
           may_hold_objects_of(model, "scipy") || may_hold_objects_of(model, "seaborn");
}

bool class_body_defines_method(const analyzer::Model& model, analyzer::ScopeId class_scope, std::string_view name);

// Whether the file's class `class_scope` is used anywhere but called to make
// an instance (`Plain()`) or named to isinstance: through the class
// (`Helper.tex(t)`, `getattr(Helper, "tex")`, an alias, a subclass, a
// list of classes) its methods may be called with any object as self.
// Remembered per file.
bool methods_reached_through_class(analyzer::ScopeId class_scope, const analyzer::RuleContext& context) {
    struct Memo {
        std::uint64_t analysis = 0;
        std::vector<std::pair<analyzer::ScopeId, bool>> answers;
    };
    thread_local Memo memo;
    if (memo.analysis != context.analysis_id()) memo = Memo{context.analysis_id(), {}};
    for (const auto& [scope, answer] : memo.answers)
        if (scope == class_scope) return answer;
    const analyzer::Model& model = context.model();
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    Node definition = model.definition(class_scope);
    Node own_name = node_child_by_field_id(definition, s.field_name);
    std::string name = model.identifier(own_name);
    bool reached = false;
    std::vector<Node> pending{model.definition(0)};
    for (std::size_t visited = 0; !pending.empty() && !reached; ++visited) {
        if (visited >= 200000) {
            reached = true;  // a file too large to look through: fail closed
            break;
        }
        Node node = pending.back();
        pending.pop_back();
        // `type(h).tex(t)`, `h.__class__.tex(t)`: any class reached through an instance.
        if (node_symbol(node) == s.attribute) {
            Node holder = model.attribute_object(node);
            if ((node_symbol(holder) == s.call && model.text(model.call_function(holder)) == "type") ||
                model.text(model.attribute_name(node)) == "__class__")
                reached = true;
        }
        if (node_symbol(node) == s.identifier && !node_eq(node, own_name) && model.identifier(node) == name) {
            Node parent = node_parent(node);
            bool made = !node_is_null(parent) && node_symbol(parent) == s.call && node_field(node) == s.field_function;
            bool checked = false;
            if (!made && !node_is_null(parent) && node_symbol(parent) == s.argument_list) {
                // isinstance and issubclass as the module reads them (a file's own isinstance may call anything).
                Node call = node_parent(parent);
                if (!node_is_null(call) && node_symbol(call) == s.call) {
                    Referents callee = model.resolve(model.call_function(call), 0);
                    checked = !callee.empty() && std::all_of(callee.begin(), callee.end(), [](const Referent& r) {
                        return r.kind == Referent::Kind::name &&
                               (r.qualified == "builtins.isinstance" || r.qualified == "builtins.issubclass");
                    });
                }
            }
            reached = !made && !checked;
        }
        for (std::uint32_t i = node_named_child_count(node); i > 0; --i) pending.push_back(node_named_child(node, i - 1));
    }
    memo.answers.emplace_back(class_scope, reached);
    return reached;
}

// An undecorated class of the file with no base but `object` and no
// metaclass, whose body writes no __new__: calling it makes its instance.
bool plain_class(const analyzer::Model& model, analyzer::ScopeId class_scope) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    Node definition = model.definition(class_scope);
    Node parent = node_parent(definition);
    if (!node_is_null(parent) && node_symbol(parent) == s.decorated_definition) return false;
    Node bases = node_child_by_field_id(definition, s.field_superclasses);
    for (std::uint32_t i = 0; !node_is_null(bases) && i < node_named_child_count(bases); ++i) {
        Node base = node_named_child(bases, i);
        if (node_symbol(base) == s.comment) continue;
        if (node_symbol(base) != s.identifier || model.identifier(base) != "object") return false;
    }
    return !class_body_defines_method(model, class_scope, "__new__");
}

// Whether a value is provably the file's own object: a name bound once to
// a call of the file's class (`own = Plain()`), or the first parameter of a
// method of the file's class whose methods are only reached through its
// instances. Anything else (an attribute, an item, a call's result, another
// parameter, a name bound twice) may be a library object.
bool provably_own(Node object, analyzer::ScopeId scope, const analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    if (node_symbol(object) != s.identifier) return false;
    if (std::optional<analyzer::Model::BoundValue> bound = model.single_value(object, scope)) {
        if (node_symbol(bound->value) != s.call) return false;
        Referents made_by = model.resolve(model.call_function(bound->value), bound->scope);
        // A class that may make something else than its own instance (its or a base's __new__, a class
        // decorator, a metaclass) proves nothing: only an undecorated class with no base but object does.
        return !made_by.empty() && std::all_of(made_by.begin(), made_by.end(), [&](const Referent& r) {
            return r.kind == Referent::Kind::user_class && plain_class(model, r.scope);
        });
    }
    analyzer::ScopeId class_scope = model.enclosing_class(scope);
    if (class_scope < 0) return false;
    Node parameters = node_child_by_field_id(model.definition(scope), s.field_parameters);
    if (node_is_null(parameters) || node_named_child_count(parameters) == 0) return false;
    Node first = node_named_child(parameters, 0);
    if (node_symbol(first) != s.identifier || model.identifier(first) != model.identifier(object)) return false;
    return !methods_reached_through_class(class_scope, context);
}

bool judge_private_member_of_instance(const analyzer::AttributeSite& site, analyzer::RuleContext& context) {
    std::string_view name = site.attribute;
    if (!private_library_member(name)) return false;
    const analyzer::Model& model = context.model();
    if (!uses_a_tabled_library(model)) return false;
    Referents object = model.resolve(site.object, site.scope);
    // The file's classes and functions themselves, and modules (check_private_member's), are not instances.
    if (!object.empty() && std::all_of(object.begin(), object.end(), [](const Referent& r) {
            return r.kind == Referent::Kind::user_class || r.kind == Referent::Kind::user_function ||
                   r.kind == Referent::Kind::name;
        }))
        return false;
    bool library = std::all_of(object.begin(), object.end(), [](const Referent& r) { return r.kind == Referent::Kind::instance; });
    if (!library && provably_own(site.object, site.scope, context)) return false;
    context.report(k_rule, Severity::warning, site.node,
                   fmt::format("introspection: `{}` is a private member of {}; a library object's internals skip "
                               "the checks its public methods and properties get",
                               name, object.empty() ? "a value pygate cannot type" : "a value that may be a library object"),
                   k_specificity);
    return true;
}

// A class a tabled third-party library defines: its private members are
// the library's internals, which the tables do not list.
bool is_tabled_library_class(std::string_view qualified) {
    for (std::string_view package : {"matplotlib.", "mpl_toolkits.", "pandas.", "numpy.", "scipy.", "seaborn."})
        if (qualified.starts_with(package)) return true;
    return false;
}

// Whether the body of a class of the file defines the method `name`
// itself: the library calling it runs the program's own (judged) code. A
// datum the body sets (`_usetex = False`) is no such thing: the library
// reads it as its own.
bool class_body_defines_method(const analyzer::Model& model, analyzer::ScopeId class_scope, std::string_view name) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    Node body = node_child_by_field_id(model.definition(class_scope), s.field_body);
    for (std::uint32_t i = 0; !node_is_null(body) && i < node_named_child_count(body); ++i) {
        Node statement = node_named_child(body, i);
        if (node_symbol(statement) == s.decorated_definition)
            statement = node_child_by_field_id(statement, s.field_definition);
        if (node_symbol(statement) != s.function_definition) continue;
        Node named = node_child_by_field_id(statement, s.field_name);
        if (!node_is_null(named) && model.identifier(named) == name) return true;
    }
    return false;
}

// `self._usetex = True` in a class of the file that derives from a library
// class (or from a base pygate cannot name, or a mixin of one): the private
// name may be the library's own (matplotlib's Text reads `_usetex` to run
// TeX), and the tables list public members only. A method the class's body
// defines is the class's own.
bool judge_private_member_of_library_subclass(const analyzer::AttributeSite& site, analyzer::RuleContext& context) {
    if (!private_library_member(site.attribute) || site.attribute.starts_with("__")) return false;  // __x is mangled
    const analyzer::Model& model = context.model();
    Referents object = model.resolve(site.object, site.scope);
    for (const Referent& r : object) {
        if (r.kind != Referent::Kind::user_instance && r.kind != Referent::Kind::user_class) continue;
        if (!model.part_of_class_deriving_from(r.scope, is_tabled_library_class, true)) continue;
        if (class_body_defines_method(model, r.scope, site.attribute)) continue;
        context.report(k_rule, Severity::warning, site.node,
                       fmt::format("introspection: `{}` of a subclass of a library class may be the library's "
                                   "private member; its internals skip the checks its public methods and "
                                   "properties get",
                                   site.attribute),
                       k_specificity);
        return true;
    }
    return false;
}

// Builtins that look at a value and call none of it.
bool only_looks_at(const Referents& callee) {
    static constexpr std::array<std::string_view, 9> k_lookers = {
        "builtins.print", "builtins.len",  "builtins.repr", "builtins.str",     "builtins.isinstance",
        "builtins.id",    "builtins.type", "builtins.hash", "builtins.callable"};
    return !callee.empty() && std::all_of(callee.begin(), callee.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name &&
               std::find(k_lookers.begin(), k_lookers.end(), r.qualified) != k_lookers.end();
    });
}

// Whether the value `node` stands for may go where it is called later. Only
// the places that read a value and keep nothing of it are not: a statement
// of its own (`res.table`), a condition, a comparison or an operator's
// operand, the object of an attribute or a subscript, a loop's iterable, and
// an argument of a builtin that only looks at it (print, len, isinstance).
// Anything else (a name, an argument, a container, a key, a yield, a match
// subject) may pass it on.
bool passed_on(Node node, analyzer::ScopeId scope, const analyzer::Model& model) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    Node parent = node_parent(node);
    while (!node_is_null(parent) && node_symbol(parent) == s.parenthesized_expression) {
        node = parent;
        parent = node_parent(node);
    }
    if (node_is_null(parent)) return false;
    TSSymbol kind = node_symbol(parent);
    if (kind == s.expression_statement || kind == s.binary_operator || kind == s.unary_operator) return false;
    if (kind == s.argument_list) {
        Node call = node_parent(parent);
        return node_is_null(call) || !only_looks_at(model.resolve(model.call_function(call), scope));
    }
    if (kind == s.call) return node_field(node) != s.field_function;               // called where it is named
    if (kind == s.attribute) return node_field(node) != s.field_object;            // `x.update.__doc__`
    if (kind == s.for_statement || kind == s.for_in_clause) return node_field(node) != s.field_right;
    std::string_view type = analyzer::node_type(parent);
    if (type == "subscript") return node_field(node) == s.field_subscript;  // `d[x.update]` keys by it
    if (type == "comparison_operator" || type == "not_operator" || type == "assert_statement") return false;
    if ((type == "if_statement" || type == "while_statement" || type == "elif_clause") &&
        node_field(node) != s.field_body)
        return false;
    return true;
}

// `x.NAME` not called at once, where NAME may be a library method that
// takes names or a format string and x's class is unnamed
// (`functools.partial(ax.xaxis.update)(...)`, `f = ax.xaxis.set_major_formatter`):
// the arguments it gets are passed where no call site shows them, so the
// names they carry cannot be judged.
bool judge_method_taken_as_value(const analyzer::AttributeSite& site, analyzer::RuleContext& context) {
    if (site.store) return false;
    const analyzer::Model& model = context.model();
    if (!passed_on(site.node, site.scope, model)) return false;
    if (!uses_a_tabled_library(model) || !may_be_method_taking_names(site.node, site.scope, context)) return false;
    context.report(k_rule, Severity::warning, site.node,
                   fmt::format("introspection: `{}` may be a library method that takes attribute names or a format "
                               "string, passed on as a value: the arguments it gets are not where pygate can judge "
                               "them; call it where it is named",
                               site.attribute),
                   k_specificity);
    return true;
}

void on_attribute(const analyzer::AttributeSite& site, analyzer::RuleContext& context) {
    if (site.store) {
        if (std::optional<OptionStore> store = pandas_option_store(site, context.model()))
            if (judge_option_store(*store, site.scope, context)) return;
        if (judge_property_store(site, context)) return;
    }
    // "...".format and "...".format_map of a constant format string, called or copied
    // (`f = "{0.__class__}".format; f(x)`).
    if ((site.attribute == "format" || site.attribute == "format_map") && !site.store) {
        // `collections.UserString(t).format(x)` called at once is the call's to judge (on_call).
        const analyzer::Model& model = context.model();
        Node text = format_text(context, site.object, site.scope);
        Node parent = node_parent(site.node);
        if (!node_eq(text, site.object) && !node_is_null(parent) &&
            node_symbol(parent) == analyzer::PythonSymbols::get().call &&
            node_eq(model.call_function(parent), site.node)) {
            Referents made_by = model.resolve(model.call_function(site.object), site.scope);
            if (std::any_of(made_by.begin(), made_by.end(), [](const Referent& r) {
                    return r.kind == Referent::Kind::name && r.qualified == "collections.UserString";
                }))
                return;
        }
        // A format string that is not constant: its fields (`{0.__class__}`) read attributes it names.
        if (format_values_unknown(site.node, text, site.scope, context) &&
            may_be_string(context, site.object, site.scope))
            context.report(k_rule, Severity::warning, site.node,
                           format_not_constant(fmt::format("str.{}", site.attribute)), k_specificity);
        return;
    }
    if (judge_private_member_of_instance(site, context)) return;
    if (judge_private_member_of_library_subclass(site, context)) return;
    if (judge_method_taken_as_value(site, context)) return;
    if (site.attribute == "obj" && !site.store && exception_object(context, site.object)) {
        context.report(k_rule, Severity::warning, site.node,
                       "introspection: an exception's `obj` is the object an attribute lookup failed on, reached "
                       "as getattr reaches it",
                       k_specificity);
        return;
    }
    std::optional<std::string> why = forbidden(site.attribute, context.profile());
    if (!why) return;
    if (site.attribute == "__class__" && !site.store && reads_only_class_name(context, site.node)) return;
    // super().__init__(...) and other dunder methods on super() are ordinary, except the escapes.
    if (!escape_only(site.attribute) && is_super_call(context, site.object, site.scope)) return;
    context.report(k_rule, Severity::error, site.node, fmt::format("introspection: {}", *why), k_specificity);
}

void on_name(const analyzer::NameSite& site, analyzer::RuleContext& context) {
    if (!site.name.starts_with("__")) return;
    for (std::string_view name : k_escape_names)
        if (site.name == name)
            context.report(k_rule, Severity::error, site.node,
                           fmt::format("introspection: `{}` reaches the interpreter's internals", name), k_specificity);
}

bool in_getattr_family(const Referent& referent);
void check_format_passed(const analyzer::Reference& reference, analyzer::RuleContext& context);
bool check_names_taker_passed(const analyzer::Reference& reference, analyzer::RuleContext& context);
void check_getattr_passed(const analyzer::Reference& reference, analyzer::RuleContext& context);

// site's printers: they print the files their private `_Printer__filenames`
// names, so `license._Printer__filenames = ["/etc/passwd"]` turns `str(license)` into a read.
constexpr std::string_view k_site_printers[] = {"builtins.license", "builtins.copyright", "builtins.credits"};

bool is_site_printer(std::string_view qualified) {
    return std::find(std::begin(k_site_printers), std::end(k_site_printers), qualified) != std::end(k_site_printers);
}

// Modules whose classes keep internals that reach what the rules deny: an
// event loop's `_make_subprocess_transport` runs a shell command as surely as
// subprocess.run, and string.Formatter's `_vformat` reads any attribute a
// format field names. Elsewhere a class's underscored attributes are often its
// public interface (a named tuple's `_fields`, `_replace`) or what a subclass
// of the file builds on.
constexpr std::string_view k_private_classes[] = {"asyncio.", "string."};

// The first private segment (`_create_fn`, not `__init__`) of a module's own
// namespace, and of its classes' for the modules above, if any.
std::optional<std::string_view> private_member(std::string_view qualified) {
    bool classes = std::any_of(std::begin(k_private_classes), std::end(k_private_classes),
                               [&](std::string_view module) { return qualified.starts_with(module); });
    for (std::size_t dot = qualified.find('.'); dot != std::string_view::npos;) {
        std::size_t next = qualified.find('.', dot + 1);
        std::string_view segment = qualified.substr(dot + 1, next == std::string_view::npos ? next : next - dot - 1);
        if (segment.empty() || (!classes && segment.front() >= 'A' && segment.front() <= 'Z')) return std::nullopt;
        bool dunder = segment.size() > 4 && segment.starts_with("__") && segment.ends_with("__");
        if (segment.size() > 1 && segment.front() == '_' && !dunder) return segment;
        dot = next;
    }
    return std::nullopt;
}

// A module keeps its internals under private names, and some of them run
// code: dataclasses._create_fn compiles the body it is given, typing._eval_type
// evaluates strings. Allowing a module allows its public interface.
// site's printers' (k_site_printers) too, read or written.
void check_private_member(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    for (const Referent& referent : reference.referents) {
        std::string_view q = referent.qualified;
        std::size_t second_dot = q.find('.', q.find('.') + 1);  // `builtins.license` of `builtins.license._x`
        bool printer = second_dot != std::string_view::npos && is_site_printer(q.substr(0, second_dot));
        if (referent.kind != Referent::Kind::name || !(referent.via_import || printer)) continue;
        if (reference.store && !printer) continue;
        std::optional<std::string_view> segment = private_member(referent.qualified);
        if (!segment) continue;
        auto owner_length = static_cast<std::size_t>(segment->data() - referent.qualified.data()) - 1;
        std::string_view owner = referent.qualified.substr(0, owner_length);
        context.report(k_rule, Severity::error, reference.node,
                       printer ? fmt::format("introspection: `{}` is private to `{}`, which prints the files its "
                                             "internals name; {}",
                                             *segment, owner, context.how_reached(reference.node, referent))
                               : fmt::format("introspection: `{}` is private to `{}`: modules and their classes keep "
                                             "internals, some of which run code; {}",
                                             *segment, owner, context.how_reached(reference.node, referent)),
                       k_private_specificity, &referent);
        return;
    }
}

// `map(type, values)`, `[type]`, `class Meta(type)`: the classes `type`
// returns are reached through objects, where no call of it shows what it is
// given. Passing it to isinstance or issubclass, or naming it in an
// annotation, reaches nothing.
void check_type_passed(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    if (reference.callee || reference.store) return;
    const Referent* type = nullptr;
    for (const Referent& referent : reference.referents)
        if (referent.kind == Referent::Kind::name && referent.qualified == "builtins.type") type = &referent;
    if (type == nullptr) return;
    const analyzer::Model& model = context.model();
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    Node parent = node_parent(reference.node);
    if (!node_is_null(parent) && node_symbol(parent) == s.type) return;  // an annotation
    if (!node_is_null(reference.argument_of)) {
        for (const Referent& callee : model.resolve(model.call_function(reference.argument_of), reference.scope))
            if (callee.kind == Referent::Kind::name &&
                (callee.qualified == "builtins.isinstance" || callee.qualified == "builtins.issubclass"))
                return;
    }
    context.report(k_rule, Severity::warning, reference.node,
                   fmt::format("introspection: `type` used as a value returns classes reached through objects, "
                               "where no call shows which; {}",
                               context.how_reached(reference.node, *type)),
                   k_specificity, type);
}

// `type(x)(...)`: calling a class reached through an object. The library
// tables say which class it is when they know x's type (`sys.stdin` is an
// io.TextIOWrapper); a class pygate cannot name is a review, and so, until
// the tables say what constructing it does, is one it can.
void judge_class_of_call(const analyzer::CallSite& call, const Referent& callee, analyzer::RuleContext& context) {
    std::string which = "a class pygate cannot name";
    if (!callee.qualified.empty()) {
        analyzer::NameFacts facts = context.libraries().describe(callee.qualified);
        if (facts.status == analyzer::NameFacts::Status::known && facts.entry->kind == analyzer::LibraryKind::data)
            which = fmt::format("`{}`", facts.entry->fields);
        else
            which = fmt::format("the class of `{}`, which pygate's library tables do not say", callee.qualified);
    }
    context.report(k_rule, Severity::warning, call.node,
                   fmt::format("introspection: calls {}, reached through an object (`{}`): a class the program never "
                               "named, whose construction pygate does not judge",
                               which, analyzer::first_line_shortened(context.model().text(call.function), 60)),
                   k_specificity);
}

// --- class patterns: `case K(a, b)` reads the attributes K.__match_args__ names

TSSymbol class_pattern_symbol() {
    static const TSSymbol symbol = analyzer::grammar_symbol("class_pattern", true);
    return symbol;
}

std::span<const TSSymbol> syntax_kinds() {
    static const std::array<TSSymbol, 3> kinds = {class_pattern_symbol(), analyzer::PythonSymbols::get().pair,
                                                  analyzer::PythonSymbols::get().subscript};
    return kinds;
}

// The names a class of this file gives __match_args__: an assignment of
// constant strings in its body, or, under @dataclass, its annotated fields.
// `complete` is false when pygate cannot list them.
struct MatchArgs {
    std::vector<std::string> names;
    bool complete = true;
};

MatchArgs match_args_of(const analyzer::Model& model, analyzer::ScopeId class_scope) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    MatchArgs out;
    Node definition = model.definition(class_scope);
    Node body = node_child_by_field_id(definition, s.field_body);
    Node decorated = node_parent(definition);
    bool dataclass = false;
    if (!node_is_null(decorated) && node_symbol(decorated) == s.decorated_definition)
        for (std::uint32_t i = 0; i < node_named_child_count(decorated); ++i) {
            Node decorator = node_named_child(decorated, i);
            if (node_symbol(decorator) != s.decorator) continue;
            Node expression = node_named_child(decorator, 0);
            if (!node_is_null(expression) && node_symbol(expression) == s.call)
                expression = model.call_function(expression);
            for (const Referent& r :
                 model.resolve(expression, model.enclosing_class(class_scope) >= 0 ? model.enclosing_class(class_scope)
                                                                                   : analyzer::k_module_scope))
                dataclass = dataclass || (r.kind == Referent::Kind::name && r.qualified == "dataclasses.dataclass");
            if (!dataclass) out.complete = false;  // a decorator may give the class anything
        }
    for (std::uint32_t i = 0; !node_is_null(body) && i < node_named_child_count(body); ++i) {
        Node statement = node_named_child(body, i);
        if (node_symbol(statement) != s.expression_statement) continue;
        Node assignment = node_named_child(statement, 0);
        if (node_is_null(assignment) || node_symbol(assignment) != s.assignment) continue;
        Node left = node_child_by_field_id(assignment, s.field_left);
        Node right = node_child_by_field_id(assignment, s.field_right);
        std::string storage;
        if (node_symbol(left) != s.identifier) continue;
        if (model.identifier(left, storage) == "__match_args__") {
            std::vector<std::string> names = model.fold_strings(right, class_scope);
            if (names.empty() && !node_is_null(right)) out.complete = false;
            for (std::string& name : names)
                out.names.push_back(std::move(name));
        } else if (dataclass) {
            for (std::uint32_t k = 0; k < node_named_child_count(assignment); ++k)
                if (node_symbol(node_named_child(assignment, k)) == s.type) {
                    out.names.push_back(model.identifier(left));
                    break;
                }
        }
    }
    return out;
}

// `case K(p, q)`: Python reads the attributes K.__match_args__ names from the
// subject. A class of this file says which; a class the library tables know
// has its library's; any other class (built by a call, reached through an
// object) names attributes pygate cannot see.
void on_syntax(const analyzer::SyntaxSite& site, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    // `{"major_formatter": f}` and `props["major_formatter"] = f`: judge_property_key.
    if (node_symbol(site.node) == s.pair) {
        judge_property_key(site.node, node_child_by_field_id(site.node, s.field_key),
                           node_child_by_field_id(site.node, s.field_value), site.scope, context);
        return;
    }
    if (node_symbol(site.node) == s.subscript) {
        if (std::optional<Node> stored = value_stored_at(site.node))
            judge_property_key(site.node, node_child_by_field_id(site.node, s.field_subscript), *stored, site.scope,
                               context);
        return;
    }
    Node pattern = site.node;
    Node dotted = node_named_child(pattern, 0);
    if (node_is_null(dotted) || node_symbol(dotted) != s.dotted_name) return;
    bool positional = false;
    for (std::uint32_t i = 1; i < node_named_child_count(pattern); ++i) {
        Node child = node_named_child(pattern, i);
        Node inner = node_named_child(child, 0);
        if (node_symbol(child) == s.case_pattern && (node_is_null(inner) || node_symbol(inner) != s.keyword_pattern))
            positional = true;
    }
    if (!positional) return;
    // The class: its first name resolved, then the dotted rest as members.
    Node first = node_named_child(dotted, 0);
    std::string rest;
    for (std::uint32_t i = 1; i < node_named_child_count(dotted); ++i)
        rest += "." + model.identifier(node_named_child(dotted, i));
    std::string shown(model.text(dotted));
    std::optional<std::string> problem;
    Referents classes = model.resolve(first, site.scope);
    if (classes.empty()) problem = "a class pygate cannot trace";
    for (const Referent& cls : classes) {
        if (problem) break;
        if (cls.kind == Referent::Kind::user_class && rest.empty()) {
            MatchArgs args = match_args_of(model, cls.scope);
            for (const std::string& name : args.names)
                if (auto why = forbidden(name, context.profile())) {
                    context.report(k_rule, Severity::error, pattern,
                                   fmt::format("introspection: the class pattern `{}` reads the subject's attribute "
                                               "`{}` (its class's __match_args__): {}",
                                               shown, name, *why),
                                   k_specificity);
                    return;
                }
            if (!args.complete) problem = "a class whose __match_args__ pygate cannot list";
            continue;
        }
        if (cls.kind == Referent::Kind::name && !cls.through_instance) {
            std::string qualified = std::string(cls.qualified) + rest;
            analyzer::NameFacts facts = context.libraries().describe(qualified);
            if (facts.status == analyzer::NameFacts::Status::known &&
                facts.entry->kind == analyzer::LibraryKind::class_)
                continue;
            if (facts.status == analyzer::NameFacts::Status::outside) continue;  // another rule's (PG003)
            problem = fmt::format("`{}`, a class pygate's library tables do not know", qualified);
            continue;
        }
        problem = "a class built or reached where pygate cannot see its __match_args__";
    }
    if (!problem) return;
    context.report(k_rule, Severity::warning, pattern,
                   fmt::format("introspection: the class pattern `{}` reads the attributes its class's "
                               "__match_args__ names from the subject, and its class is {}",
                               shown, *problem),
                   k_specificity);
}

void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    report_matching_reference(reference, context, k_rule, k_introspection);
    check_private_member(reference, context);
    check_type_passed(reference, context);
    // `[getattr]`, `{"get": getattr}`, `yield getattr`: a value the resolver
    // does not follow to its calls (a subscript, a generator) is called unseen.
    if (!reference.callee && !reference.store && node_is_null(reference.argument_of)) {
        for (const Referent& referent : reference.referents) {
            if (!in_getattr_family(referent) || context.model().followed_to_its_calls(reference.node, reference.scope))
                continue;
            context.report(k_rule, Severity::warning, reference.node,
                           fmt::format("introspection: a getattr-family function used as a value is called where "
                                       "pygate cannot see the names it reads; {}",
                                       context.how_reached(reference.node, referent)),
                           k_specificity, &referent);
            return;
        }
    }
    if (!reference.callee && !reference.store) check_format_passed(reference, context);
    if (!reference.callee && !reference.store && check_names_taker_passed(reference, context)) return;
    if (reference.callee || node_is_null(reference.argument_of)) return;
    for (const Referent& referent : reference.referents)
        if (in_getattr_family(referent)) return check_getattr_passed(reference, context);
}

// The unbound format methods: the format string is their first argument.
constexpr std::string_view k_unbound_format[] = {"builtins.str.format", "builtins.str.format_map",
                                                 "collections.UserString.format", "collections.UserString.format_map"};

// `functools.partial(str.format, "{0.__globals__}")`, `map(str.format, templates, values)`:
// an unbound format method passed on or stored is called on format strings no
// call shows. The constant strings the call it is passed to holds are judged
// as format strings; anything else is a warning.
// `map(df.agg, ["eval"], [0], [expr])`, `functools.partial(Text.update, t)`,
// `itertools.starmap(df.apply, ...)`: a library callable that takes names or
// a format string, passed on as a value, gets its arguments where no call
// site shows them. The constants beside it are judged as its names (a
// refused one is a denial); otherwise a review. Bound to a name the
// resolver follows to its calls (`f = df.agg; f(...)`), it is judged there.
bool check_names_taker_passed(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    // A base class (`class P(NamedTuple)`, typing's NamedTuple being a function) is not handed on.
    Node parent = node_parent(reference.node);
    if (!node_is_null(parent) && node_field(parent) == analyzer::PythonSymbols::get().field_superclasses)
        return false;
    for (const Referent& referent : reference.referents) {
        if (referent.kind != Referent::Kind::name) continue;
        analyzer::NameFacts facts = context.libraries().describe(referent.qualified);
        // A class made or subclassed (`class P(NamedTuple)`) is not a method handed on.
        if (facts.status != analyzer::NameFacts::Status::known ||
            facts.entry->kind != analyzer::LibraryKind::function)
            continue;
        // A library callable that runs code it is given (`df.eval`, `df.query`), handed to a call
        // (map, Series.apply, read_csv's converters, np.vectorize): the code comes from where no
        // site shows. eval and exec themselves are PG001's; a decorator is called on the def.
        std::vector<LibraryEffect> effects = library_effects(*facts.entry);
        bool decorator = !node_is_null(parent) && analyzer::node_type(parent) == "decorator";
        bool handed = !node_is_null(reference.argument_of) ||
                      !model.followed_to_its_calls(reference.node, reference.scope);  // `converters={"c": df.eval}`
        bool takes_code = handed && !decorator && !referent.qualified.starts_with("builtins.") &&
                          std::any_of(effects.begin(), effects.end(), [](const LibraryEffect& effect) {
                              return effect.kind == "code" && !effect.parameter.none && !effect.parameter.receiver;
                          });
        if (!takes_code && !takes_names_or_format(*facts.entry)) continue;
        if (node_is_null(reference.argument_of) && model.followed_to_its_calls(reference.node, reference.scope))
            return false;
        // Every argument beside it seen, none a refused name: `map(df.agg, ["mean", "max"])`.
        bool all_seen = !node_is_null(reference.argument_of) && !takes_code;
        if (!node_is_null(reference.argument_of)) {
            Node arguments = model.call_arguments(reference.argument_of);
            for (std::uint32_t i = 0; !node_is_null(arguments) && i < node_named_child_count(arguments); ++i) {
                Node argument = node_named_child(arguments, i);
                if (node_eq(argument, reference.node) || node_symbol(argument) == analyzer::PythonSymbols::get().comment)
                    continue;
                std::vector<std::string> values;
                if (!argument_strings(argument, reference.scope, model, context.libraries(), values)) all_seen = false;
                for (const std::string& value : values)
                    if (auto why = refused_name(value, context, facts.entry->name)) {
                        context.report(k_rule, Severity::error, reference.argument_of,
                                       fmt::format("introspection: `{}`, passed on as a value, is given '{}' as an "
                                                   "attribute or method name: {}",
                                                   referent.qualified, value, *why),
                                       k_specificity, &referent);
                        return true;
                    }
            }
        }
        if (all_seen) return false;
        context.report(k_rule, Severity::warning, reference.node,
                       fmt::format("introspection: `{}` takes {}, and is passed on as a value: the arguments it gets "
                                   "are not where pygate can judge them; call it where it is named",
                                   referent.qualified,
                                   takes_code ? "code to run" : "attribute or method names or a format string"),
                       k_specificity, &referent);
        return true;
    }
    return false;
}

void check_format_passed(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    const Referent* format = nullptr;
    for (const Referent& referent : reference.referents)
        if (referent.kind == Referent::Kind::name && std::find(std::begin(k_unbound_format), std::end(k_unbound_format),
                                                               referent.qualified) != std::end(k_unbound_format))
            format = &referent;
    if (format == nullptr) return;
    if (node_is_null(reference.argument_of) && context.model().followed_to_its_calls(reference.node, reference.scope))
        return;
    if (!node_is_null(reference.argument_of)) {
        Node arguments = context.model().call_arguments(reference.argument_of);
        for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i)
            for (const std::string& value :
                 context.model().fold_strings(node_named_child(arguments, i), reference.scope))
                if (check_format_fields(reference.argument_of, context, value)) return;
    }
    context.report(k_rule, Severity::warning, reference.node,
                   fmt::format("introspection: {} used as a value is called on format strings no call here shows; "
                               "their fields read attributes, as getattr does; {}",
                               format->qualified, context.how_reached(reference.node, *format)),
                   k_specificity, format);
}

bool in_getattr_family(const Referent& referent) {
    return referent.kind == Referent::Kind::name && std::find(std::begin(k_getattr_family), std::end(k_getattr_family),
                                                              referent.qualified) != std::end(k_getattr_family);
}

// `{0.__class__}` and `{x[__globals__]}` in a format string read those attributes.
// Whether it reported one.
bool check_format_fields(Node where, analyzer::RuleContext& context, const std::string& format) {
    for (std::size_t open = format.find('{'); open != std::string::npos; open = format.find('{', open + 1)) {
        if (open + 1 < format.size() && format[open + 1] == '{') {
            ++open;
            continue;
        }
        std::size_t close = format.find_first_of("}!:", open);
        std::string field = format.substr(open + 1, close == std::string::npos ? std::string::npos : close - open - 1);
        for (std::size_t at = field.find_first_of(".["); at != std::string::npos;
             at = field.find_first_of(".[", at + 1)) {
            std::size_t end = field.find_first_of(".[]", at + 1);
            std::string part = field.substr(at + 1, end == std::string::npos ? std::string::npos : end - at - 1);
            if (auto why = forbidden(part, context.profile())) {
                context.report(k_rule, Severity::error, where,
                               fmt::format("introspection through a format string: field `{{{}}}`: {}", field, *why),
                               k_specificity);
                return true;
            }
        }
    }
    return false;
}

bool site_printer(const analyzer::Model& model, Node object, analyzer::ScopeId scope) {
    if (node_is_null(object)) return false;
    Referents referents = model.resolve(object, scope);
    return std::any_of(referents.begin(), referents.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name && is_site_printer(r.qualified);
    });
}

// `getattr(x, dir(x)[0])`: a name picked from dir()'s listing, which starts
// with the dunders, is a dunder lookup spelled without underscores.
bool names_from_dir(const analyzer::Model& model, Node name, analyzer::ScopeId scope) {
    const auto& p = analyzer::PythonSymbols::get();
    bool found = false;
    std::uint32_t budget = 4096;  // an argument expression is small; a huge one is not worth more
    analyzer::walk_preorder(
        name,
        [&](Node node, std::uint32_t) {
            if (found || --budget == 0) return analyzer::WalkStep::skip_children;
            if (node_symbol(node) != p.call) return analyzer::WalkStep::descend;
            for (const Referent& callee : model.resolve(model.call_function(node), scope))
                found = found || (callee.kind == Referent::Kind::name && callee.qualified == "builtins.dir");
            return analyzer::WalkStep::descend;
        },
        [](Node) {});
    return found;
}

// A constant name a getattr-family function is given (`folded`): a
// forbidden attribute, or a site printer's private one, is an error. Whether
// it reported one.
bool judge_attribute_name(const analyzer::CallSite& call, const Referent& callee, const std::string& folded,
                          analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    bool by_operator = callee.qualified.starts_with("operator.");
    // attrgetter takes several names, each a dotted path it follows segment by segment.
    bool attrgetter = callee.qualified == "operator.attrgetter";
    if (!by_operator && folded.starts_with("_") && site_printer(model, model.argument(call.node, 0), call.scope)) {
        context.report(k_rule, Severity::error, call.node,
                       fmt::format("introspection: {}('{}') reaches the internals of a printer of site, "
                                   "which prints the files they name",
                                   callee.qualified, folded),
                       k_specificity, &callee);
        return true;
    }
    std::string_view path = folded;
    for (std::size_t start = 0;;) {
        std::size_t dot = attrgetter ? path.find('.', start) : std::string_view::npos;
        std::string_view attribute =
            path.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        if (auto why = forbidden(attribute, context.profile())) {
            context.report(k_rule, Severity::error, call.node,
                           fmt::format("introspection: {}('{}'): {}", callee.qualified, folded, *why), k_specificity,
                           &callee);
            return true;
        }
        // `getattr(axis, "_set_formatter")`, `setattr(text, "_usetex", True)`: a private member by name.
        if (private_library_member(attribute) && uses_a_tabled_library(model)) {
            context.report(k_rule, Severity::warning, call.node,
                           fmt::format("introspection: {}('{}') reaches the private member `{}` of an object pygate "
                                       "cannot tell from a library's, whose internals skip the checks its public "
                                       "methods and properties get",
                                       callee.qualified, folded, attribute),
                           k_specificity, &callee);
            return true;
        }
        if (dot == std::string_view::npos) return false;
        start = dot + 1;
    }
}

// `g = getattr(ax.xaxis, "update")`: the method `judge_method_taken_as_value`
// judges, reached by name; `getattr(x, NAME)(...)` called at once is the
// call's own (library_calls).
bool judge_method_got_as_value(const analyzer::CallSite& call, const Referent& callee, const std::string& name,
                               analyzer::RuleContext& context) {
    if (callee.qualified != "builtins.getattr") return false;
    const analyzer::Model& model = context.model();
    if (!passed_on(call.node, call.scope, model)) return false;
    if (!uses_a_tabled_library(model) ||
        !may_be_method_taking_names(name, model.argument(call.node, 0), call.node, call.scope, context))
        return false;
    context.report(k_rule, Severity::warning, call.node,
                   fmt::format("introspection: getattr(..., '{}') may be a library method that takes attribute names "
                               "or a format string, passed on as a value: the arguments it gets are not where pygate "
                               "can judge them; call it where it is named",
                               name),
                   k_specificity, &callee);
    return true;
}

// Whether a call unpacks arguments (`f(*a)`, `f(**k)`), which hides what fills the parameters after.
bool has_unpacking(Node call, const analyzer::RuleContext& context) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    Node arguments = context.model().call_arguments(call);
    if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return false;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        TSSymbol kind = node_symbol(node_named_child(arguments, i));
        if (kind == s.list_splat || kind == s.dictionary_splat) return true;
    }
    return false;
}

// A format method looked up by name: `getattr(s, "format")` is `s.format`;
// `methodcaller("format", x)` and `attrgetter("format")` reach the format
// method of what their result is called on, judged where that call is
// written (`methodcaller("format", x)(s)`), and a review when the result
// is called elsewhere, on a string no site shows. Whether it reported.
bool judge_format_method_by_name(const analyzer::CallSite& call, const Referent& callee,
                                 analyzer::RuleContext& context) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    std::string how = fmt::format("str.format called by name through {}", callee.qualified);
    if (callee.qualified == "builtins.getattr")
        return judge_format_by_name(call.node, model.argument(call.node, 0), call.scope, context, how);
    if (callee.qualified != "operator.methodcaller" && callee.qualified != "operator.attrgetter") return false;
    Node parent = node_parent(call.node);
    if (!node_is_null(parent) && node_symbol(parent) == s.call && node_eq(model.call_function(parent), call.node))
        return judge_format_by_name(parent, model.argument(parent, 0), call.scope, context, how);
    context.report(k_rule, Severity::warning, call.node,
                   fmt::format("introspection: {} calls str.format by name on a string no call here shows; its "
                               "fields read attributes, as getattr does",
                               callee.qualified),
                   k_specificity, &callee);
    return true;
}

// --- names and format strings handed to library callables (their table entries' names:P, format:P)

// The library methods a name handed to a library callable may call: the
// callable looks the name up on an object and calls what it finds (pandas'
// agg, apply and transform call `df.eval` for "eval"; matplotlib's set, setp
// and update call `set_NAME`). Called by name, a method escapes the rules that
// judge it called directly.
// A keyword's name (matplotlib's `**kwargs` properties) calls `set_NAME` only.
std::vector<const analyzer::LibraryEntry*> methods_a_name_calls(std::string_view name,
                                                                const analyzer::LibraryKnowledge& libraries,
                                                                bool keyword, bool numpy_fallback = false) {
    std::vector<const analyzer::LibraryEntry*> out;
    std::vector<std::string> candidates = {"set_" + std::string(name)};
    if (!keyword) candidates.emplace_back(name);
    for (const std::string& candidate : candidates)
        for (const analyzer::LibraryEntry* method : libraries.methods_named(candidate)) out.push_back(method);
    // pandas' agg, apply and transform fall back to numpy's function of that
    // name when the object has no such method (`s.agg("load")` is np.load(s)).
    if (numpy_fallback) {
        analyzer::NameFacts numpy = libraries.describe("numpy." + std::string(name));
        if (numpy.status == analyzer::NameFacts::Status::known && numpy.entry != nullptr &&
            numpy.entry->kind == analyzer::LibraryKind::function)
            out.push_back(numpy.entry);
    }
    return out;
}

// Whether an effect is one the rules judge by its arguments' text (a name, a
// format string), which a keyword's value shows, rather than by the call.
bool judged_by_text(std::string_view kind) {
    return kind == "names" || kind == "format" || kind == "class_of";
}

// Whether an effect of a method called by name escapes judgment: running
// code, starting programs or reaching the network whatever its arguments, or
// anything else done with its arguments (which the call by name forwards
// unseen). `keyword`: the arguments are one keyword's value, whose names and
// format strings judge_keyword_value judges. An effect the method has
// whatever it is given (a fixed import, its own cache files) is the
// method's, judged nowhere else either.
// A name or format string a keyword-only parameter takes (seaborn's
// `label(like=...)`) reaches the method only as a keyword the call by name
// is given: matplotlib's set and update hand one value by position, and a
// dispatcher's own keywords are judged where the call shows them.
bool escapes_when_called_by_name(const LibraryEffect& effect, bool keyword) {
    if (effect.kind == "code" || effect.kind == "process" || effect.kind == "network") return true;
    if (effect.parameter.none || effect.parameter.receiver) return false;
    if (judged_by_text(effect.kind) && effect.parameter.position < 0 && !effect.parameter.rest &&
        !effect.parameter.any && !effect.parameter.keyword_values && !effect.parameter.keyword_names)
        return false;
    return !(keyword && judged_by_text(effect.kind));
}

// A method a name may call with an effect that escapes judgment, spelled with
// its effects.
std::optional<std::string> method_with_effects_named(std::string_view name, const analyzer::LibraryKnowledge& libraries,
                                                     bool keyword, bool numpy_fallback) {
    for (const analyzer::LibraryEntry* method : methods_a_name_calls(name, libraries, keyword, numpy_fallback)) {
        std::vector<LibraryEffect> effects = library_effects(*method);
        if (std::any_of(effects.begin(), effects.end(),
                        [&](const LibraryEffect& e) { return escapes_when_called_by_name(e, keyword); }))
            return fmt::format("`{}` ({}) is called by that name, escaping the rules that judge it called directly",
                               method->name, method->fields);
    }
    return std::nullopt;
}

// Why a name handed to a library callable as an attribute name is refused.
// `keyword`: the name is a keyword's, whose value the call shows (judged by
// judge_keyword_value), so only effects its text cannot settle refuse it.
// `callee`: the library callable's canonical name (pandas' fall back to numpy).
std::optional<std::string> refused_name(std::string_view name, const analyzer::RuleContext& context,
                                        std::string_view callee, bool keyword) {
    if (std::optional<std::string> why = forbidden(name, context.profile())) return why;
    // A text's usetex runs latex and dvipng at every draw: PG004 judges its
    // value where a keyword or setter shows it (pg004_matplotlib_programs),
    // not where a name reaches set_usetex.
    if (name == "usetex" || name == "set_usetex")
        return std::string("it names a text's usetex, which makes every draw of the text run latex and dvipng");
    return method_with_effects_named(name, context.libraries(), keyword, !keyword && callee.starts_with("pandas."));
}

// `x.set(major_formatter="{0.__class__}")`: the value of a keyword a library
// callable hands to the method its name calls, judged by that method's
// format and names effects. `given`: who hands the keyword on, for the
// message. Whether it reported.
bool judge_keyword_value(Node where, std::string_view keyword, Node value, analyzer::ScopeId scope,
                         analyzer::RuleContext& context, std::string_view given) {
    const analyzer::Model& model = context.model();
    for (const analyzer::LibraryEntry* method : methods_a_name_calls(keyword, context.libraries(), true)) {
        for (const LibraryEffect& effect : library_effects(*method)) {
            if (effect.kind != "format" && effect.kind != "names") continue;
            std::vector<std::string> values;
            bool complete = !node_is_null(value) && argument_strings(value, scope, model, context.libraries(), values);
            for (const std::string& text : values) {
                if (effect.kind == "format") {
                    if (check_format_fields(where, context, text)) return true;
                } else if (auto why = forbidden(text, context.profile())) {
                    context.report(k_rule, Severity::error, where,
                                   fmt::format("introspection: {} `{}` to `{}`, which uses '{}' as an attribute name: {}",
                                               given, keyword, method->name, text, *why),
                                   k_specificity);
                    return true;
                }
            }
            if (effect.kind == "format" && !complete) {
                context.report(k_rule, Severity::warning, where,
                               fmt::format("introspection: {} `{}` to `{}`, which formats with it, a format string "
                                           "pygate cannot see whose fields read attributes as getattr does",
                                           given, keyword, method->name),
                               k_specificity);
                return true;
            }
        }
    }
    return false;
}

std::string hands_keyword(std::string_view callee) {
    return fmt::format("`{}` hands its keyword", callee);
}

// A property's name travels as a dictionary key and as the program's own
// keyword too (`{"major_formatter": f}`, `props["major_formatter"] = f`,
// `props.setdefault("major_formatter", f)`, `helper(major_formatter=f)`):
// the dictionary or keywords may reach matplotlib's set or update by `**`
// or a parameter pygate does not follow, so wherever such a key is written
// with its value, the value is judged as the property's.
constexpr std::string_view k_property_key = "a key or keyword (which matplotlib's set and update take) hands the property";

bool judge_property_key(Node where, Node key, Node value, analyzer::ScopeId scope, analyzer::RuleContext& context) {
    // Properties set by name are a library's (matplotlib's set_NAME): elsewhere no key is folded.
    if (!uses_a_tabled_library(context.model())) return false;
    std::optional<std::string> name = context.model().fold_string(key, scope);
    return name && judge_keyword_value(where, *name, value, scope, context, k_property_key);
}

// `**{k: v}` or `**d` handed to a library callable that sets the properties
// its keywords name, or to the program's own function (which may hand them
// on): a name the library callable refuses is refused, and a key pygate
// cannot fold is a review (each folded key's value is judged where it is
// written). A parameter's `**kwargs` holds the keywords its callers pass,
// judged where they are written. Whether it reported.
bool judge_splatted_keywords(const analyzer::CallSite& call, analyzer::RuleContext& context, std::string_view callee,
                             bool library) {
    const auto& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    Node arguments = model.call_arguments(call.node);
    if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return false;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        Node argument = node_named_child(arguments, i);
        if (node_symbol(argument) != s.dictionary_splat) continue;
        DictionaryEntries entries = dictionary_entries(node_named_child(argument, 0), call.scope, model);
        // Each folded key's value is judged where it is written (judge_property_key).
        // A key written as a key is judged there (judge_property_key), and
        // usetex by PG004 on its value; a listed key (`dict.fromkeys`, `zip`) here.
        for (const DictionaryEntry& entry : entries.entries) {
            if (!entry.key) continue;
            if (entry.listed &&
                judge_keyword_value(call.node, *entry.key, entry.value, entry.scope, context, hands_keyword(callee)))
                return true;
            if (!library || (*entry.key == "usetex" && !entry.listed)) continue;
            if (auto why = refused_name(*entry.key, context, callee, true)) {
                context.report(k_rule, Severity::error, call.node,
                               fmt::format("introspection: `{}` sets or reads the attribute its keyword `{}` names "
                                           "(from `{}`): {}",
                                           callee, *entry.key, analyzer::first_line_shortened(model.text(argument), 60),
                                           *why),
                               k_specificity);
                return true;
            }
        }
        if (entries.known && !entries.complete) {
            context.report(k_rule, Severity::warning, call.node,
                           fmt::format("introspection: `{}` takes keyword names from `{}`, a dictionary with keys "
                                       "pygate cannot see; {} sets the attribute or property each names",
                                       callee, analyzer::first_line_shortened(model.text(argument), 60),
                                       library ? "it" : "code it hands them to may be a callable that"),
                           k_specificity);
            return true;
        }
    }
    return false;
}

// Whether it reported.
bool unpacked_from(Node identifier, analyzer::ScopeId scope, const analyzer::Model& model,
                   bool (*made_by)(std::string_view), int depth);

// Whether a value whose class pygate cannot name was made from a library
// `made_by` accepts: an item, a slice or a method's result of one of its
// values (`df[["a"]]`, `pd.concat(...)`, `ax.transData`), followed through
// names bound once.
bool derived_from(Node value, analyzer::ScopeId scope, const analyzer::Model& model,
                  bool (*made_by)(std::string_view), int depth = 0) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    if (node_is_null(value) || depth > 8) return false;
    TSSymbol kind = node_symbol(value);
    if (kind == s.parenthesized_expression) return derived_from(node_named_child(value, 0), scope, model, made_by, depth + 1);
    if (analyzer::node_type(value) == "subscript")
        return derived_from(node_child_by_field_id(value, s.field_value), scope, model, made_by, depth + 1);
    if (kind == s.attribute) return derived_from(model.attribute_object(value), scope, model, made_by, depth + 1);
    if (kind == s.call) {
        Node function = model.call_function(value);
        Referents callee = model.resolve(function, scope);
        if (std::any_of(callee.begin(), callee.end(),
                        [&](const Referent& r) { return r.kind == Referent::Kind::name && made_by(r.qualified); }))
            return true;
        return derived_from(function, scope, model, made_by, depth + 1);
    }
    if (kind == s.identifier) {
        Referents referents = model.resolve(value, scope);
        if (std::any_of(referents.begin(), referents.end(), [&](const Referent& r) {
                return (r.kind == Referent::Kind::name || r.kind == Referent::Kind::instance) && made_by(r.qualified);
            }))
            return true;
        if (std::optional<analyzer::Model::BoundValue> bound = model.single_value(value, scope))
            return derived_from(bound->value, bound->scope, model, made_by, depth + 1);
        return unpacked_from(value, scope, model, made_by, depth);
    }
    return false;
}

// `fig, ax = plt.subplots()`: a name bound by unpacking a call's result,
// anywhere in the file, is derived from what the call is. A bounded walk,
// asked only of calls matched by name whose argument pygate cannot see.
bool unpacked_from(Node identifier, analyzer::ScopeId scope, const analyzer::Model& model,
                   bool (*made_by)(std::string_view), int depth) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    std::string name = model.identifier(identifier);
    std::vector<Node> pending{model.definition(0)};
    for (std::size_t visited = 0; !pending.empty() && visited < 20000; ++visited) {
        Node node = pending.back();
        pending.pop_back();
        if (node_symbol(node) == s.assignment) {
            Node left = node_child_by_field_id(node, s.field_left);
            TSSymbol shape = node_symbol(left);
            if (shape == s.pattern_list || shape == s.tuple_pattern || shape == s.list_pattern) {
                for (std::uint32_t i = 0; i < node_named_child_count(left); ++i) {
                    Node target = node_named_child(left, i);
                    if (node_symbol(target) == s.identifier && model.identifier(target) == name)
                        return derived_from(node_child_by_field_id(node, s.field_right), scope, model, made_by,
                                            depth + 1);
                }
            }
        }
        for (std::uint32_t i = node_named_child_count(node); i > 0; --i) pending.push_back(node_named_child(node, i - 1));
    }
    return false;
}

// The libraries other than pandas whose objects have methods named apply or
// transform (matplotlib's transforms, scipy's rotations).
bool other_library_with_apply(std::string_view qualified) {
    // numpy's functions and most of scipy's give a DataFrame back for one
    // (`np.round(df)`, an OptimizeResult holding one): not another library's objects.
    return qualified.starts_with("matplotlib.") || qualified.starts_with("mpl_toolkits.") ||
           qualified.starts_with("scipy.spatial.transform.");
}

// pandas' methods that call the method or function a string names
// (`frame.agg("eval", expr=...)`): matched by name only, a name pygate
// cannot see is a review, as on a DataFrame it can name, for agg and
// aggregate (pandas' own names) on any receiver, and for apply, applymap and
// transform on any receiver not made from another allowed library whose
// objects have them (`ax.transData.transform(points)`). Other methods matched by
// name only (`ax.plot(x, y)`, `text.update(props)`) keep what they cannot
// see unjudged: most of their arguments are data.
bool dispatches_by_name(const CalledLibraryCallable& called, const analyzer::CallSite& call,
                        const analyzer::Model& model) {
    std::string_view name = called.entry->name;
    if (!name.starts_with("pandas.")) return false;
    std::string_view method = name.substr(name.rfind('.') + 1);
    if (method == "agg" || method == "aggregate") return true;
    if (method != "apply" && method != "applymap" && method != "transform") return false;
    return node_symbol(call.function) != analyzer::PythonSymbols::get().attribute ||
           !derived_from(model.attribute_object(call.function), call.scope, model, other_library_with_apply);
}

bool judge_library_names(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    // Judged by the family's own rules; methodcaller's arguments after the
    // name are the method's (`methodcaller("agg", "eval", ...)`), judged here.
    for (const Referent& callee : call.callee)
        if (in_getattr_family(callee) && callee.qualified != "operator.methodcaller") return false;
    for (const CalledLibraryCallable& each : library_calls(call, context)) {
        // methodcaller's own name argument is the family's to judge; the methods it names are judged here.
        if (each.skipped == 0 && each.callee != nullptr && in_getattr_family(*each.callee)) continue;
        const CalledLibraryCallable* called = &each;
        const analyzer::Model& model = context.model();
        for (const LibraryEffect& effect : called->effects) {
            bool names = effect.kind == "names", format = effect.kind == "format";
            if (!names && !format) continue;
            // A string's own format methods are judged where they are read (on_attribute).
            if (format && effect.parameter.receiver &&
                std::any_of(std::begin(k_string_classes), std::end(k_string_classes), [&](std::string_view c) {
                    return called->entry->name.starts_with(c) && called->entry->name.size() > c.size() &&
                           called->entry->name[c.size()] == '.';
                }))
                continue;
            if (names && effect.parameter.keyword_names) {
                for (const std::string& keyword : keyword_argument_names(call, model)) {
                    if (judge_keyword_value(call.node, keyword, model.argument(call.node, UINT32_MAX, keyword),
                                            call.scope, context, hands_keyword(called->callee->qualified)))
                        return true;
                    if (auto why = refused_name(keyword, context, called->entry->name, true)) {
                        context.report(
                            k_rule, Severity::error, call.node,
                            fmt::format("introspection: `{}` sets or reads the attribute its keyword `{}` "
                                        "names ({}): {}",
                                        called->callee->qualified, keyword, effect_source(*called, context), *why),
                            k_specificity, called->callee);
                        return true;
                    }
                }
                if (judge_splatted_keywords(call, context, called->callee->qualified, true)) return true;
                continue;
            }
            bool unpacked = false;
            for (Node argument : effect_arguments(effect.parameter, call, model, &unpacked, called->skipped)) {
                std::vector<std::string> values;
                bool complete = argument_strings(argument, call.scope, model, context.libraries(), values);
                for (const std::string& value : values) {
                    if (format) {
                        if (check_format_fields(call.node, context, value)) return true;
                        continue;
                    }
                    if (auto why = refused_name(value, context, called->entry->name)) {
                        context.report(
                            k_rule, Severity::error, call.node,
                            fmt::format("introspection: `{}` uses '{}' as an attribute name ({}): {}",
                                        called->callee->qualified, value, effect_source(*called, context), *why),
                            k_specificity, called->callee);
                        return true;
                    }
                }
                // A format string pygate cannot see is a review whatever the receiver:
                // its fields read attributes. (`x.format(...)` is judged as str's, on_attribute.)
                bool unseen_format = format && !is_format_method(called->entry->name.substr(
                                                   called->entry->name.rfind('.') + 1));
                if (complete ||
                    (called->by_method_name_only && !unseen_format && !dispatches_by_name(*called, call, model)))
                    continue;
                std::string shown = analyzer::first_line_shortened(model.text(argument), 60);
                context.report(
                    k_rule, Severity::warning, call.node,
                    format
                        ? fmt::format("introspection: `{}` formats with `{}`, a format string pygate cannot see, whose "
                                      "fields read attributes as getattr does ({})",
                                      called->callee->qualified, shown, effect_source(*called, context))
                        : fmt::format("introspection: `{}` uses `{}` as an attribute or method name, and pygate cannot "
                                      "see which ({})",
                                      called->callee->qualified, shown, effect_source(*called, context)),
                    k_specificity, called->callee);
                return true;
            }
            if (unpacked && !called->by_method_name_only) {
                context.report(
                    k_rule, Severity::warning, call.node,
                    fmt::format("introspection: `{}` takes names from unpacked arguments pygate cannot see ({})",
                                called->callee->qualified, effect_source(*called, context)),
                    k_specificity, called->callee);
                return true;
            }
        }
    }
    return false;
}

// Property names written as the program's own keywords and as a setter's
// KEY, VALUE arguments (judge_property_key), and `**` handed to the
// program's own functions (judge_splatted_keywords). Whether it reported.
bool judge_property_keys_of_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    const auto& s = analyzer::PythonSymbols::get();
    const analyzer::Model& model = context.model();
    if (!uses_a_tabled_library(model)) return false;
    Node arguments = model.call_arguments(call.node);
    if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return false;
    std::vector<Node> positional;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        Node argument = node_named_child(arguments, i);
        TSSymbol kind = node_symbol(argument);
        if (kind == s.keyword_argument) {
            std::string name = model.identifier(node_child_by_field_id(argument, s.field_name));
            if (judge_keyword_value(call.node, name, node_child_by_field_id(argument, s.field_value), call.scope,
                                    context, k_property_key))
                return true;
        } else if (kind != s.comment && kind != s.dictionary_splat) {
            positional.push_back(argument);
        }
    }
    for (std::size_t i = 0; i + 1 < positional.size(); ++i)
        if (node_symbol(positional[i]) != s.list_splat && node_symbol(positional[i + 1]) != s.list_splat &&
            judge_property_key(call.node, positional[i], positional[i + 1], call.scope, context))
            return true;
    bool library = !call.callee.empty() && std::all_of(call.callee.begin(), call.callee.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name;
    });
    return !library &&
           judge_splatted_keywords(call, context, analyzer::first_line_shortened(model.text(call.function), 60), false);
}

void on_call(const analyzer::CallSite& call, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    if (judge_library_names(call, context)) return;
    if (judge_property_keys_of_call(call, context)) return;
    for (const OptionStore& store : pandas_option_stores(call, model))
        if (judge_option_store(store, call.scope, context)) return;
    for (Node handed : options_handed_away(call, model)) {
        context.report(k_rule, Severity::warning, handed,
                       fmt::format("introspection: pandas options `{}` handed to code pygate does not follow, which "
                                   "may set any option there (a format string pandas formats values with, the module "
                                   "plotting.backend imports)",
                                   analyzer::first_line_shortened(model.text(handed), 60)),
                       k_specificity);
        return;
    }
    for (const Referent& callee : call.callee) {
        if (callee.kind == Referent::Kind::class_of) return judge_class_of_call(call, callee, context);
        if (in_getattr_family(callee)) {
            bool by_operator = callee.qualified.starts_with("operator.");
            // attrgetter takes several names, each a dotted path it follows segment by segment.
            bool attrgetter = callee.qualified == "operator.attrgetter";
            for (std::uint32_t i = by_operator ? 0 : 1;; ++i) {
                Node name = model.argument(call.node, i);
                if (node_is_null(name)) {
                    // `getattr(*[o, "__class__"])`: the names are behind an unpacking.
                    if (!has_unpacking(call.node, context)) break;
                    context.report(k_rule, Severity::warning, call.node,
                                   fmt::format("introspection: {} with unpacked arguments: names pygate cannot see",
                                               callee.qualified),
                                   k_specificity, &callee);
                    return;
                }
                // Each name it may be given, through the file's helpers too (`def get(o, n): return getattr(o, n)`).
                analyzer::Model::StringValues names = model.possible_strings(name, call.scope);
                for (const std::string& value : names.values) {
                    if (judge_attribute_name(call, callee, value, context)) return;
                    if (judge_method_got_as_value(call, callee, value, context)) return;
                    if (is_format_method(value) && judge_format_method_by_name(call, callee, context)) return;
                }
                if (names.complete) {
                    if (!attrgetter) break;
                    continue;
                }
                if (names_from_dir(model, name, call.scope)) {
                    context.report(k_rule, Severity::error, call.node,
                                   fmt::format("introspection: {} with a name picked from dir(), whose listing starts "
                                               "with the dunders: a dunder lookup spelled without underscores",
                                               callee.qualified),
                                   k_specificity, &callee);
                    return;
                }
                context.report(
                    k_rule, Severity::warning, call.node,
                    fmt::format("introspection: {} with an attribute name that is not constant", callee.qualified),
                    k_specificity, &callee);
                return;
            }
        }
        if (callee.kind == Referent::Kind::name && callee.qualified == "builtins.dir") {
            Node argument = model.argument(call.node, 0);
            bool of_module = node_is_null(argument);
            if (!of_module)
                for (const Referent& r : model.resolve(argument, call.scope))
                    of_module =
                        of_module || (r.kind == Referent::Kind::name && r.via_import && r.qualified == r.import_path);
            if (of_module) {
                context.report(k_rule, Severity::error, call.node, "introspection: dir() lists a module's namespace",
                               k_specificity, &callee);
                return;
            }
        }
        // `Formatter().get_field("0.__globals__", args, kwargs)` reads the attributes a field name names.
        if (callee.kind == Referent::Kind::name && callee.qualified == "string.Formatter.get_field") {
            if (format_values_unknown(call.node, model.argument(call.node, 0, "field_name"), call.scope, context, true))
                context.report(k_rule, Severity::warning, call.node,
                               "introspection: string.Formatter.get_field with a field name that is not constant",
                               k_specificity, &callee);
        }
        // logging.Formatter(fmt, style="{") and logging.basicConfig(format=..., style="{")
        // format every record with str.format: their fields read attributes of what is logged.
        if (callee.kind == Referent::Kind::name &&
            (callee.qualified == "logging.Formatter" || callee.qualified == "logging.basicConfig")) {
            constexpr std::uint32_t k_keyword_only = std::numeric_limits<std::uint32_t>::max();
            bool config = callee.qualified == "logging.basicConfig";
            Node style = model.argument(call.node, config ? k_keyword_only : 2, "style");
            std::optional<std::string> chosen =
                node_is_null(style) ? std::optional<std::string>("%") : model.fold_string(style, call.scope);
            Node format = model.argument(call.node, config ? k_keyword_only : 0, config ? "format" : "fmt");
            if ((!chosen || *chosen == "{") && !node_is_null(format) &&  // absent: logging's own `{message}`
                format_values_unknown(call.node, format, call.scope, context))
                context.report(k_rule, Severity::warning, call.node, format_not_constant(callee.qualified),
                               k_specificity, &callee);
        }
        // Formatter().format(s, x) and str.format("{0.__class__}", x): the
        // format string is the first argument.
        if (callee.kind == Referent::Kind::name &&
            (callee.qualified == "string.Formatter.format" || callee.qualified == "string.Formatter.vformat" ||
             callee.qualified == "builtins.str.format" || callee.qualified == "builtins.str.format_map") &&
            !bound_to_a_string(context, call)) {
            if (format_values_unknown(call.node, model.argument(call.node, 0), call.scope, context))
                context.report(k_rule, Severity::warning, call.node, format_not_constant(callee.qualified),
                               k_specificity, &callee);
        }
    }
}

// getattr passed as a value: functools.reduce(getattr, ['__class__', '__base__'], x).
void check_getattr_passed(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    Node call = reference.argument_of;
    Node arguments = context.model().call_arguments(call);
    std::vector<std::string> names;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i)
        for (std::string& name : context.model().fold_strings(node_named_child(arguments, i), reference.scope))
            names.push_back(std::move(name));
    for (const std::string& name : names) {
        if (auto why = forbidden(name, context.profile())) {
            context.report(
                k_rule, Severity::error, call,
                fmt::format("introspection: a getattr-family function passed with the name '{}': {}", name, *why),
                k_specificity);
            return;
        }
    }
    context.report(k_rule, Severity::warning, call,
                   "introspection: a getattr-family function passed as a value reads names pygate cannot see",
                   k_specificity);
}

constexpr analyzer::RuleHooks k_hooks{.on_reference = on_reference,
                                      .on_call = on_call,
                                      .on_attribute = on_attribute,
                                      .on_name = on_name,
                                      .on_syntax = on_syntax,
                                      .syntax_kinds = syntax_kinds};

}  // namespace

const RuleMetadata k_pg009_introspection_escape{
    .number = k_rule,
    .name = "introspection-escape",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Walking from objects to classes, globals, frames and code: the classic sandbox escapes",
    .catches =
        "Attributes such as __class__, __bases__, __subclasses__, __globals__, __builtins__, __dict__, "
        "__code__ and the frame and code attributes (gi_frame, f_back, f_globals, tb_frame, co_code, ...); "
        "any other dunder attribute not in the profile's dunders.allow; the names __builtins__, __loader__ "
        "and __spec__; globals(), locals(), vars(), dir(); sys._getframe, inspect and gc; getattr, setattr, "
        "delattr, hasattr, attrgetter and methodcaller with such a name after constant folding (a name that "
        "is not constant is a warning, and an error when it is picked from dir()'s listing, which starts with the "
        "dunders); tracers and profilers (sys.settrace, sys.setprofile, threading's, sys.monitoring), which are "
        "handed every frame; those functions passed as values with such names, or stored in a list, "
        "tuple, set or dict literal, an item, an attribute or a class attribute, returned by a method, a decorator or "
        "a function passed on (a defaultdict factory), or anywhere else the resolver does not follow it to its calls "
        "(a warning); such "
        "attributes in the fields of constant str.format / format_map / string.Formatter format strings (and "
        "logging.Formatter's and logging.basicConfig's with style \"{\"), of str wrappers and subclasses "
        "(collections.UserString, a class of the file deriving from str), and of format methods called by name "
        "(getattr(s, \"format\"), operator.methodcaller(\"format\", x)(s); a methodcaller of format called "
        "elsewhere is a warning), of the strings beside an unbound str.format passed on as a value "
        "(functools.partial(str.format, s); a warning otherwise), and a "
        "format string that is not constant (a warning, as a getattr with a name that is not constant: its "
        "fields read attributes). Format strings and attribute names are followed through the file's own "
        "functions: every constant a parameter is given by the file's calls, a function returns or a class "
        "sets on an attribute is judged, and a helper the file only calls by name with constants that read "
        "ordinary attributes is not flagged; an except clause's exception's obj (AttributeError.obj, the object a "
        "lookup "
        "failed on: a warning); private members (`_x`) of library objects and of values pygate cannot type, "
        "by name too (getattr(axis, \"_set_formatter\")), on any value not provably the file's own object (a "
        "name bound once to an instance of the file's class, or self in a method reached only through "
        "instances: an attribute, an item, a call's result, a loop's variable, a name bound twice, self of a "
        "method also called through its class are not), and on the file's own subclasses of a "
        "library class (or of a base pygate cannot name, or a mixin combined with one) unless the class's body "
        "defines it as a method (a warning: the tables list public members only); a format string pygate "
        "cannot see given to a library formatter matched by name (set_major_formatter on an untyped axis: a "
        "warning); a method "
        "that takes attribute names or a format string (Axis.update, set_major_formatter) of a value whose "
        "class pygate cannot name, passed on as a value (functools.partial(ax.xaxis.update), an alias, "
        "getattr(x, \"update\") kept) instead of called where it is named (a warning), and such a library "
        "callable pygate can name handed to map, functools.partial or itertools.starmap (the constants beside it "
        "judged as its names, else a warning), methodcaller's arguments judged as the method's; pandas' agg, aggregate, "
        "apply, applymap and transform on a value whose class pygate cannot name with a name it cannot see (a "
        "warning, as on a DataFrame); sys's private members, last traceback and tracers; private members of modules "
        "(dataclasses._create_fn compiles what it is given, typing._eval_type evaluates strings), though not "
        "the underscored attributes of classes (a named tuple's _fields). Defining dunder methods, "
        "super().__init__(), __name__, __doc__, func.__name__, self.__private and the dunders that are ordinary "
        "methods and values (Base.__init__(self), int.__mul__, d.__getitem__, m.__version__; the table below) "
        "are not flagged.",
    .why =
        "From any object, `().__class__.__base__.__subclasses__()` reaches every class in the interpreter, and "
        "from there functions' __globals__, frames and builtins: every name-based check can be walked around "
        "this way, so the walk itself is refused.",
    .bad_example =
        "for cls in ().__class__.__base__.__subclasses__():\n"
        "    if cls.__name__ == 'Popen':\n"
        "        cls(['id'])\n",
    .good_example =
        "class Point:\n"
        "    def __init__(self, x):\n"
        "        self.x = x\n",
    .instead = "Use the objects' public attributes and methods; read metadata through __name__ and __doc__ only.",
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
