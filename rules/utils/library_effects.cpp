#include "rules/utils/library_effects.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "analyzer/syntax/python_symbols.hpp"
#include "rules/utils/name_table.hpp"

namespace pygate::rules {

using analyzer::LibraryEntry;
using analyzer::LibraryKind;
using analyzer::NameFacts;
using analyzer::Node;
using analyzer::Referent;

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

std::vector<LibraryEffect> library_effects(const LibraryEntry& entry) {
    std::vector<LibraryEffect> out;
    if (entry.kind != LibraryKind::function && entry.kind != LibraryKind::class_) return out;
    std::string_view fields = entry.fields;
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

std::optional<CalledLibraryCallable> called_library_callable(const analyzer::CallSite& site,
                                                             const analyzer::RuleContext& context) {
    for (const Referent& callee : site.callee) {
        // A member of a value whose type was guessed is judged as the guess's:
        // what it does is known, and judging it can only add findings.
        if (callee.kind != Referent::Kind::name) continue;
        NameFacts facts = context.libraries().describe(callee.qualified);
        if (facts.status != NameFacts::Status::known) continue;
        if (facts.entry->kind != LibraryKind::function && facts.entry->kind != LibraryKind::class_) continue;
        CalledLibraryCallable called{&callee, facts.entry, library_effects(*facts.entry), 0, {}};
        return called;
    }
    return std::nullopt;
}

std::vector<CalledLibraryCallable> library_calls(const analyzer::CallSite& site, const analyzer::RuleContext& context) {
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
    if (by == nullptr || !name) return out;
    for (const LibraryEntry* method : context.libraries().methods_named(*name)) {
        std::vector<LibraryEffect> effects = library_effects(*method);
        if (effects.empty()) continue;
        CalledLibraryCallable called{by, method, std::move(effects), skipped, {}};
        called.via = fmt::format("methods named `{}`, through {}", *name, by->qualified);
        out.push_back(std::move(called));
    }
    return out;
}

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

using analyzer::Referents;

bool argument_strings(Node value, analyzer::ScopeId scope, const analyzer::Model& model, std::vector<std::string>& out,
                      int depth) {
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
            complete = argument_strings(element, scope, model, out, depth + 1) && complete;
        }
        return complete;
    }
    if (kind == s.lambda || kind == s.integer || analyzer::node_type(value) == std::string_view("float") ||
        analyzer::node_type(value) == std::string_view("none") ||
        analyzer::node_type(value) == std::string_view("true") ||
        analyzer::node_type(value) == std::string_view("false"))
        return true;
    analyzer::Model::StringValues strings = model.possible_strings(value, scope);
    if (!strings.values.empty() || strings.complete) {
        for (std::string& name : strings.values)
            out.push_back(std::move(name));
        if (strings.complete) return true;
    }
    if (kind == s.identifier)
        if (std::optional<analyzer::Model::BoundValue> bound = model.single_value(value, scope);
            bound && node_symbol(bound->value) != s.identifier)
            return argument_strings(bound->value, bound->scope, model, out, depth + 1);
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
        if (referent.kind != Referent::Kind::name || referent.through_instance) continue;
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
