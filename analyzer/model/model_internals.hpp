#pragma once
// The model's scopes and bindings, shared by the builder (model.cpp) and the
// resolver (resolve.cpp); not part of the analyzer's public interface.

#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "analyzer/model/model.hpp"
#include "analyzer/model/name_id_map.hpp"
#include "analyzer/syntax/syntax_tree.hpp"

namespace pygate::analyzer {

struct Binding {
    enum class Kind : std::uint8_t {
        import,      // `import a.b as x`, `from a import b`: `qualified`
        value,       // `x = value`, a for/with/walrus target: `value` evaluated in `value_scope` (null: unknown)
        definition,  // `def` or `class`: `defines` is its scope
        parameter,   // a parameter: its default `value` (in `value_scope`), or nothing
    };
    Kind kind = Kind::value;
    Node value{};
    ScopeId value_scope = -1;
    ScopeId defines = -1;
    Node statement{};       // shown in messages: `import subprocess as sp`
    std::string qualified;    // import: what the name refers to
    std::string import_path;  // import: the module as written (`a.b` for `import a.b`)
    // Once resolved: 1 + where its referents are in the model's binding
    // cache. Kept here, the cache is found without hashing.
    mutable std::uint32_t cached = 0;
};

// Lets the scopes' maps be searched with a string_view, without a copy.
struct TransparentHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};
template <class Value>
using NameMap = std::unordered_map<std::string, Value, TransparentHash, std::equal_to<>>;
using NameSet = std::unordered_set<std::string, TransparentHash, std::equal_to<>>;

struct StarImport {
    std::string module;
    Node statement;
};

struct Scope {
    ScopeKind kind = ScopeKind::module;
    ScopeId parent = -1;
    Node node{};
    Node decorated{};  // functions with decorators: the decorated_definition around node
    NameIdMap<std::vector<Binding>> names;
    std::vector<NameId> globals, nonlocals;  // a scope declares few, if any
    std::vector<StarImport> star_imports;
    std::vector<Node> returns;  // functions and lambdas: what calling them may return
    // Methods: the class body they are defined in, and their first parameter.
    ScopeId method_of = -1;
    NameId self_name = k_no_name;
    // Class bodies: `self.x = value` in their methods.
    NameIdMap<std::vector<Binding>> instance_attributes;
};

// The calls of a function of this file, and whether its name is read
// otherwise than to call it (passed on, stored, decorated with): then it
// may be called where no call site shows (string_values.cpp).
struct Model::FunctionCalls {
    struct Call {
        Node call;
        ScopeId scope;
    };
    std::vector<Call> calls;
    bool escapes = false;
};

struct Model::LookupCache {
    NameSet names;                                           // every name a referent holds, once (Model::intern)
    std::vector<std::optional<Referents>> returns;           // functions and lambdas, by ScopeId
    // The union of a name's bindings, by the binding list: a name bound n
    // times and read n times (`x = x + 1` in a loop of steps) would take n^2
    // otherwise.
    std::unordered_map<const void*, Referents> binding_unions;
    // What a class derives from: classes of this file, and named ones (`pathlib.Path`).
    struct ClassBases {
        std::vector<ScopeId> in_file;
        Referents named;
    };
    std::vector<std::optional<ClassBases>> bases;
    std::vector<FunctionCalls> function_calls;  // by ScopeId, made on the first question (Model::calls_of)
    // The name sites that read each name other than as a for loop's iterable,
    // made on the first question (Model::reads_not_iterated).
    std::optional<NameIdMap<std::vector<const Model::Site*>>> name_reads;
    // What each name is as a builtin (`builtins.print`, or empty), by NameId, once asked.
    std::vector<std::optional<std::string_view>> builtin_names;
};

// Names a binding needs that no identifier of the tree spells (the model's
// own ids follow the tree's): `from m import a.b`, which the grammar accepts,
// binds `a.b`.
struct Model::ExtraNames {
    NameMap<NameId> ids;
    std::vector<std::string_view> texts;  // by id - the tree's count; views of the map's keys, which never move
};

// A call of the builtin zip with plain arguments (no star, no keyword):
// iterating it iterates each argument (model_indexes.cpp).
bool calls_builtin_zip(const Model& model, Node call, ScopeId scope);
// `for a, b in zip(xs, ys)`: the argument of zip that fills the target named
// `name` of `targets`, one plain argument per target; a null node otherwise.
Node zipped_iterable(const Model& model, Node targets, Node iterable, std::string_view name, ScopeId scope);

}  // namespace pygate::analyzer
