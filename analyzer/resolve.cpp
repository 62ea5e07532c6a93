// Queries on the model: what an expression refers to, and which constant it
// folds to. Both follow bindings lazily, with a depth limit and a step budget
// so that no file can make them slow (`a = b; b = a`, long copy chains).
#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "analyzer/format_template.hpp"
#include "analyzer/integer_literal.hpp"
#include "analyzer/model.hpp"
#include "analyzer/model_internals.hpp"
#include "analyzer/module_reexports.hpp"
#include "analyzer/python_builtins.hpp"
#include "analyzer/python_symbols.hpp"
#include "analyzer/qualified_name_pattern.hpp"
#include "analyzer/sole_expression.hpp"
#include "analyzer/string_literal.hpp"
#include "analyzer/unicode.hpp"

namespace pygate::analyzer {
namespace {

constexpr int k_max_depth = 200;
constexpr int k_max_steps = 4000;
constexpr std::size_t k_max_folded_bytes = 1 << 16;

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
// What the working folder's absolute path folds to (os.getcwd(), abspath): absolute, and readable in messages.
constexpr std::string_view k_working_folder = "/<cwd>";
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

// The code points of folded text (valid UTF-8: it comes from decoded source).
std::vector<std::uint32_t> code_points(std::string_view text) {
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = std::max<std::size_t>(1, utf8_sequence_length(text, i));
        out.push_back(decode_code_point(text, i, length));
        i += length;
    }
    return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+' || c == '-') return 62;
        if (c == '/' || c == '_') return 63;
        return -1;
    };
    std::string out;
    std::uint32_t buffer = 0;
    int bits = 0;
    for (char c : text) {
        if (c == '=' || c == '\n' || c == ' ') continue;
        int v = value(c);
        if (v < 0) return std::nullopt;
        buffer = (buffer << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((buffer >> bits) & 0xFF);
        }
    }
    return out;
}

std::optional<std::string> hex_decode(std::string_view text) {
    std::string out;
    int high = -1;
    for (char c : text) {
        if (c == ' ') continue;
        int v = std::isxdigit(static_cast<unsigned char>(c))
                    ? (std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (c | 0x20) - 'a' + 10)
                    : -1;
        if (v < 0) return std::nullopt;
        if (high < 0) {
            high = v;
        } else {
            out += static_cast<char>(high * 16 + v);
            high = -1;
        }
    }
    if (high >= 0) return std::nullopt;
    return out;
}

std::string rot13(std::string_view text) {
    std::string out(text);
    for (char& c : out) {
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>('a' + (c - 'a' + 13) % 26);
        else if (c >= 'A' && c <= 'Z')
            c = static_cast<char>('A' + (c - 'A' + 13) % 26);
    }
    return out;
}

}  // namespace

class Resolver {
public:
    explicit Resolver(const Model& model) : m_model(model), s(PythonSymbols::get()) {}

    Referents resolve(Node expr, ScopeId scope, int depth) {
        if (node_is_null(expr) || !spend(depth)) return {};
        TSSymbol kind = node_symbol(expr);
        if (kind == s.parenthesized_expression || kind == s.type || kind == s.await) {
            Node inner = sole_expression(expr);
            return node_is_null(inner) ? Referents{} : resolve(inner, scope, depth + 1);
        }
        if (kind == s.identifier) {
            std::string storage;
            return lookup(m_model.identifier(expr, storage), scope, expr, depth + 1);
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
    Referents lookup(std::string_view name, ScopeId scope, Node use, int depth) {
        if (auto [bindings, at] = find_name(name, scope); bindings != nullptr) {
            const Scope& found_in = scope_at(at);
            Referents out = resolve_bindings(*bindings, depth);
            if (found_in.method_of >= 0 && found_in.self_name == name) {  // `self` in a method
                Referent instance;
                instance.kind = Referent::Kind::user_instance;
                instance.scope = found_in.method_of;
                out.push_back(std::move(instance));
            }
            // Module and class code runs top to bottom: before any binding, the builtin is still seen.
            if ((found_in.kind == ScopeKind::module || found_in.kind == ScopeKind::class_body) && at == scope &&
                !node_is_null(use) && before_all(use, *bindings))
                append(out, builtin(name));
            return out;
        }
        // A builtin name stays the builtin after a star import: modules rarely
        // shadow builtins, and flagging every `print` after `from x import *`
        // would bury the findings that matter.
        if (Referents builtins = builtin(name); !builtins.empty()) return builtins;
        Referents out;
        for (const StarImport& star : scope_at(k_module_scope).star_imports) {
            Referent member;
            member.qualified = joined(star.module, name);
            member.via_import = true;
            member.import_path = m_model.intern(star.module);
            member.chain = m_model.add_step(0, star.statement);
            out.push_back(std::move(member));
        }
        return out;
    }

    bool before_all(Node use, const std::vector<Binding>& bindings) const {
        std::uint32_t at = node_start_byte(use);
        return std::all_of(bindings.begin(), bindings.end(),
                           [&](const Binding& b) { return node_start_byte(b.statement) > at; });
    }

    Referents builtin(std::string_view name) {
        Referent referent;
        if (name == "__builtins__")
            referent.qualified = k_builtins;
        else if (is_builtin_name(name))
            referent.qualified = builtin_member(name);
        else
            return {};
        return {referent};
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
                if (in_file_member(base.scope, attribute, instance, depth, out, named_bases, seen)) return out;
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

    Node argument(Node call, std::uint32_t position, std::string_view keyword = {}) const {
        Node arguments = m_model.call_arguments(call);
        if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return {};
        std::uint32_t index = 0;
        for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
            Node child = node_named_child(arguments, i);
            TSSymbol kind = node_symbol(child);
            if (kind == s.comment) continue;
            if (kind == s.keyword_argument) {
                if (!keyword.empty() && m_model.text(field(child, s.field_name)) == keyword)
                    return field(child, s.field_value);
                continue;
            }
            if (kind == s.list_splat || kind == s.dictionary_splat) return {};
            if (index++ == position) return child;
        }
        return {};
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
    bool in_file_member(ScopeId class_scope, std::string_view attribute, bool instance, int depth, Referents& out,
                        Referents& named_bases, SmallVector<ScopeId, 8>& seen) {
        // Bases that derive from each other end here.
        if (!spend(depth) || std::find(seen.begin(), seen.end(), class_scope) != seen.end()) return false;
        seen.push_back(class_scope);
        const Scope& body = scope_at(class_scope);
        bool defined = false;
        if (auto it = body.names.find(attribute); it != body.names.end()) {
            defined = true;
            append(out, resolve_bindings(it->second, depth));
        }
        if (instance)
            if (auto it = body.instance_attributes.find(attribute); it != body.instance_attributes.end()) {
                defined = true;
                append(out, resolve_bindings(it->second, depth));
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
        if (q == "builtins.type" && node_is_null(argument(call, 1))) {  // type(x): x's class
            Referents out;
            for (Referent& value : resolve(argument(call, 0), scope, depth + 1)) {
                if (value.kind != Referent::Kind::instance && value.kind != Referent::Kind::user_instance) continue;
                value.kind = value.kind == Referent::Kind::instance ? Referent::Kind::name : Referent::Kind::user_class;
                out.push_back(std::move(value));
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
            return lookup(*name, k_module_scope, Node{}, depth + 1);
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

    // --- constants

    std::optional<std::string> fold(Node expr, ScopeId scope, int depth) {
        if (node_is_null(expr) || !spend(depth)) return std::nullopt;
        std::optional<std::string> out = fold_uncapped(expr, scope, depth);
        if (out && out->size() > k_max_folded_bytes) return std::nullopt;
        return out;
    }

    std::optional<std::string> fold_uncapped(Node expr, ScopeId scope, int depth) {
        TSSymbol kind = node_symbol(expr);
        if (kind == s.string) return fold_string_literal(expr, scope, depth);
        if (kind == s.concatenated_string) {
            std::string out;
            for (std::uint32_t i = 0; i < node_named_child_count(expr); ++i) {
                if (node_symbol(node_named_child(expr, i)) == s.comment) continue;
                auto piece = fold(node_named_child(expr, i), scope, depth + 1);
                if (!piece) return std::nullopt;
                out += *piece;
            }
            return out;
        }
        if (kind == s.parenthesized_expression) {
            Node inner = sole_expression(expr);
            if (!node_is_null(inner)) return fold(inner, scope, depth + 1);
        }
        if (kind == s.identifier) {
            std::string storage;
            return fold_name(m_model.identifier(expr, storage), scope, depth);
        }
        if (kind == s.binary_operator) return fold_binary(expr, scope, depth);
        if (kind == s.subscript) return fold_subscript(expr, scope, depth);
        if (kind == s.call) return fold_call(expr, scope, depth);
        if (kind == s.integer || kind == s.unary_operator) {
            if (auto value = fold_int(expr, scope, depth)) return std::to_string(*value);
        }
        return std::nullopt;
    }

    std::optional<std::string> fold_string_literal(Node expr, ScopeId scope, int depth) {
        if (node_tokens_elided(expr)) {  // a literal without escapes or replacement fields: its text tells
            std::optional<LiteralParts> parts = split_string_literal(m_model.text(expr));
            if (!parts) return std::nullopt;
            return decode_string_body(parts->body, parts->prefix);
        }
        std::uint32_t count = node_child_count(expr);
        if (count < 2) return std::nullopt;
        Node start = node_child(expr, 0), end = node_child(expr, count - 1);
        StringPrefix prefix = parse_string_prefix(m_model.text(start));
        std::string out;
        std::uint32_t at = node_end_byte(start);
        auto literal_until = [&](std::uint32_t until) -> bool {
            if (until <= at) return true;
            auto piece = decode_string_body(std::string_view(m_model.source().text).substr(at, until - at), prefix);
            if (!piece) return false;
            out += *piece;
            return true;
        };
        for (std::uint32_t i = 1; i + 1 < count; ++i) {
            Node child = node_child(expr, i);
            if (node_symbol(child) != s.interpolation) continue;
            if (!literal_until(node_start_byte(child))) return std::nullopt;
            if (!node_is_null(field(child, s.field_format_specifier)) ||
                !node_is_null(field(child, s.field_type_conversion)))
                return std::nullopt;
            auto value = fold(field(child, s.field_expression), scope, depth + 1);
            if (!value) return std::nullopt;
            out += *value;
            at = node_end_byte(child);
        }
        if (!literal_until(node_start_byte(end))) return std::nullopt;
        return out;
    }

    // A name bound only to constants that all agree.
    std::optional<std::string> fold_name(std::string_view name, ScopeId scope, int depth) {
        const std::vector<Binding>* bindings = bindings_of(name, scope);
        if (bindings == nullptr || bindings->empty()) return std::nullopt;
        std::optional<std::string> agreed;
        for (const Binding& binding : *bindings) {
            if (binding.kind != Binding::Kind::value || node_is_null(binding.value)) return std::nullopt;
            if (std::find(m_folding.begin(), m_folding.end(), &binding) != m_folding.end()) return std::nullopt;
            m_folding.push_back(&binding);
            auto value = fold(binding.value, binding.value_scope, depth + 1);
            m_folding.pop_back();
            if (!value || (agreed && *agreed != *value)) return std::nullopt;
            agreed = std::move(value);
        }
        return agreed;
    }

    // Where Python's scoping finds `name` used in `scope`: the scope itself
    // (a class body only for its own code), enclosing functions, the module;
    // `global` and `nonlocal` redirect. Null bindings when no scope binds it.
    struct FoundName {
        const std::vector<Binding>* bindings;
        ScopeId scope;
    };
    FoundName find_name(std::string_view name, ScopeId scope) const {
        bool own = true;
        for (ScopeId at = scope; at >= 0;) {
            const Scope& current = scope_at(at);
            if (!current.globals.empty() && current.globals.count(name) != 0 && at != k_module_scope) {
                at = k_module_scope;
                own = true;
                continue;
            }
            bool nonlocal = !current.nonlocals.empty() && current.nonlocals.count(name) != 0;
            if (!nonlocal && (own || current.kind != ScopeKind::class_body)) {
                auto found = current.names.find(name);
                if (found != current.names.end()) return {&found->second, at};
            }
            own = false;
            at = current.parent;
        }
        return {nullptr, -1};
    }

    const std::vector<Binding>* bindings_of(std::string_view name, ScopeId scope) const {
        return find_name(name, scope).bindings;
    }

    std::optional<std::string> fold_binary(Node expr, ScopeId scope, int depth) {
        TSSymbol op = node_symbol(field(expr, s.field_operator));
        Node left = field(expr, s.field_left), right = field(expr, s.field_right);
        if (op == s.slash_token && m_paths) {  // Path('a') / 'b'
            auto a = fold(left, scope, depth + 1);
            if (!a) return std::nullopt;
            auto b = fold(right, scope, depth + 1);
            if (!b) return std::nullopt;
            return join_path(*a, *b);
        }
        if (op == s.plus_token) {
            auto a = fold(left, scope, depth + 1);
            if (!a) return std::nullopt;
            auto b = fold(right, scope, depth + 1);
            if (!b) return std::nullopt;
            return *a + *b;
        }
        if (op == s.star_token) {
            auto text = fold(left, scope, depth + 1);
            auto times = fold_int(right, scope, depth + 1);
            if (!text || !times) {
                text = fold(right, scope, depth + 1);
                times = fold_int(left, scope, depth + 1);
            }
            if (!text || !times || *times < 0 || text->size() * static_cast<std::size_t>(*times) > k_max_folded_bytes)
                return std::nullopt;
            std::string out;
            for (std::int64_t i = 0; i < *times; ++i)
                out += *text;
            return out;
        }
        if (op == s.percent_token) {
            auto format = fold(left, scope, depth + 1);
            if (!format) return std::nullopt;
            std::vector<std::string> values;
            ScopeId args_scope = scope;
            Node args = sequence_literal(right, args_scope);
            if (!node_is_null(args) && node_symbol(args) == s.tuple) {
                for (std::uint32_t i = 0; i < node_named_child_count(args); ++i) {
                    auto value = fold(node_named_child(args, i), args_scope, depth + 1);
                    if (!value) return std::nullopt;
                    values.push_back(*value);
                }
            } else {
                auto value = fold(right, scope, depth + 1);
                if (!value) return std::nullopt;
                values.push_back(*value);
            }
            auto pieces = percent_pieces(*format);
            if (!pieces) return std::nullopt;
            std::string out;
            std::size_t next = 0;
            for (const TemplatePiece& piece : *pieces) {
                if (piece.field && next >= values.size()) return std::nullopt;
                out += piece.field ? std::string_view(values[next++]) : piece.text;
            }
            if (next != values.size()) return std::nullopt;
            return out;
        }
        if (auto value = fold_int(expr, scope, depth)) return std::to_string(*value);
        return std::nullopt;
    }

    // A list or tuple literal that `node` is, or that the name `node` is bound
    // to alone; `scope` becomes the scope its elements are evaluated in.
    Node sequence_literal(Node node, ScopeId& scope) const {
        while (!node_is_null(node) && node_symbol(node) == s.parenthesized_expression)
            node = sole_expression(node);
        if (node_is_null(node)) return {};
        TSSymbol kind = node_symbol(node);
        if (kind == s.list || kind == s.tuple) return node;
        if (kind != s.identifier) return {};
        std::string storage;
        const std::vector<Binding>* bindings = bindings_of(m_model.identifier(node, storage), scope);
        if (bindings == nullptr || bindings->size() != 1) return {};
        const Binding& binding = bindings->front();
        if (binding.kind != Binding::Kind::value || node_is_null(binding.value)) return {};
        TSSymbol bound = node_symbol(binding.value);
        if (bound != s.list && bound != s.tuple) return {};
        scope = binding.value_scope;
        return binding.value;
    }

    // The element of a list, tuple or dict literal (or of the one binding of a
    // name to one) that the constant `key` picks; a null node when the key is
    // not constant, the literal unpacks another (`*xs`, `**d`), or nothing matches.
    Node literal_element(Node container, Node key, ScopeId scope, ScopeId& element_scope, int depth) {
        if (node_is_null(key) || node_symbol(key) == s.slice || !spend(depth)) return {};
        element_scope = scope;
        Node literal = sequence_literal(container, element_scope);
        if (!node_is_null(literal)) {
            std::vector<Node> elements;
            for (std::uint32_t i = 0; i < node_named_child_count(literal); ++i) {
                Node element = node_named_child(literal, i);
                if (node_symbol(element) == s.comment) continue;
                if (node_symbol(element) == s.list_splat) return {};
                elements.push_back(element);
            }
            auto index = fold_int(key, scope, depth + 1);
            if (!index) return {};
            auto count = static_cast<std::int64_t>(elements.size());
            std::int64_t i = *index < 0 ? *index + count : *index;
            if (i < 0 || i >= count) return {};
            return elements[static_cast<std::size_t>(i)];
        }
        element_scope = scope;
        Node dictionary = dictionary_literal(container, element_scope);
        if (node_is_null(dictionary)) return {};
        auto wanted = fold(key, scope, depth + 1);
        if (!wanted) return {};
        Node found{};
        for (std::uint32_t i = 0; i < node_named_child_count(dictionary); ++i) {
            Node item = node_named_child(dictionary, i);
            if (node_symbol(item) == s.comment) continue;
            if (node_symbol(item) != s.pair) return {};  // `**other`: it may hold the key too
            auto item_key = fold(field(item, s.field_key), element_scope, depth + 1);
            if (!item_key) return {};
            if (*item_key == *wanted) found = field(item, s.field_value);  // the last one wins, as in Python
        }
        return found;
    }

    // A dict literal that `node` is, or that the name `node` is bound to alone.
    Node dictionary_literal(Node node, ScopeId& scope) const {
        while (!node_is_null(node) && node_symbol(node) == s.parenthesized_expression)
            node = sole_expression(node);
        if (node_is_null(node)) return {};
        if (node_symbol(node) == s.dictionary) return node;
        if (node_symbol(node) != s.identifier) return {};
        std::string storage;
        const std::vector<Binding>* bindings = bindings_of(m_model.identifier(node, storage), scope);
        if (bindings == nullptr || bindings->size() != 1) return {};
        const Binding& binding = bindings->front();
        if (binding.kind != Binding::Kind::value || node_is_null(binding.value)) return {};
        if (node_symbol(binding.value) != s.dictionary) return {};
        scope = binding.value_scope;
        return binding.value;
    }

    std::optional<std::string> fold_subscript(Node expr, ScopeId scope, int depth) {
        Node key = field(expr, s.field_subscript);
        ScopeId element_scope = scope;
        Node sequence = sequence_literal(field(expr, s.field_value), element_scope);
        if (!node_is_null(sequence) && node_symbol(key) != s.slice) {  // ('ev', 'al')[0]
            auto index = fold_int(key, scope, depth + 1);
            auto count = static_cast<std::int64_t>(node_named_child_count(sequence));
            if (!index) return std::nullopt;
            std::int64_t i = *index < 0 ? *index + count : *index;
            if (i < 0 || i >= count) return std::nullopt;
            return fold(node_named_child(sequence, static_cast<std::uint32_t>(i)), element_scope, depth + 1);
        }
        auto text = fold(field(expr, s.field_value), scope, depth + 1);
        if (!text) return std::nullopt;
        std::vector<std::uint32_t> points = code_points(*text);
        auto size = static_cast<std::int64_t>(points.size());
        std::string out;
        if (node_symbol(key) != s.slice) {
            auto index = fold_int(key, scope, depth + 1);
            if (!index) return std::nullopt;
            std::int64_t i = *index < 0 ? *index + size : *index;
            if (i < 0 || i >= size) return std::nullopt;
            append_utf8(out, points[static_cast<std::size_t>(i)]);
            return out;
        }
        // slice: [start]:[stop][:[step]] with any part left out
        std::optional<std::int64_t> parts[3];
        int part = 0;
        for (std::uint32_t i = 0; i < node_child_count(key) && part < 3; ++i) {
            Node child = node_child(key, i);
            if (!node_is_named(child)) {
                ++part;
                continue;
            }
            parts[part] = fold_int(child, scope, depth + 1);
            if (!parts[part]) return std::nullopt;
        }
        std::int64_t step = parts[2].value_or(1);
        if (step == 0) return std::nullopt;
        auto clamp = [&](std::optional<std::int64_t> v, std::int64_t fallback) {
            if (!v) return fallback;
            std::int64_t x = *v < 0 ? *v + size : *v;
            if (step > 0) return std::clamp<std::int64_t>(x, 0, size);
            return std::clamp<std::int64_t>(x, -1, size - 1);
        };
        std::int64_t begin = clamp(parts[0], step > 0 ? 0 : size - 1);
        std::int64_t stop = clamp(parts[1], step > 0 ? size : -1);
        for (std::int64_t i = begin; step > 0 ? i < stop : i > stop; i += step)
            append_utf8(out, points[static_cast<std::size_t>(i)]);
        return out;
    }

    std::optional<std::string> fold_call(Node call, ScopeId scope, int depth) {
        Node function = field(call, s.field_function);
        if (node_symbol(function) == s.attribute) {
            std::string method = m_model.identifier(field(function, s.field_attribute));
            Node object = field(function, s.field_object);
            std::optional<std::string> separator;
            if (method == "join" && (separator = fold(object, scope, depth + 1))) {  // else maybe os.path.join
                ScopeId items_scope = scope;
                Node items = sequence_literal(argument(call, 0), items_scope);
                if (node_is_null(items)) {
                    auto single = fold(argument(call, 0), scope, depth + 1);  // ''.join('abc') joins characters
                    if (!single) return std::nullopt;
                    std::string out;
                    std::vector<std::uint32_t> points = code_points(*single);
                    for (std::size_t i = 0; i < points.size(); ++i) {
                        if (i > 0) out += *separator;
                        append_utf8(out, points[i]);
                    }
                    return out;
                }
                std::string out;
                for (std::uint32_t i = 0; i < node_named_child_count(items); ++i) {
                    auto piece = fold(node_named_child(items, i), items_scope, depth + 1);
                    if (!piece) return std::nullopt;
                    if (i > 0) out += *separator;
                    out += *piece;
                }
                return out;
            }
            if (method == "format") return fold_format(object, call, scope, depth);
            std::optional<std::string> text;
            if (method == "decode" || method == "encode" || method == "lower" || method == "upper" ||
                method == "strip" || method == "replace")
                text = fold(object, scope, depth + 1);
            if (text) {  // otherwise a module function such as codecs.decode, below
                if (method == "decode" && !node_is_null(argument(call, 0))) {
                    auto codec = fold(argument(call, 0), scope, depth + 1);
                    if (!codec) return std::nullopt;
                    std::string normal = *codec;
                    std::transform(normal.begin(), normal.end(), normal.begin(), ::tolower);
                    if (normal == "rot13" || normal == "rot_13") return rot13(*text);
                    if (normal == "hex") return hex_decode(*text);
                }
                if (method == "lower") std::transform(text->begin(), text->end(), text->begin(), ::tolower);
                if (method == "upper") std::transform(text->begin(), text->end(), text->begin(), ::toupper);
                if (method == "strip") {
                    std::size_t first = text->find_first_not_of(" \t\n\r");
                    if (first == std::string::npos) return std::string();
                    return text->substr(first, text->find_last_not_of(" \t\n\r") - first + 1);
                }
                if (method == "replace") {
                    auto from = fold(argument(call, 0), scope, depth + 1);
                    auto to = fold(argument(call, 1), scope, depth + 1);
                    if (!from || !to || from->empty()) return std::nullopt;
                    std::string out;
                    for (std::size_t i = 0; i < text->size();) {
                        if (text->compare(i, from->size(), *from) == 0) {
                            out += *to;
                            i += from->size();
                        } else {
                            out += (*text)[i++];
                        }
                    }
                    return out;
                }
                return text;
            }
        }
        Referents callee = resolve(function, scope, depth + 1);
        if (callee.size() != 1 || callee[0].kind != Referent::Kind::name) return std::nullopt;
        std::string_view q = callee[0].qualified;
        if (m_paths && (q.starts_with("pathlib.") || q.starts_with("os.")))
            return fold_path_call(q, call, function, scope, depth);
        if (q == "builtins.chr") {
            auto value = fold_int(argument(call, 0), scope, depth + 1);
            if (!value || *value < 0 || *value > 0x10FFFF) return std::nullopt;
            std::string out;
            append_utf8(out, static_cast<std::uint32_t>(*value));
            return out;
        }
        if (q == "builtins.str") return fold(argument(call, 0), scope, depth + 1);
        if (q == "builtins.bytes.fromhex" || q == "builtins.bytearray.fromhex") {
            auto text = fold(argument(call, 0), scope, depth + 1);
            return text ? hex_decode(*text) : std::nullopt;
        }
        if (q == "base64.b64decode" || q == "base64.urlsafe_b64decode" || q == "base64.standard_b64decode" ||
            q == "base64.decodebytes") {
            auto text = fold(argument(call, 0), scope, depth + 1);
            return text ? base64_decode(*text) : std::nullopt;
        }
        if (q == "codecs.decode" || q == "codecs.encode") {
            auto text = fold(argument(call, 0), scope, depth + 1);
            auto codec = fold(argument(call, 1, "encoding"), scope, depth + 1);
            if (!text || !codec) return std::nullopt;
            std::string normal = *codec;
            std::transform(normal.begin(), normal.end(), normal.begin(), ::tolower);
            if (normal == "rot13" || normal == "rot_13" || normal == "rot-13") return rot13(*text);
            if (normal == "hex" || normal == "hex_codec") return hex_decode(*text);
            if (normal == "base64" || normal == "base64_codec") return base64_decode(*text);
            if (normal == "utf-8" || normal == "utf8" || normal == "ascii") return text;
            return std::nullopt;
        }
        if (q == "builtins.bytes" || q == "builtins.bytearray") {
            Node items = argument(call, 0);
            if (node_is_null(items)) return std::nullopt;
            if (node_symbol(items) != s.list && node_symbol(items) != s.tuple)
                return fold(items, scope, depth + 1);
            std::string out;
            for (std::uint32_t i = 0; i < node_named_child_count(items); ++i) {
                auto value = fold_int(node_named_child(items, i), scope, depth + 1);
                if (!value || *value < 0 || *value > 255) return std::nullopt;
                out += static_cast<char>(*value);
            }
            return out;
        }
        return std::nullopt;
    }

    // Path mode: what a pathlib or os.path call stands for as a path. Anchors
    // outside the working folder fold to absolute-looking text: `~` for the
    // home folder, `/<cwd>` for the working folder's absolute path.
    std::optional<std::string> fold_path_call(std::string_view q, Node call, Node function, ScopeId scope,
                                              int depth) {
        auto joined_arguments = [&](std::string out) -> std::optional<std::string> {
            // `Path("input", *parts)`: arguments behind a star are not constant, and argument()
            // answers for none of them, so the join would otherwise stop short of them.
            Node arguments = node_last_child(call);
            for (Node child = node_is_null(arguments) ? Node{} : node_first_child(arguments); !node_is_null(child);
                 child = node_next_sibling(child))
                if (node_symbol(child) == s.list_splat || node_symbol(child) == s.dictionary_splat) return std::nullopt;
            for (std::uint32_t i = 0;; ++i) {
                Node part = argument(call, i);
                if (node_is_null(part)) return out;
                auto piece = fold(part, scope, depth + 1);
                if (!piece) return std::nullopt;
                out = join_path(out, *piece);
            }
        };
        auto object = [&]() -> std::optional<std::string> {
            if (node_symbol(function) != s.attribute) return std::nullopt;
            return fold(field(function, s.field_object), scope, depth + 1);
        };
        auto absolute = [](std::optional<std::string> path) -> std::optional<std::string> {
            if (!path) return std::nullopt;
            return join_path(std::string(k_working_folder), *path);
        };
        std::size_t last_dot = q.rfind('.');
        std::string_view method = q.substr(last_dot + 1);
        bool pathlib_class = q.starts_with("pathlib.") && last_dot == std::string_view("pathlib").size();
        bool pathlib_member = q.starts_with("pathlib.") && !pathlib_class;
        if (pathlib_class) {
            auto path = joined_arguments("");
            if (path && path->empty()) return ".";
            return path;
        }
        if (q == "os.path.join") return joined_arguments("");
        if (q == "os.getcwd" || q == "os.getcwdb" || (pathlib_member && method == "cwd"))
            return std::string(k_working_folder);
        if (pathlib_member && method == "home") return "~";
        if (q == "os.path.expanduser" || q == "os.path.normpath" || q == "os.fspath")
            return fold(argument(call, 0), scope, depth + 1);
        if (q == "os.path.abspath" || q == "os.path.realpath")
            return absolute(fold(argument(call, 0), scope, depth + 1));
        if (pathlib_member && method == "joinpath") {
            auto base = object();
            return base ? joined_arguments(*base) : std::nullopt;
        }
        if (pathlib_member && method == "expanduser") return object();
        if (pathlib_member && (method == "resolve" || method == "absolute")) return absolute(object());
        return std::nullopt;
    }

    // os.path.join's rule, which pathlib's `/` shares: an absolute part starts over.
    static std::string join_path(const std::string& base, const std::string& part) {
        if (base.empty() || part.starts_with('/')) return part;
        return base.ends_with('/') ? base + part : base + "/" + part;
    }

    // str.format with constant arguments and plain fields ({}, {0}, {name}).
    std::optional<std::string> fold_format(Node object, Node call, ScopeId scope, int depth) {
        auto format = fold(object, scope, depth + 1);
        if (!format) return std::nullopt;
        auto pieces = format_pieces(*format);
        if (!pieces) return std::nullopt;
        std::string out;
        std::uint32_t automatic = 0;
        for (const TemplatePiece& piece : *pieces) {
            if (!piece.field) {
                out += piece.text;
                continue;
            }
            if (!plain_format_field(piece.text)) return std::nullopt;
            auto folded = fold(format_argument(m_model, call, piece.text, automatic), scope, depth + 1);
            if (!folded) return std::nullopt;
            out += *folded;
        }
        return out;
    }

    std::optional<std::int64_t> fold_int(Node expr, ScopeId scope, int depth) {
        if (node_is_null(expr) || !spend(depth)) return std::nullopt;
        TSSymbol kind = node_symbol(expr);
        if (kind == s.integer) {
            std::string digits;
            for (char c : m_model.text(expr))
                if (c != '_') digits += c;
            auto [base, skip] = integer_literal_prefix(digits);
            if (digits.size() - skip > 18) return std::nullopt;
            try {
                return static_cast<std::int64_t>(std::stoll(digits.substr(skip), nullptr, base));
            } catch (const std::exception&) {
                return std::nullopt;
            }
        }
        if (kind == s.parenthesized_expression) {
            Node inner = sole_expression(expr);
            if (!node_is_null(inner)) return fold_int(inner, scope, depth + 1);
        }
        if (kind == s.unary_operator) {
            auto value = fold_int(field(expr, s.field_argument), scope, depth + 1);
            if (!value) return std::nullopt;
            TSSymbol op = node_symbol(field(expr, s.field_operator));
            if (op == s.minus_token) return -*value;
            if (op == s.plus_token) return value;
            return std::nullopt;
        }
        if (kind == s.binary_operator) {
            auto a = fold_int(field(expr, s.field_left), scope, depth + 1);
            auto b = fold_int(field(expr, s.field_right), scope, depth + 1);
            if (!a || !b) return std::nullopt;
            TSSymbol op = node_symbol(field(expr, s.field_operator));
            std::int64_t out = 0;
            if (op == s.plus_token && !__builtin_add_overflow(*a, *b, &out)) return out;
            if (op == s.minus_token && !__builtin_sub_overflow(*a, *b, &out)) return out;
            if (op == s.star_token && !__builtin_mul_overflow(*a, *b, &out)) return out;
            return std::nullopt;
        }
        if (kind == s.identifier) {
            std::string storage;
            const std::vector<Binding>* bindings = bindings_of(m_model.identifier(expr, storage), scope);
            if (bindings == nullptr || bindings->size() != 1) return std::nullopt;
            const Binding& binding = bindings->front();
            if (binding.kind != Binding::Kind::value || node_is_null(binding.value)) return std::nullopt;
            if (std::find(m_folding.begin(), m_folding.end(), &binding) != m_folding.end()) return std::nullopt;
            m_folding.push_back(&binding);
            auto value = fold_int(binding.value, binding.value_scope, depth + 1);
            m_folding.pop_back();
            return value;
        }
        return std::nullopt;
    }

public:
    bool exhausted() const { return m_exhausted; }
    // Model::fold_path: pathlib and os.path expressions fold to the path they name.
    void fold_as_paths() { m_paths = true; }

private:
    const Model& m_model;
    const PythonSymbols& s;
    static constexpr std::size_t k_no_cycle = static_cast<std::size_t>(-1);
    // Bindings, and names' binding lists, being resolved. A resolver lives for
    // one question, and most questions nest a few bindings deep: kept in
    // place, the stack costs no allocation.
    SmallVector<const void*, 16> m_in_progress;
    std::size_t m_cycle_floor = k_no_cycle;  // the outermost in-progress binding a cycle reached
    SmallVector<const Binding*, 8> m_folding;
    int m_steps = 0;
    bool m_exhausted = false;
    bool m_paths = false;  // fold_as_paths()

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

    bool spend(int depth) {
        if (depth > k_max_depth || ++m_steps > k_max_steps) {
            m_exhausted = true;
            return false;
        }
        return true;
    }
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
            return callee.qualified == k_getattr || is_import_function(callee.qualified);
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

std::optional<std::string> Model::fold_string(Node expr, ScopeId scope) const {
    return Resolver(*this).fold(expr, scope, 0);
}

std::vector<std::string> Model::fold_strings(Node expr, ScopeId scope) const {
    std::vector<std::string> out;
    if (node_is_null(expr)) return out;
    if (auto folded = fold_string(expr, scope)) {
        out.push_back(std::move(*folded));
        return out;
    }
    const PythonSymbols& s = PythonSymbols::get();
    TSSymbol kind = node_symbol(expr);
    if (kind == s.list || kind == s.tuple || kind == s.set || kind == s.parenthesized_expression)
        for (std::uint32_t i = 0; i < node_named_child_count(expr); ++i)
            for (std::string& element : fold_strings(node_named_child(expr, i), scope))
                out.push_back(std::move(element));
    return out;
}

std::optional<std::string> Model::fold_path(Node expr, ScopeId scope) const {
    Resolver resolver(*this);
    resolver.fold_as_paths();
    return resolver.fold(expr, scope, 0);
}

std::optional<Model::BoundValue> Model::single_value(Node name, ScopeId scope) const {
    std::string storage;
    const std::vector<Binding>* bindings = Resolver(*this).bindings_of(identifier(name, storage), scope);
    if (bindings == nullptr || bindings->size() != 1) return std::nullopt;
    const Binding& binding = bindings->front();
    if (binding.kind != Binding::Kind::value || node_is_null(binding.value)) return std::nullopt;
    return BoundValue{binding.value, binding.value_scope};
}

const std::vector<Binding>* Model::find_bindings(std::string_view name, ScopeId scope, ScopeId* holder) const {
    auto found = Resolver(*this).find_name(name, scope);
    *holder = found.scope;
    return found.bindings;
}

std::optional<std::int64_t> Model::fold_integer(Node expr, ScopeId scope) const {
    return Resolver(*this).fold_int(expr, scope, 0);
}

}  // namespace pygate::analyzer
