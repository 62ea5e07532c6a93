// The model's indexes over its own sites, built the first time a query needs
// them and kept in its lookup cache: who calls each of the file's functions
// (and whether one escapes, read as a value), and every read of a name that is
// not the iterable of a `for`.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "analyzer/model/model.hpp"
#include "analyzer/model/model_internals.hpp"
#include "analyzer/syntax/python_symbols.hpp"

namespace pygate::analyzer {

const Model::FunctionCalls& Model::calls_of(ScopeId function) const {
    auto& index = m_lookup_cache->function_calls;
    if (index.empty()) {
        index.resize(m_scopes.size());
        NameIdMap<bool> functions;  // the names defs bind: only a name site spelled so can reach one
        for (const std::unique_ptr<Scope>& scope : m_scopes)
            if (scope->kind == ScopeKind::function)
                functions[name_id(node_child_by_field_id(scope->node, PythonSymbols::get().field_name))] = true;
        for (const Site& site : m_sites) {
            if (site.kind == SiteKind::call) {
                for (const Referent& r : resolve(call_function(site.node), site.scope))
                    if (r.kind == Referent::Kind::user_function)
                        index[static_cast<std::size_t>(r.scope)].calls.push_back({site.node, site.scope});
            } else if (site.kind == SiteKind::name && !site.store && !site.callee) {
                if (!functions.contains(name_id(site.node))) continue;
                for (const Referent& r : resolve(site.node, site.scope))
                    if (r.kind == Referent::Kind::user_function)
                        index[static_cast<std::size_t>(r.scope)].escapes = true;
            }
        }
    }
    return index[static_cast<std::size_t>(function)];
}

bool calls_builtin_zip(const Model& model, Node call, ScopeId scope) {
    const PythonSymbols& s = PythonSymbols::get();
    if (node_symbol(call) != s.call) return false;
    Node arguments = node_child_by_field_id(call, s.field_arguments);
    if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return false;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        TSSymbol kind = node_symbol(node_named_child(arguments, i));
        if (kind == s.list_splat || kind == s.dictionary_splat || kind == s.keyword_argument) return false;
    }
    Referents called = model.resolve(model.call_function(call), scope);
    return !called.empty() && std::all_of(called.begin(), called.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::name && r.qualified == "builtins.zip";
    });
}

Node zipped_iterable(const Model& model, Node targets, Node iterable, std::string_view name, ScopeId scope) {
    const PythonSymbols& s = PythonSymbols::get();
    if (!calls_builtin_zip(model, iterable, scope)) return {};
    Node arguments = node_child_by_field_id(iterable, s.field_arguments);
    std::vector<Node> parts, values;
    for (std::uint32_t i = 0; i < node_named_child_count(targets); ++i)
        if (node_symbol(node_named_child(targets, i)) != s.comment) parts.push_back(node_named_child(targets, i));
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i)
        if (node_symbol(node_named_child(arguments, i)) != s.comment) values.push_back(node_named_child(arguments, i));
    if (parts.size() != values.size()) return {};
    std::string storage;
    for (std::size_t i = 0; i < parts.size(); ++i)
        if (node_symbol(parts[i]) == s.identifier && model.identifier(parts[i], storage) == name) return values[i];
    return {};
}

const std::vector<const Model::Site*>& Model::reads_not_iterated(NameId name) const {
    auto& index = m_lookup_cache->name_reads;
    if (!index) {
        const PythonSymbols& s = PythonSymbols::get();
        index.emplace();
        for (const Site& site : m_sites) {
            if (site.kind != SiteKind::name || site.store) continue;
            Node parent = node_parent(site.node);
            TSSymbol kind = node_symbol(parent);
            bool iterated = (kind == s.for_statement || kind == s.for_in_clause) &&
                            node_child_by_field_id(parent, s.field_right).id == site.node.id;
            if (!iterated && kind == s.argument_list) {  // `for a, b in zip(xs, ys)`: xs and ys are iterated
                Node call = node_parent(parent);
                Node loop = node_parent(call);
                TSSymbol loop_kind = node_symbol(loop);
                iterated = (loop_kind == s.for_statement || loop_kind == s.for_in_clause) &&
                           node_child_by_field_id(loop, s.field_right).id == call.id &&
                           calls_builtin_zip(*this, call, site.scope);
            }
            if (!iterated) (*index)[name_id(site.node)].push_back(&site);
        }
    }
    static const std::vector<const Site*> k_none;
    const std::vector<const Site*>* found = index->find(name);
    return found == nullptr ? k_none : *found;
}

}  // namespace pygate::analyzer
