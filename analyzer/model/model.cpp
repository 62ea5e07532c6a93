// Building the model: one walk of the tree that opens Python's scopes where Python
// opens them, records every binding, and lists the sites rules look at.
#include "analyzer/model/model.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "analyzer/model/model_internals.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/sole_expression.hpp"
#include "analyzer/text/identifier.hpp"
#include "analyzer/text/fstring_before_pep701.hpp"
#include "analyzer/text/string_literal.hpp"

namespace pygate::analyzer {
namespace {

Node field(Node node, TSFieldId id) {
    return node_child_by_field_id(node, id);
}

}  // namespace

class ModelBuilder {
public:
    ModelBuilder(Model& model, TreeObserver* observer, const SymbolSet* syntax_sites)
        : m_model(model), m_symbols(PythonSymbols::get()), m_observer(observer), m_syntax_sites(syntax_sites) {}

    void build(Node root) {
        new_scope(ScopeKind::module, -1, root);
        walk(root);
    }

private:
    Model& m_model;
    const PythonSymbols& m_symbols;
    TreeObserver* m_observer;
    const SymbolSet* m_syntax_sites;

    // The scope a subtree belongs to, opened when the walk reaches it.
    struct PendingScope {
        const void* node;
        ScopeId scope;
    };
    std::vector<PendingScope> m_pending;
    struct OpenScope {
        std::uint32_t depth;
        ScopeId scope;
    };
    std::vector<OpenScope> m_open;

    Scope& scope(ScopeId id) { return *m_model.m_scopes[static_cast<std::size_t>(id)]; }

    ScopeId new_scope(ScopeKind kind, ScopeId parent, Node node) {
        auto created = std::make_unique<Scope>();
        created->kind = kind;
        created->parent = parent;
        created->node = node;
        if (kind == ScopeKind::function || kind == ScopeKind::lambda) {
            ScopeId enclosing = parent;
            if (enclosing >= 0 && scope(enclosing).kind == ScopeKind::class_body) created->method_of = enclosing;
        }
        m_model.m_scopes.push_back(std::move(created));
        return static_cast<ScopeId>(m_model.m_scopes.size() - 1);
    }

    void open_later(Node node, ScopeId id) {
        if (!node_is_null(node)) m_pending.push_back({node.id, id});
    }

    void walk(Node root) {
        Cursor cursor = cursor_new(root);
        std::uint32_t depth = 0;
        std::vector<std::uint8_t> stored;  // whether each ancestor is an assignment target, by depth
        // The observer riding along sees what walk_preorder would show it.
        constexpr std::uint32_t k_not_skipping = static_cast<std::uint32_t>(-1);
        std::uint32_t observer_skips_below = k_not_skipping;
        for (;;) {
            Node node = cursor_current_node(&cursor);
            bool observer_descends = false;
            if (m_observer != nullptr) {
                if (depth <= observer_skips_below) observer_skips_below = k_not_skipping;
                if (observer_skips_below == k_not_skipping) {
                    observer_descends = m_observer->visit(node, depth) == WalkStep::descend;
                    if (!observer_descends) observer_skips_below = depth;
                }
            }
            bool descend = true;
            // Tokens bind nothing and are no sites: only named nodes are visited.
            if (node_is_named(node)) {
                while (!m_open.empty() && m_open.back().depth >= depth && depth > 0)
                    m_open.pop_back();
                for (std::size_t i = m_pending.size(); i-- > 0;) {
                    if (m_pending[i].node != node.id) continue;
                    m_open.push_back({depth, m_pending[i].scope});
                    m_pending.erase(m_pending.begin() + static_cast<std::ptrdiff_t>(i));
                    break;
                }
                ScopeId current = m_open.empty() ? k_module_scope : m_open.back().scope;
                TSSymbol kind = node_symbol(node);
                Node parent = depth > 0 ? node_parent(node) : Node{};
                Place place{node_is_null(parent) ? TSSymbol{0} : node_symbol(parent), depth > 0 && stored[depth - 1],
                            parent, depth > 1 ? node_parent(parent) : Node{}};
                if (stored.size() <= depth) stored.resize(depth + 1);
                stored[depth] = visit(node, kind, current, place);
                // A string's children are tokens, unless it is an f-string with replacement fields.
                // The copy has none for a literal that is neither nor holds a backslash
                // (syntax_tree.hpp): nothing to enter there, and no escape to check.
                if (kind == m_symbols.string) {
                    measure_literal(node);
                    if (!node_tokens_elided(node)) {
                        std::string_view text = m_model.text(node);
                        descend = parse_string_prefix(text).format;
                        if (text.find('\\') != std::string_view::npos) check_backslashes(node, text);
                        if (descend)
                            if (auto complaint = fstring_refused_by_python_311(text))
                                m_model.m_fstrings_refused_before_pep701.push_back({node, *complaint});
                    }
                } else if (kind == m_symbols.concatenated_string) {
                    measure_literal(node);  // `"a" "b"` is one constant to CPython: one literal to smuggle data in
                    check_template_mix(node);
                }
            } else if (node_child_count(node) > 0) {  // rare: a token with children is no assignment target
                if (stored.size() <= depth) stored.resize(depth + 1);
                stored[depth] = false;
            }
            if ((descend || observer_descends) && node_child_count(node) > 0 &&
                cursor_goto_first_child(&cursor)) {
                ++depth;
                continue;
            }
            if (observer_descends) m_observer->leaf(node);
            while (!cursor_goto_next_sibling(&cursor)) {
                if (depth == 0 || !cursor_goto_parent(&cursor)) return;
                --depth;
            }
        }
    }

    // --- sites

    // Identifiers that are not read where they stand: names being bound,
    // attribute names, keyword names, parts of import statements.
    bool is_load(TSSymbol parent, TSFieldId field_id) const {
        const PythonSymbols& s = m_symbols;
        if (parent == s.attribute) return field_id != s.field_attribute;
        if (parent == s.keyword_argument) return field_id != s.field_name;
        if (parent == s.function_definition || parent == s.class_definition) return field_id != s.field_name;
        if (parent == s.default_parameter || parent == s.typed_default_parameter) return field_id != s.field_name;
        if (parent == s.assignment || parent == s.augmented_assignment) return field_id != s.field_left;
        if (parent == s.for_statement || parent == s.for_in_clause) return field_id != s.field_left;
        if (parent == s.named_expression) return field_id != s.field_name;
        if (parent == s.except_clause) return field_id != s.field_alias;
        return !(parent == s.parameters || parent == s.lambda_parameters || parent == s.typed_parameter ||
                 parent == s.list_splat_pattern || parent == s.dictionary_splat_pattern || parent == s.dotted_name ||
                 parent == s.aliased_import || parent == s.relative_import || parent == s.import_statement ||
                 parent == s.import_from_statement || parent == s.global_statement || parent == s.nonlocal_statement ||
                 parent == s.pattern_list || parent == s.tuple_pattern || parent == s.list_pattern ||
                 parent == s.as_pattern_target || parent == s.keyword_pattern || parent == s.case_pattern ||
                 parent == s.future_import_statement);
    }

    // Whether an attribute or subscript under `parent` is stored to: the
    // target of `=`, an augmented assignment, `for` (a statement's or a
    // comprehension's), `with ... as`, or an element of a target tuple or list.
    bool is_store(TSSymbol parent, TSFieldId field_id) const {
        const PythonSymbols& s = m_symbols;
        return ((parent == s.assignment || parent == s.augmented_assignment || parent == s.for_statement ||
                 parent == s.for_in_clause) &&
                field_id == s.field_left) ||
               parent == s.delete_statement || parent == s.pattern_list || parent == s.tuple_pattern ||
               parent == s.list_pattern || parent == s.as_pattern_target;
    }

    // Where a node stands: its parent's kind, whether the parent is assigned,
    // and its grandparent (the call, for an argument).
    struct Place {
        TSSymbol parent;
        bool parent_stored;
        Node parent_node;
        Node grandparent;
    };

    // An attribute a `case` pattern reads: the keyword of `C(attr=...)`, or a
    // later part of a dotted value or class name (`a.attr`).
    bool reads_attribute_in_pattern(Node identifier, const Place& place) const {
        const PythonSymbols& s = m_symbols;
        if (place.parent == s.keyword_pattern)
            return node_start_byte(identifier) == node_start_byte(place.parent_node);
        if (place.parent != s.dotted_name || node_is_null(place.grandparent)) return false;
        TSSymbol outer = node_symbol(place.grandparent);
        bool in_pattern = outer != s.import_statement && outer != s.import_from_statement &&
                          outer != s.aliased_import && outer != s.relative_import && outer != s.future_import_statement;
        return in_pattern && node_start_byte(identifier) != node_start_byte(place.parent_node);
    }

    // `t"a" "b"`: CPython 3.14 refuses a t-string beside a str or bytes
    // literal (a Template and a str make no one constant). Only a 3.14 parse
    // reads a t-string as a string (template_strings.hpp).
    void check_template_mix(Node node) {
        bool templates = false, others = false;
        for (std::uint32_t i = 0, n = node_named_child_count(node); i < n; ++i) {
            Node part = node_named_child(node, i);
            if (node_symbol(part) != m_symbols.string) continue;
            (parse_string_prefix(m_model.text(part)).template_string ? templates : others) = true;
        }
        if (templates && others)
            m_model.m_refused_escapes.push_back({node, "cannot mix t-string literals with string or bytes literals"});
    }

    // A literal with a backslash: an escape CPython refuses, or (a grammar
    // bug) a line break right after an escape in a one-line literal, which
    // tree-sitter takes into the string and CPython reads as its end. Here,
    // not in the syntax check riding along: that walk skips one-line
    // subtrees, and every string must be seen.
    void check_backslashes(Node node, std::string_view text) {
        std::optional<LiteralParts> parts = split_string_literal(text);
        if (!parts) return;  // unterminated: a syntax error of its own
        std::string_view body = parts->body;
        if (auto complaint = refused_escape(body, parts->prefix)) {
            m_model.m_refused_escapes.push_back({node, *complaint});
            return;
        }
        if (parts->triple_quoted) return;
        for (std::size_t i = 0; i < body.size(); ++i) {
            if (body[i] == '\\') {
                ++i;  // the escaped character, a line break included (a continuation)
            } else if (body[i] == '\n') {
                m_model.m_refused_escapes.push_back({node, "unterminated string literal"});
                return;
            }
        }
    }

    void measure_literal(Node node) {
        SourceMetrics& metrics = m_model.m_metrics;
        std::uint32_t length = node_end_byte(node) - node_start_byte(node);
        if (length > metrics.longest_string) {
            metrics.longest_string = length;
            metrics.longest = node;
        }
    }

    void add_site(Node node, ScopeId scope, Model::SiteKind kind, const Place& place, TSFieldId field_id,
                  bool store) {
        const PythonSymbols& s = m_symbols;
        TSSymbol parent = place.parent;
        bool base_of_parent = (parent == s.attribute && field_id == s.field_object) ||
                              (parent == s.subscript && field_id == s.field_value);
        Node argument_of = parent == s.argument_list && !node_is_null(place.grandparent) &&
                                     node_symbol(place.grandparent) == s.call
                                 ? place.grandparent
                                 : Node{};
        m_model.m_sites.push_back({node, scope, kind, store, base_of_parent && place.parent_stored,
                                   parent == s.attribute && field_id == s.field_object,
                                   parent == s.call && field_id == s.field_function, argument_of});
    }

    // Returns whether `node` is an assignment target (its children's sites need to know).
    bool visit(Node node, TSSymbol kind, ScopeId current, const Place& place) {
        const PythonSymbols& s = m_symbols;
        bool store = false;
        if (m_syntax_sites != nullptr && kind < m_syntax_sites->size() && (*m_syntax_sites)[kind])
            add_site(node, current, Model::SiteKind::syntax, place, 0, false);
        if (place.parent == s.argument_list) check_argument_order(node, kind, place.parent_node);
        if (kind == s.identifier) {
            TSFieldId field_id = node_field(node);
            if (is_load(place.parent, field_id)) add_site(node, current, Model::SiteKind::name, place, field_id, false);
            if (reads_attribute_in_pattern(node, place) && is_dunder_name(m_model.identifier(node)))
                m_model.m_pattern_dunders.push_back(node);
        } else if (kind == s.attribute || kind == s.subscript) {
            TSFieldId field_id = node_field(node);
            store = is_store(place.parent, field_id);
            add_site(node, current, kind == s.attribute ? Model::SiteKind::attribute : Model::SiteKind::subscript,
                     place, field_id, store);
        } else if (kind == s.call) {
            add_site(node, current, Model::SiteKind::call, place, node_field(node), false);
        } else if (kind == s.import_statement || kind == s.import_from_statement || kind == s.future_import_statement) {
            add_site(node, current, Model::SiteKind::import, place, 0, false);
            bind_import(node, current);
        } else if (kind == s.assignment) {
            bind_assignment(node, current);
        } else if (kind == s.augmented_assignment) {
            bind_targets(field(node, s.field_left), Node{}, current, node);
        } else if (kind == s.named_expression) {
            ScopeId target = current;
            while (scope(target).kind == ScopeKind::comprehension)
                target = scope(target).parent;
            bind_name(field(node, s.field_name), Binding::Kind::value, field(node, s.field_value), current, target,
                      node);
        } else if (kind == s.for_statement) {
            bind_for(field(node, s.field_left), field(node, s.field_right), current, current, node);
        } else if (kind == s.with_item) {
            bind_with(node, current);
        } else if (kind == s.except_clause) {
            Node alias = field(node, s.field_alias);
            if (!node_is_null(alias)) bind_targets(alias, Node{}, current, node);
        } else if (kind == s.function_definition) {
            define_function(node, current, place.parent == s.decorated_definition ? place.parent_node : Node{});
        } else if (kind == s.class_definition) {
            define_class(node, current);
        } else if (kind == s.lambda) {
            ScopeId body = new_scope(ScopeKind::lambda, current, node);
            m_model.m_scope_of_node.emplace(node.id, body);
            bind_parameters(field(node, s.field_parameters), body, current);
            scope(body).returns.push_back(field(node, s.field_body));
            open_later(field(node, s.field_body), body);
        } else if (kind == s.list_comprehension || kind == s.set_comprehension || kind == s.dictionary_comprehension ||
                   kind == s.generator_expression) {
            open_comprehension(node, current);
        } else if (kind == s.global_statement || kind == s.nonlocal_statement) {
            auto& names = kind == s.global_statement ? scope(current).globals : scope(current).nonlocals;
            for (std::uint32_t i = 0; i < node_named_child_count(node); ++i) {
                NameId name = bound_name(node_named_child(node, i));
                if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
            }
        } else if (kind == s.return_statement) {
            if (node_named_child_count(node) > 0) scope(current).returns.push_back(node_named_child(node, 0));
        } else if (kind == s.list_splat || kind == s.dictionary_splat) {
            TSFieldId field_id = node_field(node);
            if ((place.parent == s.call && field_id == s.field_function) ||
                (place.parent == s.attribute && field_id == s.field_object) ||
                (place.parent == s.subscript && field_id == s.field_value))
                m_model.m_misplaced_stars.push_back(node);
        }
        return store;
    }

    // Python's order of arguments: positional ones, then keywords, with
    // `*iterable` anywhere before the first `**mapping`. The state of each
    // argument list being walked; one whose arguments are all seen is
    // dropped when the walk returns to an enclosing list.
    struct ArgumentListState {
        const void* list;
        bool keyword = false;      // a `name=value` was seen
        bool double_star = false;  // a `**mapping` was seen
    };
    std::vector<ArgumentListState> m_argument_lists;

    void check_argument_order(Node argument, TSSymbol kind, Node list) {
        const PythonSymbols& s = m_symbols;
        if (kind == s.comment || kind == s.line_continuation) return;  // the grammar's extras
        // Lists nested in this list's earlier arguments are finished: drop them, keep this one's state.
        auto open = std::find_if(m_argument_lists.rbegin(), m_argument_lists.rend(),
                                 [&](const ArgumentListState& state) { return state.list == list.id; });
        if (open == m_argument_lists.rend())
            m_argument_lists.push_back({list.id});
        else
            m_argument_lists.erase(open.base(), m_argument_lists.end());
        ArgumentListState& state = m_argument_lists.back();
        std::string_view complaint;
        if (kind == s.keyword_argument) {
            state.keyword = true;
        } else if (kind == s.dictionary_splat) {
            state.double_star = true;
        } else if (kind == s.list_splat) {
            if (state.double_star) complaint = "iterable argument unpacking follows keyword argument unpacking";
        } else if (state.double_star) {
            complaint = "positional argument follows keyword argument unpacking";
        } else if (state.keyword) {
            complaint = "positional argument follows keyword argument";
        }
        if (!complaint.empty()) m_model.m_misordered_arguments.push_back({argument, complaint});
    }

    // --- bindings

    void add_binding(ScopeId in, NameId name, Binding binding) {
        scope(in).names[name].push_back(std::move(binding));
    }

    // The id an identifier binds under: its record's, or its text's.
    NameId bound_name(Node identifier) {
        NameId id = node_name_id(identifier);
        return id != k_no_name ? id : m_model.intern_name(m_model.identifier(identifier));
    }

    static bool declares(const std::vector<NameId>& declared, NameId name) {
        return !declared.empty() && std::find(declared.begin(), declared.end(), name) != declared.end();
    }

    Binding* bind_name(Node name_node, Binding::Kind kind, Node value, ScopeId value_scope, ScopeId in,
                       Node statement) {
        if (node_is_null(name_node) || node_symbol(name_node) != m_symbols.identifier) return nullptr;
        Binding binding;
        binding.kind = kind;
        binding.value = value;
        binding.value_scope = value_scope;
        binding.statement = statement;
        NameId name = bound_name(name_node);
        auto& list = scope(declared_scope(in, name)).names[name];
        list.push_back(std::move(binding));
        return &list.back();
    }

    // Where an assignment in `in` binds `name`: the module after `global`, the
    // nearest enclosing function after `nonlocal`, else `in` itself.
    ScopeId declared_scope(ScopeId in, NameId name) {
        const Scope& here = scope(in);
        if (declares(here.globals, name)) return k_module_scope;
        if (!declares(here.nonlocals, name)) return in;
        for (ScopeId at = here.parent; at > k_module_scope; at = scope(at).parent) {
            ScopeKind kind = scope(at).kind;
            if (kind == ScopeKind::function || kind == ScopeKind::lambda) return declared_scope(at, name);
        }
        return in;
    }

    // Targets of an assignment, unpacking a literal sequence element by element.
    void bind_targets(Node target, Node value, ScopeId current, Node statement) {
        const PythonSymbols& s = m_symbols;
        if (node_is_null(target)) return;
        TSSymbol kind = node_symbol(target);
        if (kind == s.identifier) {
            bind_name(target, Binding::Kind::value, value, current, current, statement);
        } else if (kind == s.pattern_list || kind == s.tuple_pattern || kind == s.list_pattern || kind == s.tuple ||
                   kind == s.list) {
            // Element by element; with a starred target, those before it count
            // from the start and those after it from the end.
            std::uint32_t count = node_named_child_count(target);
            std::uint32_t star = count;
            for (std::uint32_t i = 0; i < count; ++i)
                if (node_symbol(node_named_child(target, i)) == s.list_splat_pattern) star = i;
            Node values = node_is_null(value) || !is_sequence_literal(value) ? Node{} : unparenthesized(value);
            std::uint32_t available = node_is_null(values) ? 0 : node_named_child_count(values);
            bool literal = !node_is_null(values) && (star == count ? available == count : available + 1 >= count);
            for (std::uint32_t i = 0; i < count; ++i) {
                Node element = node_named_child(target, i);
                Node element_value{};
                if (literal && i != star)
                    element_value = node_named_child(values, i < star ? i : available - (count - i));
                bind_targets(element, element_value, current, statement);
            }
        } else if (kind == s.list_splat_pattern || kind == s.parenthesized_expression) {
            if (node_named_child_count(target) > 0)
                bind_targets(node_named_child(target, 0), Node{}, current, statement);
        } else if (kind == s.attribute) {
            bind_attribute_target(target, value, current, statement);
        }
    }

    // `self.x = value` in a method records x on the class; `C.x = value` on class C.
    void bind_attribute_target(Node target, Node value, ScopeId current, Node statement) {
        if (node_is_null(value)) return;
        Node object = field(target, m_symbols.field_object);
        if (node_symbol(object) != m_symbols.identifier) return;
        ScopeId method = current;
        if (method < 0 || scope(method).method_of < 0) return;
        if (bound_name(object) != scope(method).self_name) return;
        Binding binding;
        binding.kind = Binding::Kind::value;
        binding.value = value;
        binding.value_scope = current;
        binding.statement = statement;
        scope(scope(method).method_of)
            .instance_attributes[bound_name(field(target, m_symbols.field_attribute))]
            .push_back(std::move(binding));
    }

    // The expression inside any brackets around `node`.
    Node unparenthesized(Node node) const {
        while (node_symbol(node) == m_symbols.parenthesized_expression) {
            Node inner = sole_expression(node);
            if (node_is_null(inner)) break;
            node = inner;
        }
        return node;
    }

    bool is_sequence_literal(Node node) const {
        TSSymbol kind = node_symbol(unparenthesized(node));
        return kind == m_symbols.tuple || kind == m_symbols.list || kind == m_symbols.expression_list ||
               kind == m_symbols.set;
    }

    void bind_assignment(Node node, ScopeId current) {
        Node right = field(node, m_symbols.field_right);
        // `a = b = value`: every target gets the final value.
        Node value = right;
        while (!node_is_null(value) && node_symbol(value) == m_symbols.assignment)
            value = field(value, m_symbols.field_right);
        Node left = field(node, m_symbols.field_left);
        if (node_is_null(right)) {  // `x: int` declares x local without a value
            bind_targets(left, Node{}, current, node);
            return;
        }
        bind_targets(left, value, current, node);
    }

    // `for f in (eval, exec)`: f may be each element.
    void bind_for(Node left, Node right, ScopeId value_scope, ScopeId in, Node statement) {
        if (node_is_null(left)) return;
        if (node_symbol(left) == m_symbols.identifier && !node_is_null(right) && is_sequence_literal(right)) {
            Node sequence = unparenthesized(right);
            for (std::uint32_t i = 0; i < node_named_child_count(sequence); ++i)
                bind_name(left, Binding::Kind::value, node_named_child(sequence, i), value_scope, in, statement);
            return;
        }
        ScopeId saved = in;
        bind_targets(left, Node{}, saved, statement);
    }

    void bind_with(Node item, ScopeId current) {
        Node value = field(item, m_symbols.field_value);
        if (node_symbol(value) != m_symbols.as_pattern) return;
        Node expression = node_named_child(value, 0);
        Node alias = field(value, m_symbols.field_alias);
        if (node_is_null(alias) || node_named_child_count(alias) == 0) return;
        // The context manager's __enter__ usually returns itself: conservatively, the target is the value.
        bind_targets(node_named_child(alias, 0), expression, current, item);
    }

    void bind_import(Node node, ScopeId current) {
        const PythonSymbols& s = m_symbols;
        TSSymbol kind = node_symbol(node);
        if (kind == s.future_import_statement) return;
        std::string module;
        if (kind == s.import_from_statement) {
            Node module_node = field(node, s.field_module_name);
            module = m_model.dotted_name(module_node);
            m_model.m_imported_modules.push_back(module);
        }
        for (std::uint32_t i = 0; i < node_named_child_count(node); ++i) {
            Node child = node_named_child(node, i);
            TSSymbol child_kind = node_symbol(child);
            if (kind == s.import_from_statement && node_eq(child, field(node, s.field_module_name))) continue;
            if (child_kind == s.wildcard_import) {
                scope(current).star_imports.push_back({module, node});
                continue;
            }
            Binding binding;
            binding.kind = Binding::Kind::import;
            binding.statement = node;
            std::string bound;
            if (child_kind == s.aliased_import) {
                std::string name = m_model.dotted_name(field(child, s.field_name));
                if (kind != s.import_from_statement) m_model.m_imported_modules.push_back(name);
                binding.qualified = kind == s.import_from_statement ? module + "." + name : name;
                binding.import_path = binding.qualified;
                bound = m_model.identifier(field(child, s.field_alias));
            } else if (child_kind == s.dotted_name) {
                std::string name = m_model.dotted_name(child);
                if (kind == s.import_from_statement) {
                    binding.qualified = module + "." + name;
                    binding.import_path = binding.qualified;
                    bound = name;
                } else {  // `import a.b.c` binds `a`
                    m_model.m_imported_modules.push_back(name);
                    bound = name.substr(0, name.find('.'));
                    binding.qualified = bound;
                    binding.import_path = name;
                }
            } else {
                continue;
            }
            add_binding(current, m_model.intern_name(bound), std::move(binding));
        }
    }

    void bind_parameters(Node parameters, ScopeId body, ScopeId enclosing) {
        const PythonSymbols& s = m_symbols;
        if (node_is_null(parameters)) return;
        bool first = true;
        for_each_named_child(parameters, [&](Node parameter) {
            TSSymbol kind = node_symbol(parameter);
            Node name{};
            Node default_value{};
            if (kind == s.identifier) {
                name = parameter;
            } else if (kind == s.default_parameter || kind == s.typed_default_parameter) {
                name = field(parameter, s.field_name);
                default_value = field(parameter, s.field_value);
            } else if (kind == s.typed_parameter || kind == s.list_splat_pattern ||
                       kind == s.dictionary_splat_pattern) {
                name = node_named_child(parameter, 0);
                if (!node_is_null(name) && node_symbol(name) != s.identifier && node_named_child_count(name))
                    name = node_named_child(name, 0);
            } else {
                return;
            }
            if (node_is_null(name) || node_symbol(name) != s.identifier) return;
            if (first && kind != s.list_splat_pattern && kind != s.dictionary_splat_pattern &&
                scope(body).method_of >= 0 && scope(body).kind == ScopeKind::function) {
                scope(body).self_name = bound_name(name);
            }
            first = false;
            bind_name(name, Binding::Kind::parameter, default_value, enclosing, body, parameter);
        });
    }

    void define_function(Node node, ScopeId current, Node decorated) {
        Binding* name =
            bind_name(field(node, m_symbols.field_name), Binding::Kind::definition, node, current, current, node);
        ScopeId body = new_scope(ScopeKind::function, current, node);
        scope(body).decorated = decorated;
        if (name != nullptr) name->defines = body;
        bind_parameters(field(node, m_symbols.field_parameters), body, current);
        open_later(field(node, m_symbols.field_body), body);
    }

    void define_class(Node node, ScopeId current) {
        Binding* name =
            bind_name(field(node, m_symbols.field_name), Binding::Kind::definition, node, current, current, node);
        ScopeId body = new_scope(ScopeKind::class_body, current, node);
        if (name != nullptr) name->defines = body;
        open_later(field(node, m_symbols.field_body), body);
    }

    // The first iterable is evaluated outside; everything else in the comprehension's scope.
    void open_comprehension(Node node, ScopeId current) {
        ScopeId inner = new_scope(ScopeKind::comprehension, current, node);
        bool first_for = true;
        for (std::uint32_t i = 0; i < node_named_child_count(node); ++i) {
            Node child = node_named_child(node, i);
            open_later(child, inner);
            if (node_symbol(child) != m_symbols.for_in_clause) continue;
            Node right = field(child, m_symbols.field_right);
            bind_for(field(child, m_symbols.field_left), right, first_for ? current : inner, inner, child);
            if (first_for) open_later(right, current);
            first_for = false;
        }
    }
};

Model::Model(const Source& source, const SyntaxTree& tree, TreeObserver* riding_along, const SymbolSet* syntax_sites)
    : m_source(source), m_root(tree.root()), m_names(tree.names()), m_extra_names(std::make_unique<ExtraNames>()) {
    m_metrics.nodes = tree.tree_sitter_nodes();
    m_metrics.max_depth = tree.max_depth();
    m_metrics.deepest = tree.deepest();
    m_sites.reserve(1024);
    ModelBuilder(*this, riding_along, syntax_sites).build(m_root);
    std::sort(m_imported_modules.begin(), m_imported_modules.end());
    m_lookup_cache = std::make_unique<LookupCache>();
    m_lookup_cache->returns.resize(m_scopes.size());
    m_lookup_cache->bases.resize(m_scopes.size());
}

Model::~Model() = default;

std::string_view Model::text(Node node) const {
    std::uint32_t begin = node_start_byte(node), end = node_end_byte(node);
    if (end > m_source.text.size() || begin > end) return {};
    return std::string_view(m_source.text).substr(begin, end - begin);
}

SourceRange Model::range(Node node) const {
    return m_source.range_of(node_start_byte(node), node_end_byte(node));
}

std::string Model::dotted_name(Node node) const {
    const PythonSymbols& s = PythonSymbols::get();
    if (node_is_null(node)) return {};
    std::string out;
    if (node_symbol(node) == s.relative_import) {
        for (std::uint32_t i = 0; i < node_child_count(node); ++i) {
            Node part = node_child(node, i);
            out += node_symbol(part) == s.dotted_name ? dotted_name(part) : std::string(text(part));
        }
        return out;
    }
    for (std::uint32_t i = 0; i < node_named_child_count(node); ++i) {
        if (i > 0) out += '.';
        out += identifier(node_named_child(node, i));
    }
    return out;
}

bool Model::imports(std::string_view module) const {
    // Sorted once built: `asyncio`, `asyncio.subprocess`, ... sit together after `module`.
    auto it = std::lower_bound(m_imported_modules.begin(), m_imported_modules.end(), module);
    return it != m_imported_modules.end() &&
           (*it == module || (it->starts_with(module) && it->size() > module.size() && (*it)[module.size()] == '.'));
}

std::string Model::identifier(Node node) const {
    return normalize_identifier(text(node));
}

std::string_view Model::identifier(Node node, std::string& storage) const {
    std::string_view spelled = text(node);
    if (std::all_of(spelled.begin(), spelled.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        return spelled;
    storage = normalize_identifier(spelled);
    return storage;
}

std::string_view Model::intern(std::string_view text) const {
    NameSet& names = m_lookup_cache->names;
    auto it = names.find(text);
    if (it == names.end()) it = names.emplace(text).first;
    return *it;  // set nodes never move: the view stays valid
}

NameId Model::name_id_of_text(Node identifier) const {
    std::string storage;
    return find_name_id(this->identifier(identifier, storage));
}

NameId Model::find_name_id(std::string_view name) const {
    NameId id = m_names.find(name);
    if (id != k_no_name) return id;
    auto extra = m_extra_names->ids.find(name);
    return extra == m_extra_names->ids.end() ? k_no_name : extra->second;
}

NameId Model::intern_name(std::string_view name) {
    NameId id = find_name_id(name);
    if (id != k_no_name) return id;
    id = static_cast<NameId>(m_names.size() + m_extra_names->texts.size());
    auto added = m_extra_names->ids.emplace(std::string(name), id).first;
    m_extra_names->texts.push_back(added->first);
    return id;
}

std::string_view Model::extra_name_text(NameId id) const {
    return m_extra_names->texts[id - m_names.size()];
}

ChainId Model::add_step(ChainId chain, Node statement) const {
    m_chain_links.push_back({statement, chain});
    return static_cast<ChainId>(m_chain_links.size() - 1);
}

std::vector<Node> Model::chain(const Referent& referent) const {
    std::vector<Node> out;
    for (ChainId at = referent.chain; at != 0; at = m_chain_links[at].previous)
        out.push_back(m_chain_links[at].statement);
    std::reverse(out.begin(), out.end());
    return out;
}

bool Model::may_bind_at(std::string_view name, Node place) const {
    const NameId id = find_name_id(name);
    return std::any_of(m_scopes.begin(), m_scopes.end(), [&](const std::unique_ptr<Scope>& scope) {
        bool visible =
            scope->kind == ScopeKind::module || (node_start_byte(scope->node) <= node_start_byte(place) &&
                                                 node_end_byte(place) <= node_end_byte(scope->node));
        return visible && (!scope->star_imports.empty() || (id != k_no_name && scope->names.contains(id)));
    });
}

ScopeKind Model::scope_kind(ScopeId scope) const {
    return m_scopes[static_cast<std::size_t>(scope)]->kind;
}

Node Model::definition(ScopeId scope) const {
    return m_scopes[static_cast<std::size_t>(scope)]->node;
}

Node Model::decorated_definition(ScopeId function) const {
    return m_scopes[static_cast<std::size_t>(function)]->decorated;
}

ScopeId Model::enclosing_class(ScopeId scope) const {
    for (ScopeId at = scope; at >= 0; at = m_scopes[static_cast<std::size_t>(at)]->parent)
        if (m_scopes[static_cast<std::size_t>(at)]->method_of >= 0)
            return m_scopes[static_cast<std::size_t>(at)]->method_of;
    return -1;
}

}  // namespace pygate::analyzer
