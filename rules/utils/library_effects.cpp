#include "rules/utils/library_effects.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>

#include "analyzer/syntax/python_symbols.hpp"
#include "rules/utils/dictionary_entries.hpp"
#include "rules/utils/name_table.hpp"

namespace pygate::rules {

using analyzer::LibraryEntry;
using analyzer::LibraryKind;
using analyzer::NameFacts;
using analyzer::Node;
using analyzer::Referent;
using analyzer::Referents;

namespace {

// `name#N`, `#N`, `#N+`, `**`, `**names`, `self`, `*`, `name`.
EffectParameter parse_parameter(std::string_view spec) {
    EffectParameter out;
    out.none = false;
    if (spec == "*") {
        out.any = true;
    } else if (spec == "**") {
        out.keyword_values = true;
    } else if (spec == "**names") {
        out.keyword_names = true;
    } else if (spec == "self") {
        out.receiver = true;
    } else {
        std::size_t hash = spec.find('#');
        out.name = spec.substr(0, hash);
        if (hash != std::string_view::npos) {
            std::string_view number = spec.substr(hash + 1);
            if (number.ends_with('+')) {
                out.rest = true;
                number.remove_suffix(1);
            }
            int position = -1;
            auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), position);
            if (error == std::errc() && end == number.data() + number.size()) out.position = position;
        }
    }
    return out;
}

bool effect_word(std::string_view token) {
    return !token.starts_with("bases=") && !token.starts_with("metaclass=") && token != "dynamic";
}

}  // namespace

bool of_unnamed_class(const Referents& referents, const analyzer::LibraryKnowledge& libraries) {
    return std::all_of(referents.begin(), referents.end(), [&](const Referent& r) {
        if (r.kind != Referent::Kind::name) return false;
        NameFacts::Status status = libraries.describe(r.qualified).status;
        return status == NameFacts::Status::opaque || status == NameFacts::Status::dynamic;
    });
}

namespace {

// Whether a receiver may be a string (`"{}".format(x)`, `UserString(t).format(x)`,
// `name.format(x)`): a string's methods are judged as str's, never as a
// library class's methods of the same name.
bool may_be_string(Node receiver, analyzer::ScopeId scope, const analyzer::Model& model) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    TSSymbol kind = node_symbol(receiver);
    if (kind == s.string || kind == s.concatenated_string || kind == s.binary_operator) return true;
    analyzer::Model::StringValues strings = model.possible_strings(receiver, scope);
    if (!strings.values.empty()) return true;
    Referents referents = model.resolve(receiver, scope);
    return std::any_of(referents.begin(), referents.end(), [](const Referent& r) {
        return r.qualified == "builtins.str" || r.qualified == "collections.UserString" ||
               r.qualified.starts_with("builtins.str.");
    });
}

// A list, dict, set or tuple the file makes itself (`lines = []`): its
// methods are the builtin type's, whatever library methods share their names.
bool builtin_container(Node receiver, analyzer::ScopeId scope, const analyzer::Model& model) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    if (node_symbol(receiver) == s.identifier)
        if (std::optional<analyzer::Model::BoundValue> bound = model.single_value(receiver, scope)) {
            receiver = bound->value;
            scope = bound->scope;
        }
    TSSymbol kind = node_symbol(receiver);
    if (kind == s.list || kind == s.dictionary || kind == s.set || kind == s.tuple || kind == s.list_comprehension ||
        kind == s.dictionary_comprehension || kind == s.set_comprehension)
        return true;
    if (kind != s.call) return false;
    Referents made_by = model.resolve(model.call_function(receiver), scope);
    return !made_by.empty() && std::all_of(made_by.begin(), made_by.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name &&
               (r.qualified == "builtins.list" || r.qualified == "builtins.dict" || r.qualified == "builtins.set" ||
                r.qualified == "builtins.tuple" || r.qualified == "collections.defaultdict" ||
                r.qualified == "collections.OrderedDict" || r.qualified == "collections.deque");
    });
}

// The effects through which a method takes names or a format string from
// its arguments (not from its receiver, nor from any argument at all).
std::vector<LibraryEffect> names_and_format_effects(const LibraryEntry& entry) {
    std::vector<LibraryEffect> out;
    for (const LibraryEffect& effect : library_effects(entry))
        if ((effect.kind == "names" || effect.kind == "format") && !effect.parameter.none &&
            !effect.parameter.receiver && !effect.parameter.any)
            out.push_back(effect);
    return out;
}

}  // namespace

bool takes_names_or_format(const LibraryEntry& entry) {
    return !names_and_format_effects(entry).empty();
}

bool may_be_method_taking_names(Node attribute, analyzer::ScopeId scope, const analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    return may_be_method_taking_names(model.identifier(model.attribute_name(attribute)),
                                      model.attribute_object(attribute), attribute, scope, context);
}

bool may_be_method_taking_names(std::string_view name, Node receiver, Node method, analyzer::ScopeId scope,
                                const analyzer::RuleContext& context) {
    // Asked first: most method names have no library method taking names.
    // Code to run counts too: `converters={"c": frame.eval}` on a parameter.
    std::span<const LibraryEntry* const> named = context.libraries().methods_named(name);
    if (std::none_of(named.begin(), named.end(), [](const LibraryEntry* entry) {
            if (!names_and_format_effects(*entry).empty()) return true;
            std::vector<LibraryEffect> effects = library_effects(*entry);
            return std::any_of(effects.begin(), effects.end(), [](const LibraryEffect& effect) {
                return effect.kind == "code" && !effect.parameter.none && !effect.parameter.receiver;
            });
        }))
        return false;
    const analyzer::Model& model = context.model();
    return of_unnamed_class(model.resolve(method, scope), context.libraries()) &&
           !may_be_string(receiver, scope, model) && !builtin_container(receiver, scope, model);
}

namespace {

std::vector<LibraryEffect> effects_in(std::string_view fields) {
    std::vector<LibraryEffect> out;
    while (!fields.empty()) {
        std::size_t space = fields.find(' ');
        std::string_view token = fields.substr(0, space);
        fields = space == std::string_view::npos ? std::string_view{} : fields.substr(space + 1);
        if (token.empty() || !effect_word(token)) continue;
        LibraryEffect effect;
        std::size_t colon = token.find(':');
        effect.kind = token.substr(0, colon);
        if (colon != std::string_view::npos) effect.parameter = parse_parameter(token.substr(colon + 1));
        out.push_back(effect);
    }
    return out;
}

}  // namespace

std::vector<LibraryEffect> library_effects(const LibraryEntry& entry) {
    if (entry.kind != LibraryKind::function && entry.kind != LibraryKind::class_) return {};
    return effects_in(entry.fields);
}

std::vector<LibraryEffect> setter_effects(const LibraryEntry& entry) {
    if (entry.kind != LibraryKind::attribute) return {};
    return effects_in(entry.fields);
}

std::optional<CalledLibraryCallable> called_library_callable(const analyzer::CallSite& site,
                                                             const analyzer::RuleContext& context) {
    for (const Referent& callee : site.callee) {
        // A member of a value whose type was guessed is judged as the guess's:
        // what it does is known, and judging it can only add findings.
        if (callee.kind != Referent::Kind::name) continue;
        NameFacts facts = context.libraries().describe(callee.qualified);
        if (facts.status != NameFacts::Status::known) continue;
        if (facts.entry->kind != LibraryKind::function && facts.entry->kind != LibraryKind::class_) continue;
        CalledLibraryCallable called{&callee, facts.entry, library_effects(*facts.entry), 0, {}, false, {}};
        return called;
    }
    return std::nullopt;
}

namespace {

std::vector<CalledLibraryCallable> find_library_calls(const analyzer::CallSite& site,
                                                      const analyzer::RuleContext& context);

}  // namespace

const std::vector<CalledLibraryCallable>& library_calls(const analyzer::CallSite& site,
                                                        const analyzer::RuleContext& context) {
    // The engine hands every rule the same call site in turn: one remembered
    // answer serves them all. Keyed by the analysis and the call's bytes, and
    // by the site itself, which the callees' referents point into.
    struct Memo {
        std::uint64_t analysis = 0;
        std::uint32_t begin = 0, end = 0;
        const analyzer::CallSite* site = nullptr;
        std::vector<CalledLibraryCallable> calls;
    };
    thread_local Memo memo;
    std::uint32_t begin = node_start_byte(site.node), end = node_end_byte(site.node);
    if (memo.analysis != context.analysis_id() || memo.begin != begin || memo.end != end || memo.site != &site) {
        memo.calls = find_library_calls(site, context);
        memo.analysis = context.analysis_id();
        memo.begin = begin;
        memo.end = end;
        memo.site = &site;
        for (CalledLibraryCallable& called : memo.calls)
            if (called.by_method_name_only) called.callee = &called.method;
    }
    return memo.calls;
}

namespace {

std::vector<CalledLibraryCallable> find_library_calls(const analyzer::CallSite& site,
                                                      const analyzer::RuleContext& context) {
    std::vector<CalledLibraryCallable> out;
    if (std::optional<CalledLibraryCallable> direct = called_library_callable(site, context))
        out.push_back(std::move(*direct));
    const analyzer::Model& model = context.model();
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    // The name and how it is reached: methodcaller's first argument, or the
    // constant name of `getattr(x, NAME)` called at once, when the call
    // resolves to nothing else.
    const Referent* by = nullptr;
    std::optional<std::string> name;
    std::uint32_t skipped = 0;
    for (const Referent& callee : site.callee)
        if (callee.kind == Referent::Kind::name && callee.qualified == "operator.methodcaller") {
            by = &callee;
            name = model.fold_string(model.argument(site.node, 0), site.scope);
            skipped = 1;
        }
    Node function = site.function;
    if (by == nullptr && out.empty() && node_symbol(function) == s.call) {
        // `getattr(x, NAME)(...)`: its callee resolves to nothing; speak of getattr.
        static const Referent k_getattr = [] {
            Referent r;
            r.qualified = "builtins.getattr";
            return r;
        }();
        for (const Referent& inner : model.resolve(model.call_function(function), site.scope))
            if (inner.kind == Referent::Kind::name && inner.qualified == "builtins.getattr") {
                by = &k_getattr;
                name = model.fold_string(model.argument(function, 1), site.scope);
            }
    }
    // `x.NAME(...)` on a value of a class pygate cannot name, when some
    // library method NAME takes names or a format string.
    if (by == nullptr && out.empty() && node_symbol(function) == s.attribute &&
        may_be_method_taking_names(function, site.scope, context)) {
        std::string method = model.identifier(model.attribute_name(function));
        for (const LibraryEntry* entry : context.libraries().methods_named(method)) {
            std::vector<LibraryEffect> effects = names_and_format_effects(*entry);
            if (effects.empty()) continue;
            CalledLibraryCallable called{nullptr, entry, std::move(effects), 0, {}, true, {}};
            called.via = fmt::format("methods named `{}`, on a value whose class pygate cannot name", method);
            called.by_method_name_only = true;
            called.method.qualified = entry->name;
            out.push_back(std::move(called));
        }
        return out;  // library_calls points each callee at its method once the vector is in place
    }
    if (by == nullptr || !name) return out;
    for (const LibraryEntry* method : context.libraries().methods_named(*name)) {
        std::vector<LibraryEffect> effects = library_effects(*method);
        if (effects.empty()) continue;
        CalledLibraryCallable called{by, method, std::move(effects), skipped, {}, false, {}};
        called.via = fmt::format("methods named `{}`, through {}", *name, by->qualified);
        out.push_back(std::move(called));
    }
    return out;
}

}  // namespace

std::vector<Node> effect_arguments(const EffectParameter& parameter, const analyzer::CallSite& site,
                                   const analyzer::Model& model, bool* unpacked, std::uint32_t skipped) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    std::vector<Node> out;
    if (parameter.none) return out;
    if (parameter.receiver) {
        if (skipped == 0 && node_symbol(site.function) == s.attribute)
            out.push_back(model.attribute_object(site.function));
        return out;
    }
    Node arguments = model.call_arguments(site.node);
    if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return out;
    std::uint32_t position = 0;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        Node child = node_named_child(arguments, i);
        TSSymbol kind = node_symbol(child);
        if (kind == s.comment) continue;
        if (kind == s.list_splat || kind == s.dictionary_splat) {
            if (unpacked != nullptr) *unpacked = true;
            if (parameter.any) out.push_back(node_named_child(child, 0));
            continue;
        }
        if (kind == s.keyword_argument) {
            Node value = node_child_by_field_id(child, s.field_value);
            std::string storage;
            std::string_view keyword = model.identifier(node_child_by_field_id(child, s.field_name), storage);
            if (parameter.any || parameter.keyword_values || (!parameter.name.empty() && keyword == parameter.name))
                out.push_back(value);
            continue;
        }
        if (position < skipped) {
            ++position;
            continue;
        }
        int at = static_cast<int>(position++ - skipped);
        if (parameter.any ||
            (parameter.position >= 0 && (at == parameter.position || (parameter.rest && at > parameter.position))))
            out.push_back(child);
    }
    return out;
}


namespace {

// Builtins whose result holds the strings of their arguments and no others
// (a container of them, a number, a bool): `list("abc")` holds "abc"'s
// characters, `range(5)` and `len(x)` none.
constexpr std::array<std::string_view, 19> k_keeping_builtins = {
    "builtins.abs",      "builtins.all",    "builtins.any",       "builtins.bool",  "builtins.complex",
    "builtins.dict",     "builtins.enumerate", "builtins.float", "builtins.frozenset", "builtins.int",
    "builtins.len",      "builtins.list",   "builtins.max",       "builtins.min",   "builtins.range",
    "builtins.reversed", "builtins.set",    "builtins.sorted",    "builtins.tuple",
};

// Third-party modules whose functions make new strings out of the ones they
// are given (`numpy.char.add("__cl", "ass__")`): their results may hold any.
constexpr std::array<std::string_view, 4> k_string_makers = {
    "numpy.char.", "numpy.core.defchararray.", "numpy.strings.", "pandas.core.strings.",
};

// Whether a call of `callee` gives back only strings its arguments hold: a
// listed builtin, or a third-party library's callable (a constructor, an
// array or frame function: `np.dtype("O")`, `rng.normal(size=3)`) outside the
// modules that make strings. The standard library's are not (str.join,
// format, chr, bytes.decode make strings), nor anything the tables do not know.
bool keeps_argument_strings(const Referent& callee, const analyzer::LibraryKnowledge& libraries) {
    if (callee.kind != Referent::Kind::name) return false;
    if (std::find(k_keeping_builtins.begin(), k_keeping_builtins.end(), callee.qualified) != k_keeping_builtins.end())
        return true;
    NameFacts facts = libraries.describe(callee.qualified);
    if (facts.status != NameFacts::Status::known || facts.distribution == "cpython") return false;
    if (facts.entry->kind != LibraryKind::function && facts.entry->kind != LibraryKind::class_) return false;
    for (std::string_view maker : k_string_makers)
        if (callee.qualified.starts_with(maker) || facts.entry->name.starts_with(maker)) return false;
    return true;
}

}  // namespace

bool argument_strings(Node value, analyzer::ScopeId scope, const analyzer::Model& model,
                      const analyzer::LibraryKnowledge& libraries, std::vector<std::string>& out, int depth) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    if (node_is_null(value) || depth > 8) return depth <= 8;
    TSSymbol kind = node_symbol(value);
    if (kind == s.list || kind == s.tuple || kind == s.set || kind == s.dictionary || kind == s.pair ||
        kind == s.parenthesized_expression || kind == s.expression_list) {
        bool complete = true;
        for (std::uint32_t i = 0; i < node_named_child_count(value); ++i) {
            Node element = node_named_child(value, i);
            if (node_symbol(element) == s.comment) continue;
            if (node_symbol(element) == s.list_splat || node_symbol(element) == s.dictionary_splat) {
                complete = false;
                continue;
            }
            complete = argument_strings(element, scope, model, libraries, out, depth + 1) && complete;
        }
        return complete;
    }
    if (kind == s.lambda || kind == s.integer || analyzer::node_type(value) == std::string_view("float") ||
        analyzer::node_type(value) == std::string_view("none") ||
        analyzer::node_type(value) == std::string_view("true") ||
        analyzer::node_type(value) == std::string_view("false"))
        return true;
    // `-x`, `~x`, `not x`, `a < b`: a number or a bool, whatever x holds (`-"s"` is a TypeError).
    if (kind == s.unary_operator || analyzer::node_type(value) == std::string_view("not_operator") ||
        analyzer::node_type(value) == std::string_view("comparison_operator"))
        return true;
    analyzer::Model::StringValues strings = model.possible_strings(value, scope);
    if (!strings.values.empty() || strings.complete) {
        for (std::string& name : strings.values)
            out.push_back(std::move(name));
        if (strings.complete) return true;
        strings.values.clear();
    }
    if (kind == s.call) {
        Referents callees = model.resolve(model.call_function(value), scope);
        if (!callees.empty() && std::all_of(callees.begin(), callees.end(), [&](const Referent& callee) {
                return keeps_argument_strings(callee, libraries);
            })) {
            Node arguments = model.call_arguments(value);
            bool complete = true;
            for (std::uint32_t i = 0; !node_is_null(arguments) && i < node_named_child_count(arguments); ++i) {
                Node argument = node_named_child(arguments, i);
                TSSymbol argument_kind = node_symbol(argument);
                if (argument_kind == s.comment) continue;
                if (argument_kind == s.keyword_argument) {
                    // `dict(color="red")` holds its keywords' names as keys.
                    out.emplace_back(model.identifier(node_child_by_field_id(argument, s.field_name)));
                    argument = node_child_by_field_id(argument, s.field_value);
                } else if (argument_kind == s.list_splat || argument_kind == s.dictionary_splat) {
                    complete = false;
                    continue;
                }
                complete = argument_strings(argument, scope, model, libraries, out, depth + 1) && complete;
            }
            if (complete) return true;
        }
    }
    if (kind == s.identifier || kind == s.call) {
        // A dictionary holds what is stored in it later too (`d[k] = v`,
        // `d.update(...)`), and `dict.fromkeys` and `dict(zip(...))` the keys listed.
        DictionaryEntries entries = dictionary_entries(value, scope, model);
        if (entries.known) {
            bool complete = entries.complete;
            for (const DictionaryEntry& entry : entries.entries) {
                if (entry.key) out.push_back(*entry.key);
                if (node_is_null(entry.value)) complete = false;  // `d[k] += v`: a value not shown
                complete = argument_strings(entry.value, entry.scope, model, libraries, out, depth + 1) && complete;
            }
            return complete;
        }
        if (kind == s.identifier)
            if (std::optional<analyzer::Model::BoundValue> bound = model.single_value(value, scope);
                bound && node_symbol(bound->value) != s.identifier)
                return argument_strings(bound->value, bound->scope, model, libraries, out, depth + 1);
    }
    // A function, a class or a library callable is no name.
    Referents referents = model.resolve(value, scope);
    return !referents.empty() && std::all_of(referents.begin(), referents.end(), [](const Referent& r) {
        return r.kind != Referent::Kind::name || !r.qualified.starts_with("builtins.str");
    });
}

std::vector<std::string> keyword_argument_names(const analyzer::CallSite& site, const analyzer::Model& model) {
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    std::vector<std::string> out;
    Node arguments = model.call_arguments(site.node);
    if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return out;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        Node child = node_named_child(arguments, i);
        if (node_symbol(child) == s.keyword_argument)
            out.push_back(model.identifier(node_child_by_field_id(child, s.field_name)));
    }
    return out;
}

bool report_library_effect(const analyzer::Reference& reference, analyzer::RuleContext& context,
                           analyzer::RuleNumber rule, const NameTable& table,
                           std::initializer_list<EffectMeaning> meanings) {
    if (reference.store) return false;
    for (const Referent& referent : reference.referents) {
        if (referent.kind != Referent::Kind::name) continue;
        if (table.match(referent.qualified) != nullptr) continue;
        NameFacts facts = context.libraries().describe(referent.qualified);
        if (facts.status != NameFacts::Status::known) continue;
        for (const LibraryEffect& effect : library_effects(*facts.entry))
            for (const EffectMeaning& meaning : meanings) {
                if (effect.kind != meaning.kind) continue;
                context.report(rule, analyzer::Severity::error, reference.node,
                               fmt::format("{} ({} for {} {}: `{}` {}); {}", meaning.what, "pygate's library table",
                                           facts.distribution, facts.version, facts.entry->name, effect.kind,
                                           context.how_reached(reference.node, referent)),
                               k_library_effect_specificity, &referent);
                return true;
            }
    }
    return false;
}

std::string effect_source(const CalledLibraryCallable& called, const analyzer::RuleContext& context) {
    const analyzer::LibraryTable* table = context.libraries().table_of(called.entry);
    std::string out = table != nullptr ? fmt::format("pygate's table for {} {} says so of `{}`", table->distribution,
                                                     table->version, called.entry->name)
                                       : fmt::format("pygate's library table says so of `{}`", called.entry->name);
    if (!called.via.empty()) out += ", one of the " + called.via;
    return out;
}

}  // namespace pygate::rules
