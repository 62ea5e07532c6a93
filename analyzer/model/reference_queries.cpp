// Queries on where values lead: whether the resolver follows a value to every
// place it is called (Model::followed_to_its_calls), and whether a class of
// the file derives from a named class (Model::derives_from_named).
#include <algorithm>
#include <vector>

#include "analyzer/model/model.hpp"
#include "analyzer/model/model_internals.hpp"
#include "analyzer/syntax/python_symbols.hpp"

namespace pygate::analyzer {
namespace {

// A def whose returns reach the resolver at each of its calls: a plain
// function (no decorator, not a method) that the file only ever calls by
// name. A decorator, a factory handed to defaultdict or map, a method called
// on an object the resolver cannot trace: their calls show no site.
bool returns_followed(const Scope& function, bool escapes) {
    return function.kind == ScopeKind::function && node_is_null(function.decorated) && function.method_of < 0 &&
           !escapes;
}

}  // namespace

bool Model::followed_to_its_calls(Node value, ScopeId scope) const {
    const PythonSymbols& s = PythonSymbols::get();
    Node node = value;
    Node parent = node_parent(node);
    while (!node_is_null(parent) &&
           (node_symbol(parent) == s.parenthesized_expression || node_symbol(parent) == s.conditional_expression ||
            node_symbol(parent) == s.boolean_operator ||
            (node_symbol(parent) == s.named_expression && node_field(node) == s.field_value))) {
        node = parent;
        parent = node_parent(node);
    }
    if (node_is_null(parent)) return false;
    TSSymbol kind = node_symbol(parent);
    if (kind == s.expression_statement) return true;  // a statement of its own calls nothing
    if (kind == s.default_parameter || kind == s.typed_default_parameter) return node_field(node) == s.field_value;
    if (kind == s.return_statement) {
        if (scope < 0 || static_cast<std::size_t>(scope) >= m_scopes.size()) return false;
        const Scope& function = *m_scopes[static_cast<std::size_t>(scope)];
        return returns_followed(function, function.kind == ScopeKind::function && calls_of(scope).escapes);
    }
    if (kind != s.assignment || node_field(node) != s.field_right) return false;
    // `a = b = value`: every target must be a name. A name is read where its
    // scope says, and each read is a reference of its own; an item, an
    // attribute or a class attribute is read through objects the resolver
    // may not trace, and an unpacked target takes an element no one follows.
    if (scope >= 0 && static_cast<std::size_t>(scope) < m_scopes.size() &&
        m_scopes[static_cast<std::size_t>(scope)]->kind == ScopeKind::class_body)
        return false;
    for (Node assignment = parent; !node_is_null(assignment) && node_symbol(assignment) == s.assignment;) {
        if (node_symbol(node_child_by_field_id(assignment, s.field_left)) != s.identifier) return false;
        Node outer = node_parent(assignment);
        if (node_is_null(outer) || node_symbol(outer) != s.assignment ||
            node_child_by_field_id(outer, s.field_right).id != assignment.id)
            break;
        assignment = outer;
    }
    return true;
}

bool Model::derives_from_named(ScopeId class_scope, bool (*matches)(std::string_view)) const {
    return derives_from_named(class_scope, matches, false);
}

bool Model::derives_from_named(ScopeId class_scope, bool (*matches)(std::string_view), bool unnamed_matches) const {
    const PythonSymbols& s = PythonSymbols::get();
    std::vector<ScopeId> pending{class_scope}, seen;
    while (!pending.empty() && seen.size() < 64) {  // a file's class hierarchy, not an unbounded search
        ScopeId at = pending.back();
        pending.pop_back();
        if (at < 0 || static_cast<std::size_t>(at) >= m_scopes.size() ||
            std::find(seen.begin(), seen.end(), at) != seen.end())
            continue;
        seen.push_back(at);
        const Scope& body = *m_scopes[static_cast<std::size_t>(at)];
        if (body.kind != ScopeKind::class_body) continue;
        Node bases = node_child_by_field_id(body.node, s.field_superclasses);
        for (std::uint32_t i = 0; !node_is_null(bases) && i < node_named_child_count(bases); ++i) {
            Node base = node_named_child(bases, i);
            if (node_symbol(base) == s.keyword_argument || node_symbol(base) == s.comment) continue;
            Referents referents = resolve(base, body.parent);
            // `class Label(type(t))`: a base pygate cannot name may be any class.
            if (unnamed_matches && (referents.empty() || std::any_of(referents.begin(), referents.end(), [](const Referent& r) {
                                        return r.kind == Referent::Kind::class_of;
                                    })))
                return true;
            for (const Referent& r : referents) {
                if (r.kind == Referent::Kind::name && matches(r.qualified)) return true;
                if (r.kind == Referent::Kind::user_class) pending.push_back(r.scope);
            }
        }
    }
    return false;
}

bool Model::part_of_class_deriving_from(ScopeId class_scope, bool (*matches)(std::string_view),
                                        bool unnamed_matches) const {
    if (derives_from_named(class_scope, matches, unnamed_matches)) return true;
    // A mixin: a class of the file whose self is the instance of a class
    // deriving from it and from a named one (`class Label(TexMixin, Text)`).
    const PythonSymbols& s = PythonSymbols::get();
    std::size_t classes = 0;
    for (std::size_t i = 0; i < m_scopes.size() && classes < 256; ++i) {
        const Scope& body = *m_scopes[i];
        if (body.kind != ScopeKind::class_body || static_cast<ScopeId>(i) == class_scope) continue;
        ++classes;
        Node bases = node_child_by_field_id(body.node, s.field_superclasses);
        bool has_it = false;
        for (std::uint32_t b = 0; !node_is_null(bases) && b < node_named_child_count(bases) && !has_it; ++b)
            for (const Referent& r : resolve(node_named_child(bases, b), body.parent))
                has_it = has_it || (r.kind == Referent::Kind::user_class && r.scope == class_scope);
        if (has_it && derives_from_named(static_cast<ScopeId>(i), matches, unnamed_matches)) return true;
    }
    return false;
}

}  // namespace pygate::analyzer
