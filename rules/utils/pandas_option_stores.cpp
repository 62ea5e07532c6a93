#include "rules/utils/pandas_option_stores.hpp"

#include <algorithm>
#include <cctype>

#include "analyzer/syntax/python_symbols.hpp"
#include "rules/utils/referent_names.hpp"
#include "rules/utils/stored_value.hpp"

namespace pygate::rules {

using analyzer::Node;

namespace {

constexpr std::string_view k_options = "pandas.options";

// `pandas.options.styler.format` -> `styler.format`; nothing for other names.
std::optional<std::string> option_path(const analyzer::Referents& referents) {
    for (const analyzer::Referent& r : referents) {
        if (r.kind != analyzer::Referent::Kind::name) continue;
        if (r.qualified == k_options) return std::string();
        if (r.qualified.starts_with(k_options) && r.qualified.size() > k_options.size() &&
            r.qualified[k_options.size()] == '.')
            return std::string(r.qualified.substr(k_options.size() + 1));
    }
    return std::nullopt;
}

std::string joined(const std::string& prefix, std::string_view name) {
    return prefix.empty() ? std::string(name) : prefix + "." + std::string(name);
}

}  // namespace

std::vector<OptionStore> pandas_option_stores(const analyzer::CallSite& call, const analyzer::Model& model) {
    const auto& p = analyzer::PythonSymbols::get();
    std::vector<OptionStore> stores;
    if (names_any(call.callee, {"builtins.setattr"})) {
        std::optional<std::string> path = option_path(model.resolve(model.argument(call.node, 0), call.scope));
        if (!path) return stores;
        Node name = model.argument(call.node, 1);
        std::optional<std::string> attribute = model.fold_string(name, call.scope);
        stores.push_back({call.node, attribute ? std::optional(joined(*path, *attribute)) : std::nullopt, true,
                          model.argument(call.node, 2)});
        return stores;
    }
    // pandas.set_option and option_context, and the same functions re-exported
    // by pandas' other modules (`pandas.core.apply.option_context`).
    bool setter = std::any_of(call.callee.begin(), call.callee.end(), [](const analyzer::Referent& r) {
        return r.kind == analyzer::Referent::Kind::name && r.qualified.starts_with("pandas.") &&
               (r.qualified.ends_with(".set_option") || r.qualified.ends_with(".option_context"));
    });
    if (!setter) return stores;
    Node arguments = node_child_by_field_id(call.node, p.field_arguments);
    if (node_is_null(arguments) || node_symbol(arguments) != p.argument_list) return stores;
    // KEY, VALUE pairs; a `*` or `**` argument hides the keys and values from
    // there on.
    std::vector<Node> positional;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        Node argument = node_named_child(arguments, i);
        TSSymbol kind = node_symbol(argument);
        if (kind == p.keyword_argument || kind == p.comment) continue;
        if (kind == p.list_splat || kind == p.dictionary_splat) {
            stores.push_back({argument, std::nullopt, false, Node{}});
            break;
        }
        positional.push_back(argument);
    }
    for (std::size_t i = 0; i < positional.size(); i += 2) {
        Node key = positional[i];
        Node value = i + 1 < positional.size() ? positional[i + 1] : Node{};
        stores.push_back({key, model.fold_string(key, call.scope), false, value});
    }
    return stores;
}

std::optional<OptionStore> pandas_option_store(const analyzer::AttributeSite& site, const analyzer::Model& model) {
    if (!site.store) return std::nullopt;
    std::optional<Node> value = value_stored_at(site.node);
    if (!value) return std::nullopt;
    std::optional<std::string> path = option_path(model.resolve(site.object, site.scope));
    if (!path) return std::nullopt;
    return OptionStore{site.node, joined(*path, site.attribute), true, *value};
}

std::vector<Node> options_handed_away(const analyzer::CallSite& call, const analyzer::Model& model) {
    std::vector<Node> out;
    bool followed = !call.callee.empty() && std::all_of(call.callee.begin(), call.callee.end(), [](const analyzer::Referent& r) {
        return r.kind == analyzer::Referent::Kind::name;
    });
    if (followed || !may_hold_objects_of(model, "pandas")) return out;
    const auto& p = analyzer::PythonSymbols::get();
    Node arguments = node_child_by_field_id(call.node, p.field_arguments);
    if (node_is_null(arguments) || node_symbol(arguments) != p.argument_list) return out;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        Node argument = node_named_child(arguments, i);
        if (node_symbol(argument) == p.keyword_argument) argument = node_child_by_field_id(argument, p.field_value);
        else if (node_symbol(argument) == p.list_splat || node_symbol(argument) == p.dictionary_splat)
            argument = node_named_child(argument, 0);
        if (node_is_null(argument)) continue;
        if (option_path(model.resolve(argument, call.scope))) out.push_back(argument);
    }
    return out;
}

bool may_set(const OptionStore& store, std::string_view option) {
    if (!store.key) return true;
    const std::string& key = *store.key;
    if (store.exact) return key == option;
    if (key == option) return true;
    for (char c : key)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.') return true;
    if (key.size() > option.size()) return false;
    auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
    for (std::size_t at = 0; at + key.size() <= option.size(); ++at) {
        bool match = true;
        for (std::size_t j = 0; j < key.size() && match; ++j)
            match = key[j] == '.' || lower(key[j]) == lower(option[at + j]);
        if (match) return true;
    }
    return false;
}

}  // namespace pygate::rules
