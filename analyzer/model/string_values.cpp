// Model::possible_strings: every constant string an expression may hold,
// where fold_string wants exactly one. A format string reaches `.format`
// through a helper's parameter, a function's return value or a class's
// attribute as often as it is written in place; what it reads is decided by
// the values that arrive there, so each one is judged, and only when every
// way in is seen (`complete`) may a rule say that nothing else can arrive.
#include <algorithm>
#include <unordered_set>

#include "analyzer/model/budgets.hpp"
#include "analyzer/model/fold.hpp"
#include "analyzer/model/format_template.hpp"
#include "analyzer/model/model.hpp"
#include "analyzer/model/model_internals.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/sole_expression.hpp"
#include "analyzer/text/string_literal.hpp"

namespace pygate::analyzer {
namespace {

// Each question is bounded, as the resolver's are: values, their length, and steps (budgets.hpp).
constexpr std::size_t k_max_values = k_string_values_max_values;
constexpr int k_max_steps = k_string_values_max_steps;
constexpr int k_max_depth = k_string_values_max_depth;
constexpr std::size_t k_max_bytes = k_string_values_max_bytes;

Node field(Node node, TSFieldId id) {
    return node_child_by_field_id(node, id);
}

bool is_dunder(std::string_view name) {
    return name.size() > 4 && name.starts_with("__") && name.ends_with("__");
}

}  // namespace

using Values = std::vector<std::string>;

class StringValueCollector {
public:
    explicit StringValueCollector(const Model& model) : m_model(model), s(PythonSymbols::get()) {}

    Model::StringValues collect(Node expr, ScopeId scope) {
        add_values_of(expr, scope, 0, m_out.values);
        if (m_steps > k_max_steps) m_out.complete = false;
        return std::move(m_out);
    }

private:
    const Model& m_model;
    const PythonSymbols& s;
    Model::StringValues m_out;
    int m_steps = 0;
    // What is being followed: a cycle (a recursive helper passing its own
    // parameter on) adds no value that its first visit does not.
    std::unordered_set<const void*> m_following;

    const Scope& scope_at(ScopeId id) const { return *m_model.m_scopes[static_cast<std::size_t>(id)]; }

    void unknown() { m_out.complete = false; }

    void add(Values& into, std::string value) {
        if (value.size() > k_max_bytes) return unknown();
        if (std::find(into.begin(), into.end(), value) != into.end()) return;
        if (into.size() >= k_max_values) return unknown();
        into.push_back(std::move(value));
    }

    // Runs `follow` unless `key` is already being followed.
    template <class Follow>
    void once(const void* key, Follow&& follow) {
        if (!m_following.insert(key).second) return;
        follow();
        m_following.erase(key);
    }

    void add_values_of(Node expr, ScopeId scope, int depth, Values& into) {
        if (node_is_null(expr) || depth > k_max_depth || ++m_steps > k_max_steps) return unknown();
        if (auto folded = m_model.fold_string(expr, scope)) return add(into, std::move(*folded));
        TSSymbol kind = node_symbol(expr);
        if (kind == s.parenthesized_expression) {
            Node inner = sole_expression(expr);
            return node_is_null(inner) ? unknown() : add_values_of(inner, scope, depth + 1, into);
        }
        if (kind == s.conditional_expression) {  // `a if c else b`: the condition is no value
            std::vector<Node> parts;  // comments aside: `(a  # why\n if c else b)`
            for (std::uint32_t i = 0; i < node_named_child_count(expr); ++i)
                if (node_symbol(node_named_child(expr, i)) != s.comment) parts.push_back(node_named_child(expr, i));
            if (parts.size() != 3) return unknown();
            add_values_of(parts[0], scope, depth + 1, into);
            add_values_of(parts[2], scope, depth + 1, into);
            return;
        }
        if (kind == s.binary_operator && node_symbol(field(expr, s.field_operator)) == s.plus_token)
            return add_concatenations(field(expr, s.field_left), field(expr, s.field_right), scope, depth, into);
        if (kind == s.binary_operator && node_symbol(field(expr, s.field_operator)) == s.percent_token)
            return add_percent_formatted(field(expr, s.field_left), field(expr, s.field_right), scope, depth, into);
        if (kind == s.string) return add_interpolated(expr, scope, depth, into);
        if (kind == s.identifier) return add_values_of_name(expr, scope, depth, into);
        if (kind == s.call) {
            Node function = m_model.call_function(expr);
            std::string_view method =
                node_symbol(function) == s.attribute ? m_model.text(field(function, s.field_attribute)) : "";
            if (method == "format" || method == "format_map")
                return add_formatted(field(function, s.field_object), expr, method == "format_map", scope, depth, into);
            return add_values_returned(expr, scope, depth, into);
        }
        if (kind == s.attribute) return add_values_of_attribute(expr, scope, depth, into);
        unknown();
    }

    // What a replacement field shows of a value: an int's decimal digits, a string's values.
    void add_field_values(Node expr, ScopeId scope, int depth, Values& into) {
        if (!node_is_null(expr)) {
            std::optional<FoldedValue> folded = fold_value(m_model, expr, scope);
            if (folded && folded->kind == FoldedValue::Kind::integer) return add(into, std::to_string(folded->integer));
        }
        add_values_of(expr, scope, depth, into);
    }

    void add_concatenations(Node left, Node right, ScopeId scope, int depth, Values& into) {
        std::vector<Values> pieces(2);
        add_values_of(left, scope, depth + 1, pieces[0]);
        add_values_of(right, scope, depth + 1, pieces[1]);
        add_products(pieces, into);
    }

    // Every way of choosing one value of each piece, joined in order.
    void add_products(const std::vector<Values>& pieces, Values& into) {
        Values results{std::string()};
        for (const Values& piece : pieces) {
            Values longer;
            for (const std::string& result : results)
                for (const std::string& value : piece)
                    add(longer, result + value);
            results = std::move(longer);
        }
        for (std::string& result : results)
            add(into, std::move(result));
    }

    // An f-string whose replacement fields hold such values (`f"{{0.{name}}}"`);
    // a conversion, a format spec or `=` changes the text: unknown.
    void add_interpolated(Node string, ScopeId scope, int depth, Values& into) {
        std::uint32_t count = node_child_count(string);
        if (count < 2) return unknown();
        Node start = node_child(string, 0), end = node_child(string, count - 1);
        StringPrefix prefix = parse_string_prefix(m_model.text(start));
        if (prefix.bytes || prefix.template_string) return unknown();  // bytes and Templates are not strings
        std::vector<Values> pieces;
        std::uint32_t at = node_end_byte(start);
        auto literal_until = [&](std::uint32_t until) {
            if (until <= at) return true;
            auto piece = decode_string_body(std::string_view(m_model.source().text).substr(at, until - at), prefix);
            if (!piece) return false;
            pieces.push_back({std::move(*piece)});
            return true;
        };
        for (std::uint32_t i = 1; i + 1 < count; ++i) {
            Node child = node_child(string, i);
            if (node_symbol(child) != s.interpolation) continue;
            // `{x}` alone: a conversion, a spec or `=` (`{x=}`) changes the text.
            if (!literal_until(node_start_byte(child)) || node_named_child_count(child) != 1 ||
                node_child_count(child) != 3)
                return unknown();
            pieces.emplace_back();
            add_field_values(field(child, s.field_expression), scope, depth + 1, pieces.back());
            at = node_end_byte(child);
        }
        if (!literal_until(node_start_byte(end))) return unknown();
        add_products(pieces, into);
    }

    // `template % value` and `template % (a, b)` with `%s` conversions (`%d`
    // and the rest change the text: unknown).
    void add_percent_formatted(Node left, Node right, ScopeId scope, int depth, Values& into) {
        Values templates;
        add_values_of(left, scope, depth + 1, templates);
        Node arguments = right;
        while (node_symbol(arguments) == s.parenthesized_expression && !node_is_null(sole_expression(arguments)))
            arguments = sole_expression(arguments);
        std::vector<Node> values;
        if (node_symbol(arguments) == s.tuple) {
            for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i)
                values.push_back(node_named_child(arguments, i));
        } else {
            values.push_back(right);
        }
        for (const std::string& format : templates) {
            std::size_t next = 0;
            add_filled(
                percent_pieces(format),
                [&](std::string_view) { return next < values.size() ? values[next++] : Node{}; }, scope, depth, into);
            if (next != values.size()) unknown();
        }
    }

    // A template's pieces with every value each field may hold, joined;
    // `argument_of(field)` is what fills a field (a null node: nothing can tell).
    template <class ArgumentOf>
    void add_filled(const std::optional<std::vector<TemplatePiece>>& template_pieces, ArgumentOf&& argument_of,
                    ScopeId scope, int depth, Values& into) {
        if (!template_pieces) return unknown();
        std::vector<Values> pieces;
        for (const TemplatePiece& piece : *template_pieces) {
            pieces.emplace_back();
            if (!piece.field)
                pieces.back().emplace_back(piece.text);
            else
                add_field_values(argument_of(piece.text), scope, depth + 1, pieces.back());
        }
        add_products(pieces, into);
    }

    // `template.format(...)`, or `.format_map({...})` of a dict literal, whose
    // fields are plain (`{}`, `{0}`, `{name}`): each template with each value
    // of each argument, so a format string made by a first formatting pass is
    // judged by the second.
    void add_formatted(Node object, Node call, bool mapping, ScopeId scope, int depth, Values& into) {
        Values templates;
        add_values_of(object, scope, depth + 1, templates);
        for (const std::string& format : templates) {
            std::uint32_t automatic = 0;
            add_filled(
                format_pieces(format),
                [&](std::string_view field) {
                    if (!plain_format_field(field)) return Node{};
                    return mapping ? mapped_value(call, field, scope)
                                   : format_argument(m_model, call, field, automatic);
                },
                scope, depth, into);
        }
    }

    // format_map's `{name}`: the value of the dict literal passed whose key
    // folds to `name`; a null node when there is none (unknown, then).
    Node mapped_value(Node call, std::string_view name, ScopeId scope) const {
        Node mapping = m_model.argument(call, 0);
        if (node_is_null(mapping) || node_symbol(mapping) != s.dictionary) return {};
        for (std::uint32_t i = 0; i < node_named_child_count(mapping); ++i) {
            Node pair = node_named_child(mapping, i);
            if (node_symbol(pair) != s.pair) continue;
            if (m_model.fold_string(field(pair, s.field_key), scope) == name) return field(pair, s.field_value);
        }
        return {};
    }

    // Every binding of the name where `scope` reads it.
    void add_values_of_name(Node name, ScopeId scope, int depth, Values& into) {
        ScopeId holder = -1;
        const std::vector<Binding>* bindings = m_model.find_bindings(m_model.name_id(name), scope, &holder);
        if (bindings == nullptr || bindings->empty()) return unknown();
        for (const Binding& binding : *bindings) {
            once(&binding, [&] {
                if (binding.kind == Binding::Kind::parameter)
                    return add_values_of_parameter(binding, holder, depth, into);
                if (binding.kind == Binding::Kind::value && node_is_null(binding.value))
                    return add_values_iterated(name, binding.statement, holder, depth, into);
                if (binding.kind != Binding::Kind::value) return unknown();
                add_values_of(binding.value, binding.value_scope, depth + 1, into);
            });
        }
    }

    // `for name in names` (or `for a, name in zip(others, names)`), where
    // `names` is bound once, to a list or tuple literal: each element. The list holds only those when nothing can
    // change it: every other mention of `names` is a for loop's iterable too
    // (no `.append`, no item store, not passed on).
    void add_values_iterated(Node name, Node loop, ScopeId scope, int depth, Values& into) {
        TSSymbol kind = node_symbol(loop);
        if (kind != s.for_statement && kind != s.for_in_clause) return unknown();
        Node target = field(loop, s.field_left);
        Node iterable = field(loop, s.field_right);
        std::string target_storage, name_storage;
        if (node_symbol(target) == s.pattern_list || node_symbol(target) == s.tuple_pattern) {
            // `for ax, name in zip(axes, names)`: the names zip pairs with that position.
            iterable = zipped_iterable(m_model, target, iterable, m_model.identifier(name, name_storage), scope);
            if (node_is_null(iterable)) return unknown();
        } else if (node_symbol(target) != s.identifier ||
                   m_model.identifier(target, target_storage) != m_model.identifier(name, name_storage)) {
            return unknown();
        }
        if (node_symbol(iterable) != s.identifier) return unknown();
        std::optional<Model::BoundValue> bound = m_model.single_value(iterable, scope);
        if (!bound || (node_symbol(bound->value) != s.list && node_symbol(bound->value) != s.tuple)) return unknown();
        for (std::uint32_t i = 0; i < node_named_child_count(bound->value); ++i) {
            Node element = node_named_child(bound->value, i);
            if (node_symbol(element) == s.comment) continue;
            add_values_of(element, bound->scope, depth + 1, into);
        }
        for (const Model::Site* read : m_model.reads_not_iterated(m_model.name_id(iterable))) {
            unknown();
            add_values_added(node_parent(read->node), read->scope, depth, into);
        }
    }

    // `names.append(x)`, `names.insert(i, x)`, `names.extend([x, y])`: what
    // they add is followed too, though a list can change in other ways.
    void add_values_added(Node attribute, ScopeId scope, int depth, Values& into) {
        if (node_symbol(attribute) != s.attribute) return;
        Node call = node_parent(attribute);
        if (node_symbol(call) != s.call || m_model.call_function(call).id != attribute.id) return;
        std::string_view method = m_model.text(field(attribute, s.field_attribute));
        if (method == "append") return add_values_of(m_model.argument(call, 0), scope, depth + 1, into);
        if (method == "insert") return add_values_of(m_model.argument(call, 1), scope, depth + 1, into);
        if (method != "extend") return;
        Node added = m_model.argument(call, 0);  // null for `names.extend()`
        if (node_is_null(added) || (node_symbol(added) != s.list && node_symbol(added) != s.tuple)) return;
        for (std::uint32_t i = 0; i < node_named_child_count(added); ++i)
            if (node_symbol(node_named_child(added, i)) != s.comment)
                add_values_of(node_named_child(added, i), scope, depth + 1, into);
    }

    // What a call of a function of this file returns: what its return
    // statements (a lambda's body) may hold. Anything else called is unknown.
    void add_values_returned(Node call, ScopeId scope, int depth, Values& into) {
        Referents callee = m_model.resolve(m_model.call_function(call), scope);
        if (callee.empty()) return unknown();
        for (const Referent& function : callee) {
            if (function.kind != Referent::Kind::user_function) {
                unknown();
                continue;
            }
            once(&scope_at(function.scope), [&] {
                for (Node returned : scope_at(function.scope).returns)
                    add_values_of(returned, function.scope, depth + 1, into);
            });
        }
    }

    // `C.fmt` and `self.fmt`: what the class's body and its methods bind it
    // to. Code can set an attribute in ways no binding shows (setattr, a
    // store through another name), so these values are all of them only when
    // class_attribute_set_once says nothing else can set it.
    void add_values_of_attribute(Node attribute, ScopeId scope, int depth, Values& into) {
        Node name_node = field(attribute, s.field_attribute);
        std::string name = m_model.identifier(name_node);
        NameId name_id = m_model.name_id(name_node);
        Referents objects = m_model.resolve(field(attribute, s.field_object), scope);
        if (!class_attribute_set_once(objects, name, name_id)) unknown();
        for (const Referent& object : objects) {
            if (object.kind != Referent::Kind::user_class && object.kind != Referent::Kind::user_instance) continue;
            const Scope& cls = scope_at(object.scope);
            for (const auto* bindings : {&cls.names, &cls.instance_attributes}) {
                const std::vector<Binding>* found = bindings->find(name_id);
                if (found == nullptr) continue;
                for (const Binding& binding : *found)
                    once(&binding, [&] {
                        if (binding.kind == Binding::Kind::value && !node_is_null(binding.value))
                            add_values_of(binding.value, binding.value_scope, depth + 1, into);
                    });
            }
        }
    }

    // Names through which code sets or looks up attributes other than by a
    // plain `x.name = ...` the sites show: any of them in the file, and no
    // class attribute's values are known to be all of them.
    static bool sets_attributes_indirectly(std::string_view name) {
        constexpr std::string_view k_indirect[] = {
            "setattr",      "getattr",           "delattr",           "vars",        "attrgetter",  "methodcaller",
            "__setattr__",  "__getattr__",       "__getattribute__",  "__delattr__", "__dict__",    "__class__",
            "__set_name__", "__init_subclass__", "__class_getitem__", "__slots__",   "__prepare__", "type"};
        return std::find(std::begin(k_indirect), std::end(k_indirect), name) != std::end(k_indirect);
    }

    // `self.template.format(...)` with `template = "..."` in the class body:
    // the class's one binding is the attribute's only value when the object
    // is an instance of (or is) one class of the file, which has no base, no
    // decorator and no metaclass (a dataclass or NamedTuple takes the
    // attribute as a constructor argument), binds the name once in its body
    // and nowhere in its methods; no other class of the file binds the name;
    // the class is only called or read from, never passed on (so no subclass
    // can exist to override it); every attribute of that name in the file is
    // read for a further step (`self.template.format`), never stored,
    // deleted or made a loop's target; and nothing reaches attributes by name
    // (setattr, __dict__, __setattr__, ...).
    bool class_attribute_set_once(const Referents& objects, const std::string& name, NameId name_id) const {
        if (objects.empty()) return false;
        ScopeId owner = objects.front().scope;
        for (const Referent& object : objects)
            if ((object.kind != Referent::Kind::user_class && object.kind != Referent::Kind::user_instance) ||
                object.scope != owner)
                return false;
        const Scope& cls = scope_at(owner);
        if (cls.kind != ScopeKind::class_body || node_symbol(cls.node) != s.class_definition) return false;
        if (node_symbol(node_parent(cls.node)) == s.decorated_definition) return false;
        Node bases = field(cls.node, s.field_superclasses);
        if (!node_is_null(bases) && node_named_child_count(bases) != 0) return false;
        const std::vector<Binding>* bound = cls.names.find(name_id);
        if (bound == nullptr || bound->size() != 1 || bound->front().kind != Binding::Kind::value) return false;
        for (const auto& other : m_model.m_scopes) {
            if (other->kind != ScopeKind::class_body) continue;
            if (other->instance_attributes.contains(name_id)) return false;
            if (other.get() != &cls && other->names.contains(name_id)) return false;
        }
        std::string class_name = m_model.identifier(field(cls.node, s.field_name));
        std::string storage;
        for (const Model::Site& site : m_model.sites()) {
            if (site.kind == Model::SiteKind::attribute) {
                std::string_view attribute = m_model.identifier(field(site.node, s.field_attribute), storage);
                // Only read for a further step (`self.template.format`): a store of any
                // kind (`=`, `+=`, `del`, a for or with target) is no such step.
                if ((attribute == name && (site.store || !(site.chained || site.callee))) ||
                    sets_attributes_indirectly(attribute))
                    return false;
            } else if (site.kind == Model::SiteKind::name) {
                std::string_view used = m_model.identifier(site.node, storage);
                if (sets_attributes_indirectly(used)) return false;
                // The class only called or read from (`Report(...)`, `Report.x`): passed on
                // as a value it could become a base (make_dataclass, a class statement
                // elsewhere) whose own binding a method of this class would read.
                if (used == class_name && !(site.callee || site.chained) &&
                    !node_eq(node_parent(site.node), cls.node))
                    return false;
            }
        }
        return true;
    }

    // A parameter holds its default and what each call of its function
    // passes. All of them are known only for a plain function (no decorator,
    // not a method, not a lambda, not a dunder Python calls by itself) that
    // the file only ever calls by name, with arguments that say which one
    // fills the parameter.
    void add_values_of_parameter(const Binding& parameter, ScopeId function, int depth, Values& into) {
        if (!node_is_null(parameter.value)) add_values_of(parameter.value, parameter.value_scope, depth + 1, into);
        const Scope& body = scope_at(function);
        if (body.kind != ScopeKind::function || !node_is_null(body.decorated) || body.method_of >= 0 ||
            m_model.imports("__main__") || is_dunder(m_model.text(field(body.node, s.field_name))))
            unknown();
        ParameterPlace place = place_of(parameter.statement);
        if (place.star) return unknown();
        const Model::FunctionCalls& calls = m_model.calls_of(function);
        if (calls.escapes) unknown();
        for (const Model::FunctionCalls::Call& call : calls.calls) {
            if (m_steps > k_max_steps) return unknown();
            std::uint32_t skipped = 0;  // a method called on an instance: self is not an argument
            if (body.method_of >= 0) {
                Node callee = m_model.call_function(call.call);
                if (node_symbol(callee) == s.attribute) {
                    Referents object = m_model.resolve(field(callee, s.field_object), call.scope);
                    if (!object.empty() && object[0].kind == Referent::Kind::user_instance) skipped = 1;
                }
            }
            Passed passed = argument_for(call.call, place, skipped);
            if (passed.unknown) unknown();
            if (!node_is_null(passed.argument)) add_values_of(passed.argument, call.scope, depth + 1, into);
        }
    }

    struct ParameterPlace {
        std::string name;
        std::int32_t position = -1;  // -1: keyword-only
        bool keyword = true;         // false: positional-only (before `/`)
        bool star = false;           // *args or **kwargs
    };

    ParameterPlace place_of(Node parameter) const {
        ParameterPlace place;
        TSSymbol kind = node_symbol(parameter);
        if (kind == s.list_splat_pattern || kind == s.dictionary_splat_pattern) {
            place.star = true;
            return place;
        }
        Node name = kind == s.identifier                                               ? parameter
                    : kind == s.default_parameter || kind == s.typed_default_parameter ? field(parameter, s.field_name)
                                                                                       : node_named_child(parameter, 0);
        place.name = m_model.identifier(name);
        Node parameters = node_parent(parameter);
        std::int32_t position = 0;
        bool keyword_only = false, seen = false;
        for (std::uint32_t i = 0; i < node_named_child_count(parameters); ++i) {
            Node at = node_named_child(parameters, i);
            if (at.id == parameter.id) {
                seen = true;
                place.position = keyword_only ? -1 : position;
                continue;
            }
            TSSymbol at_kind = node_symbol(at);
            std::string_view text = m_model.text(at);
            if (text == "/" && seen) place.keyword = false;
            if (seen) continue;
            if (text == "*" || at_kind == s.list_splat_pattern)
                keyword_only = true;
            else if (text != "/")
                ++position;
        }
        return place;
    }

    struct Passed {
        Node argument{};  // null: not passed (the default holds)
        bool unknown = false;
    };

    // The argument of `call` that fills the parameter at `place`; `skipped`
    // leading parameters are filled otherwise (a bound method's self).
    Passed argument_for(Node call, const ParameterPlace& place, std::uint32_t skipped) const {
        Node arguments = m_model.call_arguments(call);
        if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return {{}, true};
        auto position = static_cast<std::int32_t>(skipped);
        bool splat = false;
        for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
            Node argument = node_named_child(arguments, i);
            TSSymbol kind = node_symbol(argument);
            if (kind == s.comment) continue;
            if (kind == s.keyword_argument) {
                if (place.keyword && m_model.identifier(field(argument, s.field_name)) == place.name)
                    return {field(argument, s.field_value), false};
                continue;
            }
            if (kind == s.list_splat || kind == s.dictionary_splat) {
                splat = true;
                continue;
            }
            if (!splat && place.position >= 0 && position == place.position) return {argument, false};
            ++position;
        }
        return {{}, splat};
    }
};

Model::StringValues Model::possible_strings(Node expr, ScopeId scope) const {
    return StringValueCollector(*this).collect(expr, scope);
}

}  // namespace pygate::analyzer
