#include "rules/utils/pg006_path_prefix.hpp"

#include <algorithm>

#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/sole_expression.hpp"
#include "analyzer/text/string_literal.hpp"

namespace pygate::rules {
namespace {

using analyzer::Model;
using analyzer::Node;
using analyzer::Referent;
using analyzer::ScopeId;

constexpr int k_max_depth = 16;

// What is known of a path expression: all of it, or its start.
struct Part {
    std::string text;
    bool whole = false;
};

std::optional<Part> part(Node expr, ScopeId scope, const Model& model, int depth);

// os.path.join's rule, which pathlib's `/` shares: an absolute part starts over.
std::string joined(const std::string& base, const std::string& next) {
    // The home folder folds to `/<home>` (Model::fold_path), absolute: it starts over too.
    if (base.empty() || next.starts_with('/')) return next;
    return base.ends_with('/') ? base + next : base + "/" + next;
}

// The arguments of Path(...), os.path.join(...) or joinpath(...) after `base`, in order, while they fold.
std::optional<Part> joined_arguments(Part base, Node call, ScopeId scope, const Model& model, int depth) {
    const auto& p = analyzer::PythonSymbols::get();
    Node arguments = model.call_arguments(call);
    for (Node argument = node_is_null(arguments) ? Node{} : node_first_child(arguments); !node_is_null(argument);
         argument = node_next_sibling(argument)) {
        TSSymbol kind = node_symbol(argument);
        if (!node_is_named(argument) || kind == p.keyword_argument) continue;
        if (kind == p.list_splat) {  // `Path(*[".git", "hooks", name])`
            Node items = node_named_child(argument, 0);
            for (Node item = node_is_null(items) ? Node{} : node_first_child(items); !node_is_null(item);
                 item = node_next_sibling(item)) {
                if (!node_is_named(item)) continue;
                std::optional<std::string> text = model.fold_path(item, scope);
                if (!text) return Part{joined(base.text, ""), false};
                base.text = joined(base.text, *text);
            }
            if (node_symbol(items) != p.list && node_symbol(items) != p.tuple)
                return Part{joined(base.text, ""), false};
            continue;
        }
        std::optional<Part> next = part(argument, scope, model, depth + 1);
        if (!next) return Part{joined(base.text, ""), false};
        base.text = joined(base.text, next->text);
        if (!next->whole) return Part{base.text, false};
    }
    return Part{base.text, true};
}

// An f-string's text before its first replacement field.
std::optional<Part> fstring_start(Node string, const Model& model) {
    auto literal = analyzer::split_string_literal(model.text(string));
    if (!literal || !literal->prefix.format) return std::nullopt;
    std::string_view body = literal->body;
    std::size_t field = 0;
    while ((field = body.find('{', field)) != std::string_view::npos && field + 1 < body.size() &&
           body[field + 1] == '{')
        field += 2;
    auto text = analyzer::decode_string_body(body.substr(0, field), literal->prefix);
    if (!text) return std::nullopt;
    return Part{*text, false};
}

std::optional<Part> part(Node expr, ScopeId scope, const Model& model, int depth) {
    const auto& p = analyzer::PythonSymbols::get();
    if (node_is_null(expr) || depth > k_max_depth) return std::nullopt;
    if (auto whole = model.fold_path(expr, scope)) return Part{*whole, true};
    TSSymbol kind = node_symbol(expr);
    if (kind == p.parenthesized_expression) return part(analyzer::sole_expression(expr), scope, model, depth + 1);
    if (kind == p.identifier) {  // `hooks = Path(".git/hooks") / name`: a name bound once
        auto bound = model.single_value(expr, scope);
        return bound ? part(bound->value, bound->scope, model, depth + 1) : std::nullopt;
    }
    if (kind == p.string) return fstring_start(expr, model);
    if (kind == p.concatenated_string) return part(node_named_child(expr, 0), scope, model, depth + 1);
    if (kind == p.binary_operator) {
        TSSymbol op = node_symbol(node_child_by_field_id(expr, p.field_operator));
        if (op != p.slash_token && op != p.plus_token) return std::nullopt;
        auto left = part(node_child_by_field_id(expr, p.field_left), scope, model, depth + 1);
        if (!left || !left->whole) return left;
        auto right = part(node_child_by_field_id(expr, p.field_right), scope, model, depth + 1);
        if (op == p.plus_token) return Part{left->text + (right ? right->text : ""), false};
        if (!right) return Part{joined(left->text, ""), false};
        return Part{joined(left->text, right->text), right->whole};
    }
    if (kind != p.call) return std::nullopt;
    Node function = model.call_function(expr);
    for (const Referent& callee : model.resolve(function, scope)) {
        if (callee.kind != Referent::Kind::name) continue;
        std::string_view q = callee.qualified;
        bool pathlib_class = q.starts_with("pathlib.") && q.find('.', 8) == std::string_view::npos;
        if (pathlib_class || q == "os.path.join") return joined_arguments(Part{}, expr, scope, model, depth);
        if (q.starts_with("pathlib.") && q.ends_with(".joinpath") && node_symbol(function) == p.attribute) {
            auto base = part(model.attribute_object(function), scope, model, depth + 1);
            if (!base || !base->whole) return base;
            return joined_arguments(*base, expr, scope, model, depth);
        }
        // `expanduser("~root/x")` is root's home on a machine with root, `~root/x`
        // on one without: no one path (Model::fold_path leaves it unknown), but a
        // home folder wherever there is one, absolute.
        bool expands = q == "os.path.expanduser" ||
                       (q.starts_with("pathlib.") && q.ends_with(".expanduser") && node_symbol(function) == p.attribute);
        if (expands) {
            Node argument = q == "os.path.expanduser" ? model.argument(expr, 0) : model.attribute_object(function);
            auto expanded = part(argument, scope, model, depth + 1);
            if (expanded && expanded->text.starts_with('~')) return Part{"/<home>/", false};
            return std::nullopt;
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> known_folder(Node path, ScopeId scope, const Model& model) {
    if (model.fold_path(path, scope)) return std::nullopt;  // constant: judged whole elsewhere
    std::optional<Part> known = part(path, scope, model, 0);
    if (!known) return std::nullopt;
    // Assembled whole where the resolver would not (`Path(*["/etc", "passwd"])`): judged as a folder.
    if (known->whole) return known->text.ends_with('/') ? known->text : known->text + "/";
    std::size_t slash = known->text.rfind('/');
    if (slash == std::string::npos) return known->text == "~" ? std::optional<std::string>("~/") : std::nullopt;
    return known->text.substr(0, slash + 1);
}

}  // namespace pygate::rules
