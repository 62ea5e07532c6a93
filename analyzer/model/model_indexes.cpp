// The model's indexes over its own sites, built the first time a query needs
// them and kept in its lookup cache: who calls each of the file's functions
// (and whether one escapes, read as a value), and every read of a name that is
// not the iterable of a `for`.
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
        NameSet functions;  // the names defs bind: only a name site spelled so can reach one
        for (const std::unique_ptr<Scope>& scope : m_scopes)
            if (scope->kind == ScopeKind::function)
                functions.insert(identifier(node_child_by_field_id(scope->node, PythonSymbols::get().field_name)));
        for (const Site& site : m_sites) {
            if (site.kind == SiteKind::call) {
                for (const Referent& r : resolve(call_function(site.node), site.scope))
                    if (r.kind == Referent::Kind::user_function)
                        index[static_cast<std::size_t>(r.scope)].calls.push_back({site.node, site.scope});
            } else if (site.kind == SiteKind::name && !site.store && !site.callee) {
                std::string storage;
                if (functions.find(identifier(site.node, storage)) == functions.end()) continue;
                for (const Referent& r : resolve(site.node, site.scope))
                    if (r.kind == Referent::Kind::user_function)
                        index[static_cast<std::size_t>(r.scope)].escapes = true;
            }
        }
    }
    return index[static_cast<std::size_t>(function)];
}

const std::vector<const Model::Site*>& Model::reads_not_iterated(std::string_view name) const {
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
            if (!iterated) (*index)[identifier(site.node)].push_back(&site);
        }
    }
    static const std::vector<const Site*> k_none;
    auto found = index->find(name);
    return found == index->end() ? k_none : found->second;
}

}  // namespace pygate::analyzer
