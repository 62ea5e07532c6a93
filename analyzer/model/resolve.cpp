// Queries on the model: what an expression refers to (the constants it
// folds, fold.cpp). Both follow bindings lazily, with a depth limit and a
// step budget (budgets.hpp) so that no file can make them slow (`a = b; b = a`,
// long copy chains).
#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "analyzer/model/budgets.hpp"
#include "analyzer/model/constant_folder.hpp"
#include "analyzer/model/model.hpp"
#include "analyzer/model/model_internals.hpp"
#include "analyzer/model/module_reexports.hpp"
#include "analyzer/model/python_builtins.hpp"
#include "analyzer/model/qualified_name_pattern.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/sole_expression.hpp"
#include "analyzer/text/integer_literal.hpp"
#include "analyzer/text/string_literal.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::analyzer {
namespace {

Node field(Node node, TSFieldId id) {
    return node_child_by_field_id(node, id);
}

// A union: a referent already there (same kind, name and scope) is not added
// again, so values bound along many paths do not multiply.
void append(Referents& into, Referents&& more) {
    for (Referent& referent : more) {
        bool known = std::any_of(into.begin(), into.end(), [&](const Referent& r) {
            return r.kind == referent.kind && r.scope == referent.scope && r.qualified == referent.qualified;
        });
        if (!known) into.push_back(std::move(referent));
    }
}

// The functions whose call evaluates to a name: getattr(os, 'system') is
// os.system, __import__('os') is os. Resolution and the engine (which asks
// for a call's value only when it can be a name) read this one list.
constexpr std::string_view k_getattr = "builtins.getattr";
constexpr std::string_view k_builtins = "builtins";
constexpr std::string_view k_import_functions[] = {"builtins.__import__", "importlib.import_module",
                                                   "importlib.__import__"};

bool is_import_function(std::string_view name) {
    return std::find(std::begin(k_import_functions), std::end(k_import_functions), name) !=
           std::end(k_import_functions);
}

// Call factories whose result has a known type, so its methods resolve. A
// callee whose last segment is capitalised (a class) makes an instance of itself.
struct Factory {
    std::string_view callee;
    std::string_view type;
};
constexpr Factory k_factories[] = {
    {"asyncio.get_event_loop", "asyncio.AbstractEventLoop"},
    {"asyncio.get_running_loop", "asyncio.AbstractEventLoop"},
    {"asyncio.new_event_loop", "asyncio.AbstractEventLoop"},
    {"asyncio.get_event_loop_policy", "asyncio.AbstractEventLoopPolicy"},
    {"asyncio.*EventLoopPolicy.new_event_loop", "asyncio.AbstractEventLoop"},
    {"asyncio.*EventLoopPolicy.get_event_loop", "asyncio.AbstractEventLoop"},
    {"asyncio.Runner.get_loop", "asyncio.AbstractEventLoop"},
    {"urllib.request.build_opener", "urllib.request.OpenerDirector"},
    {"asyncio.*.get_loop", "asyncio.AbstractEventLoop"},  // a task's, a future's, a server's, a runner's
    {"socket.socket", "socket.socket"},
    {"socket.create_connection", "socket.socket"},
    {"socket.create_server", "socket.socket"},
    {"socket.fromfd", "socket.socket"},
    {"builtins.open", "io.IOBase"},
    {"tarfile.open", "tarfile.TarFile"},
    {"logging.getLogger", "logging.Logger"},
    {"io.open", "io.IOBase"},
    {"codecs.open", "io.IOBase"},
    {"pandas.read_csv", "pandas.DataFrame"},
    {"pandas.read_json", "pandas.DataFrame"},
    {"pandas.read_excel", "pandas.DataFrame"},
    {"pandas.read_parquet", "pandas.DataFrame"},
    {"pandas.read_table", "pandas.DataFrame"},
};

// pathlib methods whose result is a path of the same class.
constexpr std::string_view k_path_returning[] = {"home",      "cwd",         "joinpath",  "resolve",
                                                 "absolute",  "expanduser",  "with_name", "with_suffix",
                                                 "with_stem", "relative_to", "readlink"};

}  // namespace

class Resolver {
public:
    // A question of its own, or a part of `budget`'s (the folder's callees).
    explicit Resolver(const Model& model, StepBudget* budget = nullptr)
        : m_model(model),
          s(PythonSymbols::get()),
          m_budget(budget != nullptr ? *budget : m_own_budget),
          m_exhausted(m_budget.exhausted) {}

    Referents resolve(Node expr, ScopeId scope, int depth) {
        if (node_is_null(expr) || !spend(depth)) return {};
        TSSymbol kind = node_symbol(expr);
        if (kind == s.parenthesized_expression || kind == s.type || kind == s.await) {
            Node inner = sole_expression(expr);
            return node_is_null(inner) ? Referents{} : resolve(inner, scope, depth + 1);
        }
        if (kind == s.identifier) {
            NameId name = m_model.name_id(expr);
            if (name != k_no_name) return lookup(name, m_model.name_text(name), scope, expr, depth + 1);
            std::string storage;
            return lookup(name, m_model.identifier(expr, storage), scope, expr, depth + 1);
        }
        if (kind == s.attribute) {
            std::string storage;
            std::string_view attribute = m_model.identifier(m_model.attribute_name(expr), storage);
            Referents out;
            for (Referent& base : resolve(m_model.attribute_object(expr), scope, depth + 1))
                append(out, member(std::move(base), attribute, depth + 1));
            return out;
        }
        if (kind == s.call) {
            Referents out;
            for (Referent& callee : resolve(m_model.call_function(expr), scope, depth + 1))
                append(out, call_result(std::move(callee), expr, scope, depth + 1));
            return out;
        }
        if (kind == s.subscript) {
            Node key = field(expr, s.field_subscript);
            Referents out;
            // `[getattr][0]`, `fs = (eval,); fs[0]`, `{"g": getattr}["g"]`: the
            // element a constant key picks from a literal held by one binding.
            ScopeId element_scope = scope;
            Node element = literal_element(m_model.subscript_value(expr), key, scope, element_scope, depth + 1);
            if (!node_is_null(element)) append(out, resolve(element, element_scope, depth + 1));
            for (Referent& base : resolve(m_model.subscript_value(expr), scope, depth + 1))
                append(out, subscript(std::move(base), key, scope, depth + 1));
            return out;
        }
        if (kind == s.conditional_expression && node_named_child_count(expr) == 3) {
            Referents out = resolve(node_named_child(expr, 0), scope, depth + 1);
            append(out, resolve(node_named_child(expr, 2), scope, depth + 1));
            return out;
        }
        if (kind == s.boolean_operator) {
            Referents out = resolve(field(expr, s.field_left), scope, depth + 1);
            append(out, resolve(field(expr, s.field_right), scope, depth + 1));
            return out;
        }
        if (kind == s.named_expression) return resolve(field(expr, s.field_value), scope, depth + 1);
        if (kind == s.binary_operator && node_symbol(field(expr, s.field_operator)) == s.slash_token) {
            // `Path('a') / 'b'` is a path again.
            Referents out;
            for (Referent& left : resolve(field(expr, s.field_left), scope, depth + 1))
                if (left.kind == Referent::Kind::instance && left.qualified.starts_with("pathlib."))
                    out.push_back(std::move(left));
            return out;
        }
        if (kind == s.lambda) {
            auto it = m_model.m_scope_of_node.find(expr.id);
            if (it == m_model.m_scope_of_node.end()) return {};
            Referent function;
            function.kind = Referent::Kind::user_function;
            function.scope = it->second;
            return {function};
        }
        return {};
    }

    // --- names

    // Python's lookup: the scope itself (class bodies only for their own code),
    // enclosing functions, the module, star imports, then builtins.
    // Not cached by name: each binding caches what it refers to, so a second
    // lookup costs the search of the scopes, less than a cache entry's upkeep.
    // `id` is the name's (k_no_name when nothing in the file is so named), `name` its text.
    Referents lookup(NameId id, std::string_view name, ScopeId scope, Node use, int depth) {
        if (auto [bindings, at] = find_name(id, scope); bindings != nullptr) {
            const Scope& found_in = scope_at(at);
            Referents out = resolve_bindings(*bindings, depth);
            if (found_in.method_of >= 0 && found_in.self_name == id) {  // `self` in a method
                Referent instance;
                instance.kind = Referent::Kind::user_instance;
                instance.scope = found_in.method_of;
                out.push_back(std::move(instance));
            }
            // Module and class code runs top to bottom: before any binding, the builtin is still seen.
            if ((found_in.kind == ScopeKind::module || found_in.kind == ScopeKind::class_body) && at == scope &&
                !node_is_null(use) && before_all(use, *bindings))
                append(out, builtin(id, name));
            return out;
        }
        // A builtin name stays the builtin after a star import: modules rarely
        // shadow builtins, and flagging every `print` after `from x import *`
        // would bury the findings that matter.
        if (Referents builtins = builtin(id, name); !builtins.empty()) return builtins;
        Referents out;
        for (const StarImport& star : scope_at(k_module_scope).star_imports) {
            Referent member;
            member.qualified = joined(star.module, name);
            member.via_import = true;
            member.import_path = m_model.intern(star.module);
            member.chain = m_model.add_step(0, star.statement);
            member.via_star_import = true;
            out.push_back(std::move(member));
        }
        return out;
    }

    bool before_all(Node use, const std::vector<Binding>& bindings) const {
        std::uint32_t at = node_start_byte(use);
        return std::all_of(bindings.begin(), bindings.end(),
                           [&](const Binding& b) { return node_start_byte(b.statement) > at; });
    }

    Referents builtin(NameId id, std::string_view name) {
        std::string_view qualified = builtin_name(id, name);
        if (qualified.empty()) return {};
        Referent referent;
        referent.qualified = qualified;
        return {referent};
    }

    // `builtins.print` for `print`, empty for a name that is no builtin;
    // found once per name of the file (most reads of builtins ask again).
    std::string_view builtin_name(NameId id, std::string_view name) {
        if (id == k_no_name) return builtin_name_of(name);
        auto& known = m_model.m_lookup_cache->builtin_names;
        if (known.size() <= id) known.resize(std::max<std::size_t>(id + 1, m_model.m_names.size()));
        if (!known[id]) known[id] = builtin_name_of(name);
        return *known[id];
    }
    std::string_view builtin_name_of(std::string_view name) {
        if (name == "__builtins__") return k_builtins;
        return is_builtin_name(name) ? builtin_member(name) : std::string_view{};
    }

    // The union of a name's (or an attribute's) bindings. A list whose union is
    // already being built (`x = x + 1` repeated, `self.node = self.node.next`)
    // is a cycle, like a single binding: it adds nothing new.
    Referents resolve_bindings(const std::vector<Binding>& bindings, int depth) {
        const void* list = &bindings;
        auto& unions = m_model.m_lookup_cache->binding_unions;
        if (auto cached = unions.find(list); cached != unions.end()) return cached->second;
        auto in_progress = std::find(m_in_progress.begin(), m_in_progress.end(), list);
        if (in_progress != m_in_progress.end()) {
            m_cycle_floor = std::min(m_cycle_floor, static_cast<std::size_t>(in_progress - m_in_progress.begin()));
            return {};
        }
        const std::size_t position = m_in_progress.size();
        m_in_progress.push_back(list);
        Referents out;
        for (const Binding& binding : bindings)
            append(out, resolve_binding(binding, depth + 1));
        m_in_progress.pop_back();
        // Complete (no cycle reached a list or binding above this one) and not
        // cut short by the budget: the same union whoever asks next.
        if (m_cycle_floor >= position) {
            m_cycle_floor = k_no_cycle;
            if (!m_exhausted) unions.emplace(list, out);
        }
        return out;
    }

    Referents resolve_binding(const Binding& binding, int depth) {
        if (binding.cached != 0) return m_model.m_binding_cache[binding.cached - 1];
        // A binding already being resolved contributes nothing new to a
        // flow-insensitive union; what it cut short must not be cached.
        auto in_progress = std::find(m_in_progress.begin(), m_in_progress.end(), &binding);
        if (in_progress != m_in_progress.end()) {
            m_cycle_floor = std::min(m_cycle_floor, static_cast<std::size_t>(in_progress - m_in_progress.begin()));
            return {};
        }
        std::size_t position = m_in_progress.size();
        m_in_progress.push_back(&binding);
        Referents out = resolve_binding_uncached(binding, depth);
        m_in_progress.pop_back();
        if (m_cycle_floor >= position) {  // complete: no cycle reached above this binding
            m_cycle_floor = k_no_cycle;
            if (!m_exhausted) {
                m_model.m_binding_cache.push_back(out);
                binding.cached = static_cast<std::uint32_t>(m_model.m_binding_cache.size());
            }
        }
        return out;
    }

    Referents resolve_binding_uncached(const Binding& binding, int depth) {
        switch (binding.kind) {
            case Binding::Kind::import: {
                Referent referent;
                referent.qualified = canonical(binding.qualified);
                referent.via_import = true;
                referent.import_path = m_model.intern(binding.import_path);
                referent.chain = m_model.add_step(0, binding.statement);
                return {referent};
            }
            case Binding::Kind::definition: {
                Referent referent;
                referent.kind = m_model.scope_kind(binding.defines) == ScopeKind::class_body
                                    ? Referent::Kind::user_class
                                    : Referent::Kind::user_function;
                referent.scope = binding.defines;
                return {referent};
            }
            case Binding::Kind::value:
            case Binding::Kind::parameter: {
                if (node_is_null(binding.value)) return {};
                Referents out = resolve(binding.value, binding.value_scope, depth + 1);
                for (Referent& referent : out)
                    add_step(referent, binding.statement);
                return out;
            }
        }
        return {};
    }

    // --- attributes, calls, subscripts

    Referents member(Referent base, std::string_view attribute, int depth) {
        switch (base.kind) {
            case Referent::Kind::name:
            case Referent::Kind::instance:
                if (attribute == "__dict__") {
                    base.kind = Referent::Kind::namespace_of;
                    return {base};
                }
                // A path's parent is a path of its class, whose methods resolve.
                if (base.kind == Referent::Kind::instance && attribute == "parent" &&
                    base.qualified.starts_with("pathlib."))
                    return {base};
                if (base.kind == Referent::Kind::instance) base.through_instance = true;
                base.kind = Referent::Kind::name;
                base.qualified = joined(base.qualified, attribute);
                return {base};
            case Referent::Kind::user_class:
            case Referent::Kind::user_instance: {
                bool instance = base.kind == Referent::Kind::user_instance;
                Referents out, named_bases;
                SmallVector<ScopeId, 8> seen;
                // A class of this file (or one of its bases in the file) that
                // defines the attribute hides what named bases have under that
                // name: `self.lock` set in __init__ is not threading.Thread's.
                if (in_file_member(base.scope, m_model.find_name_id(attribute), instance, depth, out, named_bases,
                                   seen))
                    return out;
                // `class P(pathlib.Path)`: P(...).read_text is pathlib.Path.read_text.
                for (const Referent& named : named_bases) {
                    Referent parent = named;
                    parent.kind = instance ? Referent::Kind::instance : Referent::Kind::name;
                    append(out, member(std::move(parent), attribute, depth + 1));
                }
                return out;
            }
            default:
                return {};
        }
    }

    // An unpacking is read as CPython fills parameters from it: `*[a, b]`
    // and `*(a, b)` are positional arguments, `**{"k": v}` and
    // `**dict(k=v)` keywords. One pygate cannot read (`*args`, `**options`)
    // may fill any position from where it stands, and any keyword not given
    // by name: the answer is then the unpacking itself, a value no fold or
    // resolution sees through, so the rules that ask judge it as unseen.
    Node argument(Node call, std::uint32_t position, std::string_view keyword = {}) const {
        Node arguments = m_model.call_arguments(call);
        if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return {};
        std::uint32_t index = 0;
        Node hidden_position, hidden_keyword;
        for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
            Node child = node_named_child(arguments, i);
            TSSymbol kind = node_symbol(child);
            if (kind == s.comment) continue;
            if (kind == s.keyword_argument) {
                if (!keyword.empty() && m_model.text(field(child, s.field_name)) == keyword)
                    return field(child, s.field_value);
                continue;
            }
            if (kind == s.list_splat) {
                Node spread = node_named_child(child, 0);
                while (!node_is_null(spread) && node_symbol(spread) == s.parenthesized_expression)
                    spread = node_named_child(spread, 0);
                bool listed = !node_is_null(spread) && (node_symbol(spread) == s.list || node_symbol(spread) == s.tuple);
                for (std::uint32_t e = 0; listed && e < node_named_child_count(spread); ++e)
                    listed = node_symbol(node_named_child(spread, e)) != s.list_splat;
                if (!listed) {
                    if (node_is_null(hidden_position) && position != UINT32_MAX) hidden_position = child;
                    continue;
                }
                for (std::uint32_t e = 0; e < node_named_child_count(spread); ++e) {
                    Node element = node_named_child(spread, e);
                    if (node_symbol(element) == s.comment) continue;
                    if (node_is_null(hidden_position) && index == position) return element;
                    ++index;
                }
                continue;
            }
            if (kind == s.dictionary_splat) {
                if (keyword.empty()) continue;
                bool complete = false;
                if (Node value = keyword_in_unpacking(node_named_child(child, 0), keyword, complete); !node_is_null(value))
                    return value;
                if (!complete && node_is_null(hidden_keyword)) hidden_keyword = child;
                continue;
            }
            if (node_is_null(hidden_position) && index == position) return child;
            ++index;
        }
        return !node_is_null(hidden_position) ? hidden_position : hidden_keyword;
    }

    // `**{"k": v}`: the value of `keyword` in it, as CPython builds the dict
    // (keys folded, escapes and all; a later pair or `**other` overrides an
    // earlier one), and whether the display lists every key it may have
    // (then an absent keyword is absent). Anything else (`**dict(k=v)`, whose
    // `dict` may be the file's, `**options`) lists nothing for certain.
    Node keyword_in_unpacking(Node mapping, std::string_view keyword, bool& complete) const {
        complete = false;
        while (!node_is_null(mapping) && node_symbol(mapping) == s.parenthesized_expression)
            mapping = node_named_child(mapping, 0);
        if (node_is_null(mapping) || node_symbol(mapping) != s.dictionary) return {};
        complete = true;
        Node value;
        for (std::uint32_t i = 0; i < node_named_child_count(mapping); ++i) {
            Node pair = node_named_child(mapping, i);
            if (node_symbol(pair) == s.comment) continue;
            if (node_symbol(pair) != s.pair) {  // `**other`: may hold the keyword, over what came before
                complete = false;
                value = Node{};
                continue;
            }
            std::optional<std::string> key = m_model.fold_string(field(pair, s.field_key), 0);
            if (!key) {  // a key pygate cannot fold may be the keyword
                complete = false;
                value = Node{};
                continue;
            }
            if (*key == keyword) {
                value = field(pair, s.field_value);
                complete = true;  // the last word on this keyword so far
            }
        }
        return value;
    }

    Referents call_result(Referent callee, Node call, ScopeId scope, int depth) {
        switch (callee.kind) {
            case Referent::Kind::name:
                return call_named(std::move(callee), call, scope, depth);
            case Referent::Kind::user_function: {
                Referents out = returned_by(callee.scope, depth);
                for (Referent& referent : out)
                    add_step(referent, call);
                return out;
            }
            case Referent::Kind::user_class:
                callee.kind = Referent::Kind::user_instance;
                return {callee};
            case Referent::Kind::user_instance: {
                // Calling an instance calls its class's __call__: what that refers to is what runs.
                Referents out = member(callee, "__call__", depth + 1);
                for (Referent& referent : out)
                    add_step(referent, call);
                return out;
            }
            case Referent::Kind::attrgetter:
            case Referent::Kind::methodcaller: {
                Referents out;
                for (Referent& base : resolve(argument(call, 0), scope, depth + 1)) {
                    Referents reached{std::move(base)};
                    std::string_view path = callee.qualified;
                    while (!path.empty() && !reached.empty()) {
                        std::size_t dot = path.find('.');
                        std::string part(path.substr(0, dot));
                        Referents next;
                        for (Referent& r : reached)
                            append(next, member(std::move(r), part, depth + 1));
                        reached = std::move(next);
                        path = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
                    }
                    append(out, std::move(reached));
                }
                for (Referent& referent : out)
                    add_step(referent, call);
                return out;
            }
            default:
                return {};
        }
    }

    // What `attribute` of a class of this file (or of its instances) may be:
    // the class's own definitions and, flow-insensitively, its in-file bases'.
    // Returns whether any of them defines it; `named_bases` collects the named
    // bases met on the way (`pathlib.Path`), which supply it when none does.
    bool in_file_member(ScopeId class_scope, NameId attribute, bool instance, int depth, Referents& out,
                        Referents& named_bases, SmallVector<ScopeId, 8>& seen) {
        // Bases that derive from each other end here.
        if (!spend(depth) || std::find(seen.begin(), seen.end(), class_scope) != seen.end()) return false;
        seen.push_back(class_scope);
        const Scope& body = scope_at(class_scope);
        bool defined = false;
        if (const std::vector<Binding>* bindings = body.names.find(attribute)) {
            defined = true;
            append(out, resolve_bindings(*bindings, depth));
        }
        if (instance)
            if (const std::vector<Binding>* bindings = body.instance_attributes.find(attribute)) {
                defined = true;
                append(out, resolve_bindings(*bindings, depth));
            }
        const Model::LookupCache::ClassBases& bases = class_bases(class_scope, depth);
        for (ScopeId parent_scope : bases.in_file)
            defined = in_file_member(parent_scope, attribute, instance, depth + 1, out, named_bases, seen) || defined;
        for (const Referent& named : bases.named)
            append(named_bases, Referents{named});
        return defined;
    }

    // `super()` in a method, or `super(C, obj)`: an instance of each base of
    // the class, whose members the attribute after it reaches.
    Referents super_instances(Node call, ScopeId scope, int depth) {
        ScopeId class_scope = -1;
        for (const Referent& named_class : resolve(argument(call, 0), scope, depth + 1))
            if (named_class.kind == Referent::Kind::user_class) class_scope = named_class.scope;
        for (ScopeId at = scope; class_scope < 0 && at >= 0; at = scope_at(at).parent)
            class_scope = scope_at(at).method_of;
        if (class_scope < 0) return {};
        const Model::LookupCache::ClassBases& bases = class_bases(class_scope, depth);
        Referents out;
        for (ScopeId parent_scope : bases.in_file) {
            Referent instance;
            instance.kind = Referent::Kind::user_instance;
            instance.scope = parent_scope;
            out.push_back(std::move(instance));
        }
        for (const Referent& named : bases.named) {
            Referent instance = named;
            instance.kind = Referent::Kind::instance;
            out.push_back(std::move(instance));
        }
        return out;
    }

    // What a class derives from, in this file and named, once per class.
    const Model::LookupCache::ClassBases& class_bases(ScopeId class_scope, int depth) {
        auto& cached = m_model.m_lookup_cache->bases[static_cast<std::size_t>(class_scope)];
        if (cached) return *cached;
        cached.emplace();  // a class among its own bases (through a cycle) adds nothing
        Model::LookupCache::ClassBases found;
        const Scope& body = scope_at(class_scope);
        Node bases = node_child_by_field_id(body.node, s.field_superclasses);
        for (std::uint32_t i = 0; !node_is_null(bases) && i < node_named_child_count(bases); ++i) {
            Node base_class = node_named_child(bases, i);
            if (node_symbol(base_class) == s.keyword_argument) continue;
            for (Referent& parent : resolve(base_class, body.parent, depth + 1)) {
                if (parent.kind == Referent::Kind::user_class && parent.scope != class_scope &&
                    std::find(found.in_file.begin(), found.in_file.end(), parent.scope) == found.in_file.end())
                    found.in_file.push_back(parent.scope);
                else if (parent.kind == Referent::Kind::name)
                    found.named.push_back(std::move(parent));
            }
        }
        cached = std::move(found);
        return *cached;
    }

    // What a function of this file may return, once per function: it does
    // not depend on the call. A recursive function is a cycle like a binding.
    Referents returned_by(ScopeId function, int depth) {
        auto& cache = m_model.m_lookup_cache->returns;
        auto& cached = cache[static_cast<std::size_t>(function)];
        if (cached) return *cached;
        const void* key = &scope_at(function);
        auto in_progress = std::find(m_in_progress.begin(), m_in_progress.end(), key);
        if (in_progress != m_in_progress.end()) {
            m_cycle_floor = std::min(m_cycle_floor, static_cast<std::size_t>(in_progress - m_in_progress.begin()));
            return {};
        }
        std::size_t position = m_in_progress.size();
        m_in_progress.push_back(key);
        Referents out;
        for (Node returned : scope_at(function).returns)
            append(out, resolve(returned, function, depth + 1));
        m_in_progress.pop_back();
        if (m_cycle_floor >= position) {
            m_cycle_floor = k_no_cycle;
            if (!m_exhausted) cached = out;
        }
        return out;
    }

    Referents call_named(Referent callee, Node call, ScopeId scope, int depth) {
        std::string_view q = callee.qualified;
        // What the call reached, then how the callee was reached, then the call.
        auto reached = [&](Referents out) {
            std::vector<Node> callee_steps = m_model.chain(callee);
            for (Referent& referent : out) {
                for (Node step : callee_steps)
                    add_step(referent, step);
                add_step(referent, call);
            }
            return out;
        };
        if (q == k_getattr) {
            std::optional<std::string> name = fold(argument(call, 1), scope, depth + 1);
            if (!name) return {};
            Referents out;
            for (Referent& base : resolve(argument(call, 0), scope, depth + 1))
                append(out, member(std::move(base), *name, depth + 1));
            return reached(std::move(out));
        }
        if (is_import_function(q)) {
            std::optional<std::string> module = fold(argument(call, 0, "name"), scope, depth + 1);
            if (!module || module->empty() || module->front() == '.') return {};
            Referent imported;
            bool whole = q == "importlib.import_module" || !node_is_null(argument(call, 3, "fromlist"));
            imported.qualified = m_model.intern(whole ? *module : module->substr(0, module->find('.')));
            return reached({imported});
        }
        if (q == "builtins.globals" || (q == "builtins.vars" && node_is_null(argument(call, 0))) ||
            q == "builtins.locals") {
            Referent globals;
            globals.kind = Referent::Kind::globals;
            return reached({globals});
        }
        if (q == "builtins.vars") {
            Referents out;
            for (Referent& base : resolve(argument(call, 0), scope, depth + 1)) {
                if (base.kind != Referent::Kind::name) continue;
                base.kind = Referent::Kind::namespace_of;
                out.push_back(std::move(base));
            }
            return reached(std::move(out));
        }
        if (q == "builtins.super") return reached(super_instances(call, scope, depth));
        if (q == "builtins.type" && node_is_null(argument(call, 1)) && !node_is_null(argument(call, 0))) {
            // type(x): x's class. An instance of a named or a file's class is
            // of that class; anything else is a class reached through an
            // object, which the rules judge by what the tables say of x.
            Referents out;
            for (Referent& value : resolve(argument(call, 0), scope, depth + 1)) {
                if (value.kind == Referent::Kind::instance || value.kind == Referent::Kind::user_instance) {
                    value.kind =
                        value.kind == Referent::Kind::instance ? Referent::Kind::name : Referent::Kind::user_class;
                } else {
                    if (value.kind != Referent::Kind::name) value.qualified = {};
                    value.kind = Referent::Kind::class_of;
                    value.scope = -1;
                }
                out.push_back(std::move(value));
            }
            if (out.empty()) {
                Referent unknown;
                unknown.kind = Referent::Kind::class_of;
                out.push_back(std::move(unknown));
            }
            return reached(std::move(out));
        }
        if (q == "operator.attrgetter" || q == "operator.methodcaller") {
            std::optional<std::string> name = fold(argument(call, 0), scope, depth + 1);
            if (!name) return {};
            Referent getter;
            getter.kind = q == "operator.attrgetter" ? Referent::Kind::attrgetter : Referent::Kind::methodcaller;
            getter.qualified = m_model.intern(*name);
            return reached({getter});
        }
        for (const Factory& factory : k_factories) {
            if (!matches_qualified_name(factory.callee, q)) continue;
            callee.kind = Referent::Kind::instance;
            callee.qualified = factory.type;  // static: lives as long as any model
            return {callee};
        }
        std::size_t dot = q.rfind('.');
        // Path.home(), p.joinpath(...), p.resolve(): a path again, so its methods resolve.
        if (q.starts_with("pathlib.") && dot != std::string_view::npos &&
            std::find(std::begin(k_path_returning), std::end(k_path_returning), q.substr(dot + 1)) !=
                std::end(k_path_returning)) {
            callee.kind = Referent::Kind::instance;
            callee.qualified = m_model.intern(q.substr(0, dot));
            return {callee};
        }
        // A DataFrame's methods mostly return frames (describe, head, dropna): keep
        // following, so `frame.describe().to_csv(path)` is seen writing.
        if (q.starts_with("pandas.DataFrame.")) {
            callee.kind = Referent::Kind::instance;
            callee.qualified = "pandas.DataFrame";
            return {callee};
        }
        char first = dot == std::string::npos ? 0 : q[dot + 1];
        if (first >= 'A' && first <= 'Z') {
            callee.kind = Referent::Kind::instance;
            return {callee};
        }
        return {};
    }

    Referents subscript(Referent base, Node key, ScopeId scope, int depth) {
        if (base.kind == Referent::Kind::globals) {
            std::optional<std::string> name = fold(key, scope, depth + 1);
            if (!name) return {};
            return lookup(m_model.find_name_id(*name), *name, k_module_scope, Node{}, depth + 1);
        }
        bool namespace_like = base.kind == Referent::Kind::namespace_of ||
                              (base.kind == Referent::Kind::name && base.qualified == "builtins");
        bool modules = base.kind == Referent::Kind::name && base.qualified == "sys.modules";
        if (!namespace_like && !modules) return {};
        std::optional<std::string> name = fold(key, scope, depth + 1);
        if (!name) return {};
        if (modules) {
            base.qualified = canonical(*name);
            base.via_import = false;
        } else {
            base.qualified = joined(base.qualified, *name);
        }
        base.kind = Referent::Kind::name;
        return {base};
    }

    // --- constants, folded by ConstantFolder (fold.cpp) with this question's budget

    std::optional<std::string> fold(Node expr, ScopeId scope, int depth) {
        return ConstantFolder(m_model, m_budget).fold_str(expr, scope, depth);
    }
    std::optional<std::int64_t> fold_int(Node expr, ScopeId scope, int depth) {
        return ConstantFolder(m_model, m_budget).fold_int(expr, scope, depth);
    }
    Node literal_element(Node container, Node key, ScopeId scope, ScopeId& element_scope, int depth) {
        return ConstantFolder(m_model, m_budget).literal_element(container, key, scope, element_scope, depth);
    }

    // Where Python's scoping finds `name` used in `scope`: the scope itself
    // (a class body only for its own code), enclosing functions, the module;
    // `global` and `nonlocal` redirect. Null bindings when no scope binds it.
    struct FoundName {
        const std::vector<Binding>* bindings;
        ScopeId scope;
    };
    FoundName find_name(NameId name, ScopeId scope) const {
        if (name == k_no_name) return {nullptr, -1};
        bool own = true;
        for (ScopeId at = scope; at >= 0;) {
            const Scope& current = scope_at(at);
            if (declares(current.globals, name) && at != k_module_scope) {
                at = k_module_scope;
                own = true;
                continue;
            }
            bool nonlocal = declares(current.nonlocals, name);
            if (!nonlocal && (own || current.kind != ScopeKind::class_body)) {
                if (const std::vector<Binding>* found = current.names.find(name)) return {found, at};
            }
            own = false;
            at = current.parent;
        }
        return {nullptr, -1};
    }

    const std::vector<Binding>* bindings_of(NameId name, ScopeId scope) const {
        return find_name(name, scope).bindings;
    }

    static bool declares(const std::vector<NameId>& declared, NameId name) {
        return !declared.empty() && std::find(declared.begin(), declared.end(), name) != declared.end();
    }

public:
    bool exhausted() const { return m_exhausted; }

private:
    const Model& m_model;
    const PythonSymbols& s;
    static constexpr std::size_t k_no_cycle = static_cast<std::size_t>(-1);
    // Bindings, and names' binding lists, being resolved. A resolver lives for
    // one question, and most questions nest a few bindings deep: kept in
    // place, the stack costs no allocation.
    SmallVector<const void*, 16> m_in_progress;
    std::size_t m_cycle_floor = k_no_cycle;  // the outermost in-progress binding a cycle reached
    StepBudget m_own_budget;
    StepBudget& m_budget;
    bool& m_exhausted;  // m_budget's

    const Scope& scope_at(ScopeId id) const { return *m_model.m_scopes[static_cast<std::size_t>(id)]; }

    // `a.b`, held by the model and seen through the modules and builtins other modules hold
    // (module_reexports.hpp): `pathlib` and `os` make `os`.
    std::string_view joined(std::string_view a, std::string_view b) { return canonical(dotted(a, b)); }
    // The builtins module holds no other module: its members are as named.
    std::string_view builtin_member(std::string_view name) { return m_model.intern(dotted(k_builtins, name)); }

    // `a.b` in a buffer that the next call reuses. One buffer per thread, not per
    // resolver: a resolver lives for one question, and qualified names often
    // outgrow a string's in-place room.
    static std::string_view dotted(std::string_view a, std::string_view b) {
        thread_local std::string scratch;
        scratch.assign(a);
        scratch += '.';
        scratch += b;
        return scratch;
    }

    std::string_view canonical(std::string_view dotted) {
        std::optional<std::string> seen_through = canonical_dotted_name(dotted);
        return m_model.intern(seen_through ? *seen_through : dotted);
    }

    void add_step(Referent& referent, Node statement) {
        referent.chain = m_model.add_step(referent.chain, statement);
    }

    bool spend(int depth) { return m_budget.spend(depth); }
};

Referents Model::resolve(Node expr, ScopeId scope, bool* exceeded_limits) const {
    Resolver resolver(*this);
    Referents out = resolver.resolve(expr, scope, 0);
    if (exceeded_limits != nullptr) *exceeded_limits = resolver.exhausted();
    return out;
}

ChainStep Model::chain_step(Node statement) const {
    constexpr std::size_t k_max_step_text = 100;
    ChainStep out;
    if (node_is_null(statement)) return out;
    std::string_view whole = text(statement);
    out.text = first_line_shortened(whole, k_max_step_text);
    std::uint32_t begin = node_start_byte(statement);
    out.range = m_source.range_of(begin, begin + whole.substr(0, whole.find('\n')).size());
    return out;
}

bool Model::call_may_return_name(const Referent& callee) {
    switch (callee.kind) {
        case Referent::Kind::user_function:
        case Referent::Kind::user_instance:
        case Referent::Kind::attrgetter:
        case Referent::Kind::methodcaller:
            return true;
        case Referent::Kind::name:
            return callee.qualified == k_getattr || callee.qualified == "builtins.type" ||
                   is_import_function(callee.qualified);
        default:
            return false;
    }
}

Referents Model::resolve_call(Node call, const Referents& callee, ScopeId scope, bool* exceeded_limits) const {
    Resolver resolver(*this);
    Referents out;
    for (const Referent& function : callee)
        append(out, resolver.call_result(function, call, scope, 0));
    if (exceeded_limits != nullptr) *exceeded_limits = resolver.exhausted();
    return out;
}

Node Model::argument(Node call, std::uint32_t position, std::string_view keyword) const {
    return Resolver(*this).argument(call, position, keyword);
}

std::optional<Model::BoundValue> Model::single_value(Node name, ScopeId scope) const {
    const std::vector<Binding>* bindings = Resolver(*this).bindings_of(name_id(name), scope);
    if (bindings == nullptr || bindings->size() != 1) return std::nullopt;
    const Binding& binding = bindings->front();
    if (binding.kind != Binding::Kind::value || node_is_null(binding.value)) return std::nullopt;
    return BoundValue{binding.value, binding.value_scope};
}

const std::vector<Binding>* Model::find_bindings(NameId name, ScopeId scope, ScopeId* holder) const {
    auto found = Resolver(*this).find_name(name, scope);
    *holder = found.scope;
    return found.bindings;
}

Referents resolve_with_budget(const Model& model, Node expr, ScopeId scope, int depth, StepBudget& budget) {
    return Resolver(model, &budget).resolve(expr, scope, depth);
}

}  // namespace pygate::analyzer
