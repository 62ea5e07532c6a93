#pragma once
// The semantic model of one file: Python's scopes and every binding in them,
// built in one walk of the tree, and the queries rules ask of it: what does
// this expression refer to (a qualified name such as `subprocess.run`, and
// the imports and copies that led there), and which constant string does it
// evaluate to. Flow-insensitive and conservative: a name bound to a dangerous
// value on any path resolves to it.
//
// One class, implemented by part (all in analyzer/model/):
//   model.cpp              the walk that builds scopes, bindings and sites; the
//                          text, identifier, chain and scope accessors
//   model_indexes.cpp      indexes built on first use: calls of each function,
//                          reads of each name (calls_of, reads_not_iterated)
//   resolve.cpp            what an expression refers to (resolve, resolve_call,
//                          single_value, argument, chain_step, find_bindings)
//   fold.cpp               the one constant it folds to, exact or unknown
//                          (fold_string, fold_integer, fold_path, fold_strings)
//   string_values.cpp      every constant it may hold (possible_strings)
//   reference_queries.cpp  where a value goes (followed_to_its_calls) and
//                          class ancestry (derives_from_named)

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/small_vector.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/syntax_tree.hpp"
#include "analyzer/syntax/tree_walk.hpp"
#include "analyzer/text/source.hpp"

namespace pygate::analyzer {

using ScopeId = std::int32_t;
inline constexpr ScopeId k_module_scope = 0;

// The statements that led to a referent, as a list kept by the model and
// shared by every referent reached through the same steps: adding a step
// copies nothing. Model::chain() lists one.
using ChainId = std::uint32_t;  // 0: no step

// What an expression may refer to. Plain values: the strings are held by the
// model, so a referent is valid as long as the model that made it.
struct Referent {
    enum class Kind : std::uint8_t {
        name,           // a module or a member of one: `subprocess.run`, `builtins.eval`
        instance,       // a value made by a known factory or class: `socket.socket`
        user_function,  // a def or lambda of this file (scope: its scope)
        user_class,     // a class of this file
        user_instance,  // an instance of a class of this file
        globals,        // the module's namespace: `globals()`
        namespace_of,   // `vars(X)` / `X.__dict__`: subscripting it reaches X's members
        attrgetter,     // `operator.attrgetter(S)`: calling it reads attribute S
        methodcaller,   // `operator.methodcaller(S)`: calling it calls method S
        // `type(x)` of a value whose class the resolver cannot name: a class
        // reached through an object. qualified: x's name when x is one
        // (`sys.stdin.buffer.raw`), for the library tables to say its type.
        class_of,
    };
    Kind kind = Kind::name;
    bool via_import = false;       // the name's root was bound by an import statement in this file
    // A member of a value the resolver typed by a guess (`pandas.read_csv(...)`
    // is taken for a DataFrame): the name is the guessed type's, and a name
    // the type lacks may be the value's real type's.
    bool through_instance = false;
    // A free name read after `from m import *`, taken for m's member: m's
    // table says whether m has it (when it does not, the name is some other).
    bool via_star_import = false;
    ScopeId scope = -1;            // user_function, user_class, user_instance: the scope of the definition
    std::string_view qualified;    // name and namespace_of: the name; instance: its type; attr/methodcaller: S
    std::string_view import_path;  // for `import a.b` (which binds `a`): "a.b"
    ChainId chain = 0;             // the statements that led here
};
// What an expression may refer to: usually none, one or two referents.
using Referents = SmallVector<Referent, 2>;

enum class ScopeKind : std::uint8_t { module, function, lambda, class_body, comprehension };

// Sizes of the source, for the source limits (PG012): nodes and depth are
// tree-sitter's whole tree's (SyntaxTree counts them), literals the model's walk measures.
struct SourceMetrics {
    std::uint32_t nodes = 0;           // tree-sitter's syntax nodes, tokens included
    std::uint32_t max_depth = 0;       // the deepest nesting of syntax nodes (the module is depth 0)
    Node deepest{};                  // the first node at that depth (a string, for its elided tokens)
    std::uint32_t longest_string = 0;  // bytes of the longest string or bytes literal, quotes included;
                                       // an implicit concatenation (`"a" "b"`) counts whole
    Node longest{};                  // the first such literal
};

struct Binding;
struct Scope;

class Model {
public:
    // `riding_along` (the syntax check) is shown the same walk, so the tree is
    // walked once. Nodes whose kind is in `syntax_sites` become syntax sites.
    Model(const Source& source, const SyntaxTree& tree, TreeObserver* riding_along = nullptr,
          const SymbolSet* syntax_sites = nullptr);
    ~Model();
    Model(const Model&) = delete;
    Model& operator=(const Model&) = delete;

    // What `expr`, evaluated in `scope`, may refer to; empty when nothing is
    // known. `exceeded_limits` is set when the answer was cut short by the
    // depth limit or the step budget, so it may be missing something.
    Referents resolve(Node expr, ScopeId scope, bool* exceeded_limits = nullptr) const;
    // What `call` evaluates to, given what its function refers to (`callee`,
    // already resolved), without resolving the function again.
    Referents resolve_call(Node call, const Referents& callee, ScopeId scope, bool* exceeded_limits = nullptr) const;
    // Whether calling `callee` can evaluate to a name (getattr, __import__, a
    // function of this file returning one, ...): only those calls' values are
    // worth resolving.
    static bool call_may_return_name(const Referent& callee);

    // The constant string `expr` evaluates to (literals, concatenation,
    // formatting, joins, slicing, chr(), decoders), or nothing.
    std::optional<std::string> fold_string(Node expr, ScopeId scope) const;
    std::optional<std::int64_t> fold_integer(Node expr, ScopeId scope) const;
    // The constant path `expr` names: strings as fold_string folds them, and
    // pathlib.Path(...), `/`, os.path.join, joinpath of constants. The home
    // folder (Path.home(), expanduser of `~`) folds to `/<home>` (`~user`,
    // which depends on the machine's users, is unknown), the working folder's absolute path (os.getcwd(),
    // abspath, resolve()) to `/<cwd>`, so both read as absolute. A `~` that
    // nothing expands stays a folder named `~`, as it is to CPython.
    std::optional<std::string> fold_path(Node expr, ScopeId scope) const;

    // The one value the name `identifier` is bound to where `scope` reads it
    // (a single `name = value` binding, flow-insensitively) and the scope the
    // value is evaluated in; nothing when the name has no such binding or more.
    struct BoundValue {
        Node value;
        ScopeId scope;
    };
    std::optional<BoundValue> single_value(Node identifier, ScopeId scope) const;
    // Every constant string `expr` may evaluate to, following what
    // fold_string does not: a name bound to several constants, a loop
    // variable to the elements of the list literal it iterates, a parameter
    // of a function of this file to its default and the arguments of the
    // file's calls, a call of such a function to what it returns, and an
    // attribute of a class of this file to what the class and its methods
    // set. `complete` when these are all its values: none unknown, and every
    // way in seen (a parameter of a plain function the file only calls by
    // name, a list only ever iterated; never an attribute, which setattr can
    // set unseen).
    struct StringValues {
        std::vector<std::string> values;
        bool complete = true;
    };
    StringValues possible_strings(Node expr, ScopeId scope) const;
    // Whether the value `value` stands for (read in `scope`) is followed by
    // the resolver to every place it is called, so that its calls are judged
    // there and the value itself need not be: bound to names only (each read
    // of a name is a reference of its own), a parameter's default, returned
    // by a plain function the file only calls by name, or a statement of its
    // own; through parentheses, conditional expressions, `and`/`or` and
    // walrus values. Not followed: stored in an item or an attribute, a
    // class attribute, a lambda's body, an unpacked element, returned by a
    // method, a decorated function or one passed on (a decorator, a
    // defaultdict factory), yielded, or held by a container: each is called
    // where no site shows.
    bool followed_to_its_calls(Node value, ScopeId scope) const;
    // Whether a class of this file derives, through classes of the file, from
    // a named class `matches` accepts (`class Text(str)` from `builtins.str`).
    bool derives_from_named(ScopeId class_scope, bool (*matches)(std::string_view)) const;
    // The same, and with `unnamed_matches` a base pygate cannot name
    // (`class C(type(x))`) counts as one `matches` accepts.
    bool derives_from_named(ScopeId class_scope, bool (*matches)(std::string_view), bool unnamed_matches) const;
    // Whether `class_scope` derives as above, or is a base (a mixin) of a
    // class of the file that does: its methods' self may be that class's.
    bool part_of_class_deriving_from(ScopeId class_scope, bool (*matches)(std::string_view),
                                     bool unnamed_matches) const;
    // Every constant string `expr` holds: its own value, or those of the
    // elements of a list, tuple or set literal (nested ones too).
    std::vector<std::string> fold_strings(Node expr, ScopeId scope) const;

    // A call's argument by position (keyword arguments skipped) or, when
    // `keyword` is given, by that keyword, reading `*[a, b]` and
    // `**{"k": v}` / `**dict(k=v)` as CPython fills parameters from them; a
    // null node when absent. When an unpacking pygate cannot read (`*args`,
    // `**options`) may fill it, that unpacking node: a value no fold or
    // resolution sees through, judged as unseen.
    Node argument(Node call, std::uint32_t position, std::string_view keyword = {}) const;

    // The parts of attributes, calls and subscripts, taken by position (the
    // grammar puts the object, the function and the subscripted value first,
    // the attribute name and the arguments last; extras such as comments can
    // only come between them).
    Node attribute_object(Node attribute) const { return node_first_child(attribute); }
    Node attribute_name(Node attribute) const { return node_last_child(attribute); }
    Node call_function(Node call) const { return node_first_child(call); }
    Node call_arguments(Node call) const { return node_last_child(call); }
    Node subscript_value(Node subscript) const { return node_first_child(subscript); }

    std::string_view text(Node node) const;
    // A statement of a chain as shown to people: its first line and where it is.
    ChainStep chain_step(Node statement) const;
    // The statements that led to `referent`, first (the import) to last (the use's own binding).
    std::vector<Node> chain(const Referent& referent) const;
    SourceRange range(Node node) const;
    const Source& source() const { return m_source; }
    // A module name as an import statement spells it, each part NFKC-normalised
    // (`a.b.c`); a relative import keeps its dots (`..pkg`).
    std::string dotted_name(Node node) const;
    // An identifier as CPython reads it (NFKC).
    std::string identifier(Node node) const;
    // The same without a copy when it is ASCII; `storage` holds it otherwise.
    std::string_view identifier(Node node, std::string& storage) const;

    // A site: an expression or statement the rules look at, in document order.
    // `syntax`: a node of a kind some rule asked for (loops, definitions, ...).
    enum class SiteKind : std::uint8_t { name, attribute, call, subscript, import, syntax };
    struct Site {
        Node node;
        ScopeId scope;
        SiteKind kind;
        bool store;          // assigned or deleted: `sys.path = ...`, `del x.y`
        bool mutated;        // the base of an assigned item or attribute: `sys.modules` in `sys.modules['x'] = m`
        bool chained;        // the object of an attribute (`os` in `os.system`): the longer chain is its own site
        bool callee;         // the function of a call
        Node argument_of;  // the call it is a direct argument of, or a null node
    };
    const std::vector<Site>& sites() const { return m_sites; }
    // The sites that read the name an identifier spells, in any scope, other
    // than as a for loop's iterable: where a container bound to it may change.
    const std::vector<const Site*>& reads_of_name(Node identifier) const { return reads_not_iterated(name_id(identifier)); }
    const SourceMetrics& metrics() const { return m_metrics; }
    // Starred expressions the grammar made the function of a call, the object
    // of an attribute or the value of a subscript, and the copy of the tree
    // could not put back as CPython reads them (star_reassociation.hpp: it
    // does wherever CPython allows a star): tree-sitter-python reads
    // `x = *f(y)` as `x = (*f)(y)`, which is not Python, so the tree there
    // does not say what is called.
    const std::vector<Node>& misplaced_stars() const { return m_misplaced_stars; }
    // Dunder attributes a `case` pattern reads (`case type(__subclasses__=f)`,
    // `case a.__class__`): no site shows them to the rules.
    const std::vector<Node>& pattern_dunders() const { return m_pattern_dunders; }
    // Code the grammar accepts and CPython's compiler refuses, with CPython's complaint.
    struct RefusedSyntax {
        Node node;
        std::string_view complaint;
    };
    // Arguments in an order CPython refuses (`f(a=1, b)`, `f(**k, b)`, `f(**k, *a)`).
    const std::vector<RefusedSyntax>& misordered_arguments() const { return m_misordered_arguments; }
    // String literals holding an escape CPython refuses to compile (`'\u'`),
    // or a line break after an escape in a one-line literal; t-strings
    // beside str or bytes literals (`t"a" "b"`).
    const std::vector<RefusedSyntax>& refused_escapes() const { return m_refused_escapes; }
    // f-strings CPython 3.11 refuses or reads as another string than the
    // grammar, which reads them as 3.12 does (PEP 701: `f"{"a"}"`, a
    // backslash or a comment in a replacement field): syntax errors for a
    // 3.11 target only (analyzer/text/fstring_before_pep701.hpp).
    const std::vector<RefusedSyntax>& fstrings_refused_before_pep701() const {
        return m_fstrings_refused_before_pep701;
    }
    Node root() const { return m_root; }

    // Whether a scope that code at `place` can see binds `name` (assignment,
    // import, definition, parameter, ...) or may bind it through `from m
    // import *`: the module, or a function, lambda or class whose definition
    // holds `place`. Conservative: the binding need not be before `place`.
    bool may_bind_at(std::string_view name, Node place) const;

    // Whether an import statement anywhere in the file imports `module` or a
    // submodule of it (`import asyncio.subprocess`, `from asyncio import sleep`).
    bool imports(std::string_view module) const;

    ScopeKind scope_kind(ScopeId scope) const;
    // The def, lambda, class or comprehension a scope is the body of (the
    // module's root for the module).
    Node definition(ScopeId scope) const;
    // A function's decorated_definition (its decorators are its named children
    // before the def), or a null node when it has none.
    Node decorated_definition(ScopeId function) const;
    // The nearest enclosing class body of a method's scope, or -1.
    ScopeId enclosing_class(ScopeId scope) const;

private:
    friend class ModelBuilder;
    friend class Resolver;
    friend class ConstantFolder;
    friend class StringValueCollector;

    const Source& m_source;
    Node m_root;
    SourceMetrics m_metrics;
    std::vector<std::unique_ptr<Scope>> m_scopes;
    std::vector<Site> m_sites;
    std::vector<Node> m_misplaced_stars;
    std::vector<Node> m_pattern_dunders;
    std::vector<RefusedSyntax> m_misordered_arguments;
    std::vector<RefusedSyntax> m_refused_escapes;
    std::vector<RefusedSyntax> m_fstrings_refused_before_pep701;
    std::vector<std::string> m_imported_modules;  // as the import statements spell them
    std::unordered_map<const void*, ScopeId> m_scope_of_node;  // lambdas, by node id
    mutable std::vector<Referents> m_binding_cache;  // what resolved bindings refer to (Binding::cached)
    // What referents point into: the names they hold, and their chains' links.
    struct ChainLink {
        Node statement;
        ChainId previous;
    };
    mutable std::vector<ChainLink> m_chain_links{ChainLink{}};  // [0]: the empty chain
    std::string_view intern(std::string_view text) const;
    // Names by id: the tree's identifiers' (analyzer/syntax/identifier_table.hpp),
    // then the few ExtraNames. An identifier's id is read from its record;
    // a name given as text is looked up (k_no_name: nothing in the file is so
    // named, so no scope binds it).
    const IdentifierTable& m_names;
    struct ExtraNames;
    std::unique_ptr<ExtraNames> m_extra_names;
    NameId name_id(Node identifier) const {
        NameId id = node_name_id(identifier);
        return id != k_no_name ? id : name_id_of_text(identifier);
    }
    NameId name_id_of_text(Node identifier) const;
    NameId find_name_id(std::string_view name) const;
    NameId intern_name(std::string_view name);  // while the model is built
    std::string_view name_text(NameId id) const {
        return id < m_names.size() ? m_names.name(id) : extra_name_text(id);
    }
    std::string_view extra_name_text(NameId id) const;
    ChainId add_step(ChainId chain, Node statement) const;
    // What each name means in each function scope, where that does not depend
    // on where in the scope it is used (module and class code runs in order).
    struct LookupCache;
    std::unique_ptr<LookupCache> m_lookup_cache;
    // The bindings Python's scoping finds for `name` read in `scope`, and the scope holding them.
    const std::vector<Binding>* find_bindings(NameId name, ScopeId scope, ScopeId* holder) const;
    struct FunctionCalls;
    const FunctionCalls& calls_of(ScopeId function) const;
    // The name sites that read `name`, in any scope, other than as a for loop's iterable.
    const std::vector<const Site*>& reads_not_iterated(NameId name) const;
};

}  // namespace pygate::analyzer
