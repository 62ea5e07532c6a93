#include "rules/utils/dictionary_entries.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "analyzer/syntax/python_symbols.hpp"
#include "rules/utils/stored_value.hpp"

namespace pygate::rules {

using analyzer::Node;
using analyzer::ScopeId;

namespace {

constexpr int k_max_depth = 6;

// dict's methods that neither add nor change an entry.
constexpr std::array<std::string_view, 12> k_reading_methods = {
    "get", "keys", "values", "items", "copy", "pop", "popitem", "clear", "__getitem__", "__contains__", "__len__",
    "__iter__"};

// Library callables that change a dictionary handed to them (or hand it on
// to a callable that may): any other library callable only reads it.
constexpr std::array<std::string_view, 14> k_changing_callables = {
    "builtins.dict.update",  "builtins.dict.__setitem__", "builtins.dict.setdefault", "builtins.dict.__ior__",
    "builtins.dict.__init__", "operator.setitem",          "operator.__setitem__",     "operator.ior",
    "operator.__ior__",      "functools.partial",         "functools.reduce",         "builtins.map",
    "builtins.setattr",      "builtins.vars"};

// Whether a library callable changes a mapping handed to it as argument
// `position`: `collections.abc.MutableMapping.update(d, ...)`,
// `UserDict.__setitem__(d, k, v)`: a mapping's setter called through a class
// (a name in CapWords, or dict's and defaultdict's) changes its first
// argument; `rcParams.update(d)` only reads d.
bool changes_a_mapping(std::string_view qualified, std::uint32_t position) {
    if (std::find(k_changing_callables.begin(), k_changing_callables.end(), qualified) != k_changing_callables.end())
        return true;
    std::size_t dot = qualified.rfind('.');
    if (position != 0 || dot == std::string_view::npos) return false;
    std::string_view last = qualified.substr(dot + 1), owner = qualified.substr(0, dot);
    std::string_view owner_name = owner.substr(owner.rfind('.') + 1);
    bool through_a_class = (!owner_name.empty() && owner_name[0] >= 'A' && owner_name[0] <= 'Z') ||
                           owner == "builtins.dict" || owner == "collections.defaultdict";
    return through_a_class && (last == "update" || last == "setdefault" || last == "__setitem__" ||
                               last == "__ior__" || last == "__init__");
}

class EntryCollector {
public:
    EntryCollector(const analyzer::Model& model, Node judged, VouchedMapping vouched)
        : m_model(model), s(analyzer::PythonSymbols::get()), m_judged(judged), m_vouched(vouched) {}

    DictionaryEntries collect(Node expression, ScopeId scope) {
        m_out.known = add(expression, scope, 0);
        if (!m_out.known) m_out.complete = false;
        return std::move(m_out);
    }

private:
    const analyzer::Model& m_model;
    const analyzer::PythonSymbols& s;
    Node m_judged;
    VouchedMapping m_vouched;
    DictionaryEntries m_out;

    void entry(Node key, Node value, ScopeId scope, bool listed = false) {
        std::optional<std::string> folded = m_model.fold_string(key, scope);
        if (!folded) m_out.complete = false;
        m_out.entries.push_back({std::move(folded), value, scope, listed});
    }

    void keyword_entries(Node call, ScopeId scope, int depth) {
        Node arguments = m_model.call_arguments(call);
        if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) {
            m_out.complete = false;
            return;
        }
        std::uint32_t position = 0;
        for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
            Node argument = node_named_child(arguments, i);
            TSSymbol kind = node_symbol(argument);
            if (kind == s.comment) continue;
            if (kind == s.keyword_argument) {
                m_out.entries.push_back({m_model.identifier(node_child_by_field_id(argument, s.field_name)),
                                         node_child_by_field_id(argument, s.field_value), scope});
            } else if (kind == s.dictionary_splat) {
                if (!add(node_named_child(argument, 0), scope, depth + 1)) m_out.complete = false;
            } else if (kind == s.list_splat || position++ != 0 ||
                       !add(argument, scope, depth + 1)) {
                m_out.complete = false;  // `dict(pairs)`, `dict(*a)`: keys pygate does not read
            }
        }
    }

    bool calls(Node call, ScopeId scope, std::string_view qualified) const {
        analyzer::Referents callee = m_model.resolve(m_model.call_function(call), scope);
        return callee.size() == 1 && callee[0].kind == analyzer::Referent::Kind::name &&
               callee[0].qualified == qualified;
    }

    // The elements of a list or tuple display; nothing for anything else.
    std::optional<std::vector<Node>> elements(Node display) const {
        if (node_symbol(display) != s.list && node_symbol(display) != s.tuple) return std::nullopt;
        std::vector<Node> out;
        for (std::uint32_t i = 0; i < node_named_child_count(display); ++i) {
            Node element = node_named_child(display, i);
            if (node_symbol(element) == s.comment) continue;
            if (node_symbol(element) == s.list_splat) return std::nullopt;
            out.push_back(element);
        }
        return out;
    }

    // `dict.fromkeys([k, ...], v)`, `zip([k, ...], [v, ...])`: their keys
    // when the lists are displays. Whether `call` is one of them.
    bool add_listed_keys(Node call, ScopeId scope) {
        bool fromkeys = calls(call, scope, "builtins.dict.fromkeys");
        if (!fromkeys && !calls(call, scope, "builtins.zip")) return false;
        std::optional<std::vector<Node>> keys = elements(m_model.argument(call, 0));
        std::optional<std::vector<Node>> values =
            fromkeys ? std::optional<std::vector<Node>>() : elements(m_model.argument(call, 1));
        if (!keys || (!fromkeys && (!values || values->size() != keys->size()))) {
            m_out.complete = false;
            return true;
        }
        for (std::size_t i = 0; i < keys->size(); ++i)
            entry((*keys)[i], fromkeys ? m_model.argument(call, 1) : (*values)[i], scope, true);
        return true;
    }

    // `m.copy()`, `copy.copy(m)`, `copy.deepcopy(m)`: the mapping copied.
    Node copied(Node call, ScopeId scope) const {
        Node function = m_model.call_function(call);
        std::string storage;
        if (node_symbol(function) == s.attribute && m_model.identifier(m_model.attribute_name(function), storage) == "copy")
            return node_child_by_field_id(function, s.field_object);
        if (calls(call, scope, "copy.copy") || calls(call, scope, "copy.deepcopy")) return m_model.argument(call, 0);
        return {};
    }

    // Whether `expression` is a dictionary it reads.
    bool add(Node expression, ScopeId scope, int depth) {
        if (node_is_null(expression) || depth > k_max_depth) return false;
        if (m_vouched != nullptr && m_vouched(expression, scope, m_model)) return true;
        TSSymbol kind = node_symbol(expression);
        if (kind == s.parenthesized_expression) return add(node_named_child(expression, 0), scope, depth + 1);
        if (kind == s.dictionary) {
            for (std::uint32_t i = 0; i < node_named_child_count(expression); ++i) {
                Node element = node_named_child(expression, i);
                if (node_symbol(element) == s.pair)
                    entry(node_child_by_field_id(element, s.field_key), node_child_by_field_id(element, s.field_value),
                          scope);
                else if (node_symbol(element) == s.dictionary_splat &&
                         !add(node_named_child(element, 0), scope, depth + 1))
                    m_out.complete = false;
            }
            return true;
        }
        if (kind == s.call && calls(expression, scope, "builtins.dict")) {
            keyword_entries(expression, scope, depth);
            return true;
        }
        if (kind == s.call && add_listed_keys(expression, scope)) return true;
        if (kind == s.call && m_vouched != nullptr)
            if (Node source = copied(expression, scope); !node_is_null(source) && m_vouched(source, scope, m_model))
                return true;
        if (kind != s.identifier) return false;
        std::optional<analyzer::Model::BoundValue> bound = m_model.single_value(expression, scope);
        if (!bound || node_symbol(bound->value) == s.identifier || !add(bound->value, bound->scope, depth + 1))
            return false;
        for (const analyzer::Model::Site* read : m_model.reads_of_name(expression))
            if (read->node.id != m_judged.id && read->node.id != expression.id) add_changes(read->node, read->scope, depth);
        return true;
    }

    // What one read of the dictionary's name may add to it.
    void add_changes(Node read, ScopeId scope, int depth) {
        Node parent = node_parent(read);
        TSSymbol kind = node_symbol(parent);
        bool is_object = !node_is_null(parent) && node_child_by_field_id(parent, s.field_value).id == read.id;
        if (kind == s.subscript && is_object) {
            std::optional<Node> stored = value_stored_at(parent);
            if (stored) entry(node_child_by_field_id(parent, s.field_subscript), *stored, scope);
            return;  // a load, or del
        }
        if (kind == s.attribute && node_child_by_field_id(parent, s.field_object).id == read.id) {
            std::string storage;
            std::string_view method = m_model.identifier(m_model.attribute_name(parent), storage);
            Node call = node_parent(parent);
            bool called = node_symbol(call) == s.call && m_model.call_function(call).id == parent.id;
            if (std::find(k_reading_methods.begin(), k_reading_methods.end(), method) != k_reading_methods.end())
                return;
            if (called && (method == "update" || method == "__ior__")) return keyword_entries(call, scope, depth);
            if (called && (method == "setdefault" || method == "__setitem__")) {
                Node key = m_model.argument(call, 0);
                if (node_is_null(key)) return;
                return entry(key, m_model.argument(call, 1), scope);
            }
            m_out.complete = false;
            return;
        }
        if (kind == s.dictionary_splat || kind == s.list_splat || kind == s.interpolation ||
            analyzer::node_type(parent) == std::string_view("comparison_operator") ||
            (kind == s.for_statement && node_child_by_field_id(parent, s.field_right).id == read.id))
            return;
        // Handed to a library callable that does not change it (`rc_context(params)`).
        Node arguments = kind == s.keyword_argument ? node_parent(parent) : parent;
        if (node_symbol(arguments) == s.argument_list) {
            std::uint32_t position = kind == s.keyword_argument ? UINT32_MAX : 0;
            for (std::uint32_t i = 0; kind != s.keyword_argument && i < node_named_child_count(arguments); ++i) {
                if (node_named_child(arguments, i).id == read.id) break;
                if (node_symbol(node_named_child(arguments, i)) != s.comment) ++position;
            }
            analyzer::Referents callee = m_model.resolve(m_model.call_function(node_parent(arguments)), scope);
            if (!callee.empty() && std::all_of(callee.begin(), callee.end(), [&](const analyzer::Referent& r) {
                    return r.kind == analyzer::Referent::Kind::name && !changes_a_mapping(r.qualified, position);
                }))
                return;
        }
        m_out.complete = false;  // handed on, aliased, returned: changed where pygate does not look
    }
};

}  // namespace

DictionaryEntries dictionary_entries(Node expression, ScopeId scope, const analyzer::Model& model, Node judged,
                                     VouchedMapping vouched) {
    return EntryCollector(model, node_is_null(judged) ? expression : judged, vouched).collect(expression, scope);
}

}  // namespace pygate::rules
