// Constant folding: the one constant an expression evaluates to, exactly
// as CPython 3.11 computes it, or nothing. Each operation here is checked
// against CPython by the value oracle (tests/tools/value_oracle.py); an
// operation, an argument form or an input it does not compute exactly
// (a Unicode case mapping, an error handler, a format spec) is unknown, and
// so is anything CPython would raise on. The resolver asks it too (getattr's
// name, an import's module), with its question's budget.
#include "analyzer/model/fold.hpp"

#include <algorithm>
#include <exception>
#include <limits>

#include "analyzer/model/budgets.hpp"
#include "analyzer/model/codecs.hpp"
#include "analyzer/model/constant_folder.hpp"
#include "analyzer/model/format_template.hpp"
#include "analyzer/model/model.hpp"
#include "analyzer/model/model_internals.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/sole_expression.hpp"
#include "analyzer/text/integer_literal.hpp"
#include "analyzer/text/string_literal.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::analyzer {
namespace {

using Value = FoldedValue;
using Kind = FoldedValue::Kind;

// What the working folder's absolute path folds to (os.getcwd(), abspath): absolute, and readable in messages.
constexpr std::string_view k_working_folder = "/<cwd>";
// The home folder, as os.path.expanduser and Path.home() give it. Absolute,
// as the folder itself is: a join starts over at it.
constexpr std::string_view k_home_folder = "/<home>";

Node field(Node node, TSFieldId id) {
    return node_child_by_field_id(node, id);
}

Value str_value(std::string text) {
    return Value{Kind::str, std::move(text), 0};
}
Value bytes_value(std::string bytes) {
    return Value{Kind::bytes, std::move(bytes), 0};
}
Value int_value(std::int64_t number) {
    return Value{Kind::integer, {}, number};
}

std::vector<std::uint32_t> code_points(std::string_view text) {
    return code_points_of(text);
}

std::string utf8_of(const std::vector<std::uint32_t>& points) {
    std::string out;
    for (std::uint32_t cp : points)
        append_utf8(out, cp);
    return out;
}

bool is_ascii(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// A str or bytes value as units: code points, or bytes.
std::vector<std::uint32_t> units_of(const Value& value) {
    if (value.kind == Kind::str) return code_points(value.text);
    std::vector<std::uint32_t> out;
    for (char c : value.text)
        out.push_back(static_cast<unsigned char>(c));
    return out;
}
Value of_units(Kind kind, const std::vector<std::uint32_t>& units) {
    if (kind == Kind::str) return str_value(utf8_of(units));
    std::string out;
    for (std::uint32_t u : units)
        out += static_cast<char>(u);
    return Value{kind, std::move(out), 0};
}

bool is_sequence(const Value& value) {
    return value.kind == Kind::str || value.kind == Kind::bytes;
}

// Python's floor division and modulo, or nothing (a zero divisor raises; overflow).
std::optional<std::int64_t> floor_divide(std::int64_t a, std::int64_t b) {
    if (b == 0 || (a == std::numeric_limits<std::int64_t>::min() && b == -1)) return std::nullopt;
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}
std::optional<std::int64_t> floor_modulo(std::int64_t a, std::int64_t b) {
    if (b == 0 || (a == std::numeric_limits<std::int64_t>::min() && b == -1)) return std::nullopt;
    std::int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

std::string decimal(std::int64_t number) {
    return std::to_string(number);
}

// The ASCII-only case mappings: exact when the text is ASCII (Unicode's
// special cases, ß, İ, ﬁ, final sigma, never arise), and for bytes always.
char ascii_lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
char ascii_upper(char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}
bool ascii_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
std::optional<std::string> ascii_case(std::string_view method, std::string text) {
    if (method == "lower" || method == "casefold") {
        for (char& c : text)
            c = ascii_lower(c);
    } else if (method == "upper") {
        for (char& c : text)
            c = ascii_upper(c);
    } else if (method == "swapcase") {
        for (char& c : text)
            c = c >= 'a' && c <= 'z' ? ascii_upper(c) : ascii_lower(c);
    } else if (method == "capitalize") {
        for (std::size_t i = 0; i < text.size(); ++i)
            text[i] = i == 0 ? ascii_upper(text[i]) : ascii_lower(text[i]);
    } else if (method == "title") {
        bool previous_cased = false;
        for (char& c : text) {
            bool letter = ascii_letter(c);
            c = letter ? (previous_cased ? ascii_lower(c) : ascii_upper(c)) : c;
            previous_cased = letter;
        }
    } else {
        return std::nullopt;
    }
    return text;
}

}  // namespace

std::optional<ConstantFolder::Value> ConstantFolder::fold(Node expr, ScopeId scope, int depth) {
    if (node_is_null(expr) || !spend(depth)) return std::nullopt;
    std::optional<Value> out = fold_uncapped(expr, scope, depth);
    if (out && out->text.size() > k_max_folded_bytes) return std::nullopt;
    if (out && out->kind == Kind::str && !valid_str_utf8(out->text)) return std::nullopt;  // a surrogate
    return out;
}

std::optional<std::string> ConstantFolder::fold_str(Node expr, ScopeId scope, int depth) {
    std::optional<Value> value = fold(expr, scope, depth);
    if (!value || value->kind != Kind::str) return std::nullopt;
    return std::move(value->text);
}

std::optional<std::int64_t> ConstantFolder::fold_int(Node expr, ScopeId scope, int depth) {
    std::optional<Value> value = fold(expr, scope, depth);
    if (!value || value->kind != Kind::integer) return std::nullopt;
    return value->integer;
}

std::optional<ConstantFolder::Value> ConstantFolder::fold_uncapped(Node expr, ScopeId scope, int depth) {
    TSSymbol kind = node_symbol(expr);
    if (kind == s.string) return fold_string_literal(expr, scope, depth);
    // A path's parent, as pathlib computes it: the path without its last part,
    // lexically (`a/..` is the parent of `a/../b`); `.` and a root are their own.
    if (kind == s.attribute && m_paths && m_model.identifier(field(expr, s.field_attribute)) == "parent") {
        // Only a POSIX pathlib path has one (a str's `.parent` raises).
        Referents paths = resolve(field(expr, s.field_object), scope, depth + 1);
        bool posix_path = !paths.empty() && std::all_of(paths.begin(), paths.end(), [](const Referent& r) {
            return r.kind == Referent::Kind::instance &&
                   (r.qualified == "pathlib.Path" || r.qualified == "pathlib.PosixPath" ||
                    r.qualified == "pathlib.PurePath" || r.qualified == "pathlib.PurePosixPath");
        });
        if (!posix_path) return std::nullopt;
        std::optional<std::string> path = fold_path_text(field(expr, s.field_object), scope, depth + 1);
        if (!path) return std::nullopt;
        std::string text = pathlib_text(*path);
        // An anchor (`/<cwd>`, `/<home>`) stands for a path of several parts: its parent is unknown.
        if (text == k_working_folder || text == k_home_folder) return std::nullopt;
        std::size_t slash = text.rfind('/');
        if (slash == std::string::npos) return str_value(".");
        if (slash == 0 || (slash == 1 && text.starts_with("//"))) return str_value(text.substr(0, slash + 1));
        return str_value(text.substr(0, slash));
    }
    if (kind == s.concatenated_string) {
        std::optional<Value> out;
        for (std::uint32_t i = 0; i < node_named_child_count(expr); ++i) {
            if (node_symbol(node_named_child(expr, i)) == s.comment) continue;
            auto piece = fold(node_named_child(expr, i), scope, depth + 1);
            if (!piece || (out && out->kind != piece->kind)) return std::nullopt;
            if (!out)
                out = std::move(piece);
            else
                out->text += piece->text;
        }
        return out;
    }
    if (kind == s.parenthesized_expression) {
        Node inner = sole_expression(expr);
        if (!node_is_null(inner)) return fold(inner, scope, depth + 1);
        return std::nullopt;
    }
    if (kind == s.identifier) {
        return fold_name(m_model.name_id(expr), scope, depth);
    }
    if (kind == s.integer) {
        std::string digits;
        for (char c : m_model.text(expr))
            if (c != '_') digits += c;
        auto [base, skip] = integer_literal_prefix(digits);
        if (digits.size() - skip > 18 || digits.size() == skip) return std::nullopt;
        if (digits.find_first_of("jJ") != std::string::npos) return std::nullopt;  // imaginary
        try {
            std::size_t used = 0;
            auto number = static_cast<std::int64_t>(std::stoll(digits.substr(skip), &used, base));
            if (used != digits.size() - skip) return std::nullopt;
            return int_value(number);
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    if (kind == s.unary_operator) return fold_unary(expr, scope, depth);
    if (kind == s.binary_operator) return fold_binary(expr, scope, depth);
    if (kind == s.subscript) return fold_subscript(expr, scope, depth);
    if (kind == s.call) return fold_call(expr, scope, depth);
    if (kind == s.conditional_expression) {  // `a if c else b`: only when both sides agree
        Node then = node_named_child(expr, 0), otherwise = node_named_child(expr, 2);
        if (node_named_child_count(expr) != 3) return std::nullopt;
        auto a = fold(then, scope, depth + 1);
        if (!a) return std::nullopt;
        auto b = fold(otherwise, scope, depth + 1);
        if (!b || !(*a == *b)) return std::nullopt;
        // The condition runs too, and may raise: folded only when it is a constant.
        if (!fold(node_named_child(expr, 1), scope, depth + 1)) return std::nullopt;
        return a;
    }
    return std::nullopt;
}

std::optional<ConstantFolder::Value> ConstantFolder::fold_string_literal(Node expr, ScopeId scope, int depth) {
    if (node_tokens_elided(expr)) {  // a literal without escapes or replacement fields: its text tells
        std::optional<LiteralParts> parts = split_string_literal(m_model.text(expr));
        if (!parts) return std::nullopt;
        auto body = decode_string_body(parts->body, parts->prefix);
        if (!body) return std::nullopt;
        return Value{parts->prefix.bytes ? Kind::bytes : Kind::str, std::move(*body), 0};
    }
    std::uint32_t count = node_child_count(expr);
    if (count < 2) return std::nullopt;
    Node start = node_child(expr, 0), end = node_child(expr, count - 1);
    StringPrefix prefix = parse_string_prefix(m_model.text(start));
    if (prefix.template_string) return std::nullopt;  // a Template, not a str
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
        TSSymbol kind = node_symbol(child);
        if (kind == s.string_content || kind == s.escape_sequence || !node_is_named(child)) continue;
        if (kind != s.interpolation) return std::nullopt;
        if (!literal_until(node_start_byte(child))) return std::nullopt;
        // `{x}` alone: no conversion, spec or `=`, which change the text.
        if (node_named_child_count(child) != 1 || node_child_count(child) != 3) return std::nullopt;
        auto value = fold(field(child, s.field_expression), scope, depth + 1);
        if (!value) return std::nullopt;
        if (value->kind == Kind::str)
            out += value->text;
        else if (value->kind == Kind::integer)
            out += decimal(value->integer);
        else
            return std::nullopt;  // bytes show as their repr
        at = node_end_byte(child);
    }
    if (!literal_until(node_start_byte(end))) return std::nullopt;
    return Value{prefix.bytes ? Kind::bytes : Kind::str, std::move(out), 0};
}

// A name bound only to constants that all agree.
std::optional<ConstantFolder::Value> ConstantFolder::fold_name(NameId name, ScopeId scope, int depth) {
    const std::vector<Binding>* bindings = bindings_of(name, scope);
    if (bindings == nullptr || bindings->empty()) return std::nullopt;
    std::optional<Value> agreed;
    for (const Binding& binding : *bindings) {
        if (binding.kind != Binding::Kind::value || node_is_null(binding.value)) return std::nullopt;
        // `with x as y`: y is what x.__enter__ returns, not x.
        if (!node_is_null(binding.statement) && node_symbol(binding.statement) == s.with_item) return std::nullopt;
        if (std::find(m_folding.begin(), m_folding.end(), &binding) != m_folding.end()) return std::nullopt;
        m_folding.push_back(&binding);
        auto value = fold(binding.value, binding.value_scope, depth + 1);
        m_folding.pop_back();
        if (!value || (agreed && !(*agreed == *value))) return std::nullopt;
        agreed = std::move(value);
    }
    return agreed;
}

std::optional<ConstantFolder::Value> ConstantFolder::fold_unary(Node expr, ScopeId scope, int depth) {
    auto value = fold(field(expr, s.field_argument), scope, depth + 1);
    if (!value || value->kind != Kind::integer) return std::nullopt;
    TSSymbol op = node_symbol(field(expr, s.field_operator));
    if (op == s.minus_token) {
        if (value->integer == std::numeric_limits<std::int64_t>::min()) return std::nullopt;
        return int_value(-value->integer);
    }
    if (op == s.plus_token) return value;
    return std::nullopt;
}

std::optional<ConstantFolder::Value> ConstantFolder::fold_binary(Node expr, ScopeId scope, int depth) {
    TSSymbol op = node_symbol(field(expr, s.field_operator));
    Node left = field(expr, s.field_left), right = field(expr, s.field_right);
    if (op == s.slash_token && m_paths) {  // Path('a') / 'b': a path (str / str raises)
        auto a = fold_path_text(left, scope, depth + 1);
        if (!a) return std::nullopt;
        auto b = fold_path_text(right, scope, depth + 1);
        if (!b) return std::nullopt;
        return str_value(pathlib_text(join_path(*a, *b)));
    }
    auto a = fold(left, scope, depth + 1);
    if (!a) return std::nullopt;
    if (op == s.percent_token && is_sequence(*a)) return fold_percent(*a, right, scope, depth);
    auto b = fold(right, scope, depth + 1);
    if (!b) return std::nullopt;
    if (a->kind == Kind::integer && b->kind == Kind::integer) {
        std::int64_t out = 0;
        if (op == s.plus_token && !__builtin_add_overflow(a->integer, b->integer, &out)) return int_value(out);
        if (op == s.minus_token && !__builtin_sub_overflow(a->integer, b->integer, &out)) return int_value(out);
        if (op == s.star_token && !__builtin_mul_overflow(a->integer, b->integer, &out)) return int_value(out);
        const std::string_view op_text = m_model.text(field(expr, s.field_operator));
        if (op_text == "//") {
            if (auto q = floor_divide(a->integer, b->integer)) return int_value(*q);
        }
        if (op_text == "%") {
            if (auto r = floor_modulo(a->integer, b->integer)) return int_value(*r);
        }
        return std::nullopt;
    }
    if (op == s.plus_token && is_sequence(*a) && a->kind == b->kind) return Value{a->kind, a->text + b->text, 0};
    if (op == s.star_token) {
        const Value* text = is_sequence(*a) && b->kind == Kind::integer   ? &*a
                            : is_sequence(*b) && a->kind == Kind::integer ? &*b
                                                                          : nullptr;
        if (text == nullptr) return std::nullopt;
        std::int64_t times = text == &*a ? b->integer : a->integer;
        if (times <= 0 || text->text.empty()) return Value{text->kind, {}, 0};
        if (text->text.size() * static_cast<std::size_t>(std::min<std::int64_t>(times, 1 << 20)) > k_max_folded_bytes)
            return std::nullopt;
        std::string out;
        for (std::int64_t i = 0; i < times; ++i)
            out += text->text;
        return Value{text->kind, std::move(out), 0};
    }
    return std::nullopt;
}

// `format % values` for str: `%s` of str and int, `%d` and `%i` of int, `%%`.
std::optional<ConstantFolder::Value> ConstantFolder::fold_percent(const Value& format, Node right, ScopeId scope,
                                                                  int depth) {
    if (format.kind != Kind::str) return std::nullopt;  // bytes' %s wants bytes, %-formatting of bytes not folded
    std::vector<Value> values;
    Node inner = right;
    while (!node_is_null(inner) && node_symbol(inner) == s.parenthesized_expression)
        inner = sole_expression(inner);
    if (node_is_null(inner)) return std::nullopt;
    if (node_symbol(inner) == s.tuple) {
        for (std::uint32_t i = 0; i < node_named_child_count(inner); ++i) {
            Node element = node_named_child(inner, i);
            if (node_symbol(element) == s.comment) continue;
            auto value = fold(element, scope, depth + 1);
            if (!value) return std::nullopt;
            values.push_back(std::move(*value));
        }
    } else {
        ScopeId tuple_scope = scope;  // a name bound once to a tuple (which cannot change)
        Node bound = node_symbol(inner) == s.identifier ? sequence_literal(inner, tuple_scope) : Node{};
        if (!node_is_null(bound) && node_symbol(bound) == s.tuple) {
            for (std::uint32_t i = 0; i < node_named_child_count(bound); ++i) {
                Node element = node_named_child(bound, i);
                if (node_symbol(element) == s.comment) continue;
                auto value = fold(element, tuple_scope, depth + 1);
                if (!value) return std::nullopt;
                values.push_back(std::move(*value));
            }
        } else {
            auto value = fold(right, scope, depth + 1);
            if (!value) return std::nullopt;
            values.push_back(std::move(*value));
        }
    }
    auto pieces = percent_pieces(format.text);
    if (!pieces) return std::nullopt;
    std::string out;
    std::size_t next = 0;
    for (const TemplatePiece& piece : *pieces) {
        if (!piece.field) {
            out += piece.text;
            continue;
        }
        if (next >= values.size()) return std::nullopt;
        const Value& value = values[next++];
        if (value.kind == Kind::integer)
            out += decimal(value.integer);
        else if (value.kind == Kind::str && piece.text == "s")
            out += value.text;
        else
            return std::nullopt;
    }
    if (next != values.size()) return std::nullopt;
    return str_value(std::move(out));
}

// A list or tuple literal that `node` is, or that the name `node` is bound
// to alone; `scope` becomes the scope its elements are evaluated in.
Node ConstantFolder::sequence_literal(Node node, ScopeId& scope) const {
    while (!node_is_null(node) && node_symbol(node) == s.parenthesized_expression)
        node = sole_expression(node);
    if (node_is_null(node)) return {};
    TSSymbol kind = node_symbol(node);
    if (kind == s.list || kind == s.tuple) return node;
    if (kind != s.identifier) return {};
    const std::vector<Binding>* bindings = bindings_of(m_model.name_id(node), scope);
    if (bindings == nullptr || bindings->size() != 1) return {};
    const Binding& binding = bindings->front();
    if (binding.kind != Binding::Kind::value || node_is_null(binding.value)) return {};
    TSSymbol bound = node_symbol(binding.value);
    if (bound != s.list && bound != s.tuple) return {};
    scope = binding.value_scope;
    return binding.value;
}

// Whether every read of `name` anywhere in the file (iterations aside) is
// the container of a subscript that only loads: then the list it is bound to
// once never changes (no item stored or deleted, no method called on it, not
// handed to anything that could change it).
bool ConstantFolder::only_read_by_subscripts(Node name) const {
    for (const Model::Site* read : m_model.reads_not_iterated(m_model.name_id(name))) {
        if (read->mutated) return false;
        Node parent = node_parent(read->node);
        if (node_symbol(parent) != s.subscript || field(parent, s.field_value).id != read->node.id) return false;
    }
    return true;
}

// The element of a list, tuple or dict literal (or of the one binding of a
// name to one) that the constant `key` picks; a null node when the key is
// not constant, the literal unpacks another (`*xs`, `**d`), or nothing matches.
Node ConstantFolder::literal_element(Node container, Node key, ScopeId scope, ScopeId& element_scope, int depth) {
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
        if (item_key->kind == Kind::bytearray) return {};              // unhashable
        if (*item_key == *wanted) found = field(item, s.field_value);  // the last one wins, as in Python
    }
    return found;
}

// A dict literal that `node` is, or that the name `node` is bound to alone.
Node ConstantFolder::dictionary_literal(Node node, ScopeId& scope) const {
    while (!node_is_null(node) && node_symbol(node) == s.parenthesized_expression)
        node = sole_expression(node);
    if (node_is_null(node)) return {};
    if (node_symbol(node) == s.dictionary) return node;
    if (node_symbol(node) != s.identifier) return {};
    const std::vector<Binding>* bindings = bindings_of(m_model.name_id(node), scope);
    if (bindings == nullptr || bindings->size() != 1) return {};
    const Binding& binding = bindings->front();
    if (binding.kind != Binding::Kind::value || node_is_null(binding.value)) return {};
    if (node_symbol(binding.value) != s.dictionary) return {};
    scope = binding.value_scope;
    return binding.value;
}

std::optional<ConstantFolder::Value> ConstantFolder::fold_subscript(Node expr, ScopeId scope, int depth) {
    Node key = field(expr, s.field_subscript);
    Node container = field(expr, s.field_value);
    std::uint32_t named = 0;  // `x[a, b]` is a tuple key
    for (std::uint32_t i = 0; i < node_named_child_count(expr); ++i)
        named += node_symbol(node_named_child(expr, i)) != s.comment;
    if (node_is_null(key) || named != 2) return std::nullopt;
    // A tuple literal, written in place or bound once to a name (a tuple cannot
    // change); a list or dict only in place, as a name's may be changed unseen.
    Node literal = container;
    while (!node_is_null(literal) && node_symbol(literal) == s.parenthesized_expression)
        literal = sole_expression(literal);
    ScopeId element_scope = scope;
    if (!node_is_null(literal) && node_symbol(literal) == s.identifier) {
        Node bound = sequence_literal(literal, element_scope);
        const bool unchanged =
            !node_is_null(bound) && (node_symbol(bound) == s.tuple || only_read_by_subscripts(literal));
        literal = unchanged ? bound : Node{};
        if (node_is_null(literal)) element_scope = scope;
    }
    if (!node_is_null(literal) &&
        (node_symbol(literal) == s.tuple || node_symbol(literal) == s.list || node_symbol(literal) == s.dictionary)) {
        if (node_symbol(key) == s.slice) return std::nullopt;
        Node element = literal_element(literal, key, element_scope, element_scope, depth + 1);
        if (node_is_null(element)) return std::nullopt;
        // Every other element is evaluated too, and may raise: each must fold.
        for (std::uint32_t i = 0; i < node_named_child_count(literal); ++i) {
            Node item = node_named_child(literal, i);
            if (node_symbol(item) == s.comment) continue;
            if (node_symbol(item) == s.pair) {
                if (!fold(field(item, s.field_value), element_scope, depth + 1)) return std::nullopt;
            } else if (!fold(item, element_scope, depth + 1)) {
                return std::nullopt;
            }
        }
        return fold(element, element_scope, depth + 1);
    }
    auto text = fold(container, scope, depth + 1);
    if (!text || !is_sequence(*text)) return std::nullopt;
    std::vector<std::uint32_t> units = units_of(*text);
    auto size = static_cast<std::int64_t>(units.size());
    if (node_symbol(key) != s.slice) {
        auto index = fold_int(key, scope, depth + 1);
        if (!index) return std::nullopt;
        std::int64_t i = *index < 0 ? *index + size : *index;
        if (i < 0 || i >= size) return std::nullopt;
        std::uint32_t unit = units[static_cast<std::size_t>(i)];
        if (text->kind == Kind::bytes) return int_value(unit);
        return of_units(Kind::str, {unit});
    }
    // slice: [start]:[stop][:[step]] with any part left out
    std::optional<std::int64_t> parts[3];
    int part = 0;
    for (std::uint32_t i = 0; i < node_child_count(key); ++i) {
        Node child = node_child(key, i);
        if (!node_is_named(child)) {
            ++part;
            continue;
        }
        if (node_symbol(child) == s.comment || part > 2) return std::nullopt;
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
    std::vector<std::uint32_t> out;
    for (std::int64_t i = begin; step > 0 ? i < stop : i > stop; i += step) {
        out.push_back(units[static_cast<std::size_t>(i)]);
        if ((step > 0 && i > stop - step) || (step < 0 && i < stop - step)) break;  // no overflow past the end
    }
    return of_units(text->kind, out);
}

std::optional<ConstantFolder::Arguments> ConstantFolder::arguments_of(Node call) const {
    Node arguments = m_model.call_arguments(call);
    if (node_is_null(arguments) || node_symbol(arguments) != s.argument_list) return std::nullopt;
    Arguments out;
    for (std::uint32_t i = 0; i < node_named_child_count(arguments); ++i) {
        Node child = node_named_child(arguments, i);
        TSSymbol kind = node_symbol(child);
        if (kind == s.comment) continue;
        if (kind == s.list_splat || kind == s.dictionary_splat) return std::nullopt;
        if (kind == s.keyword_argument) {
            out.keywords.emplace_back(m_model.text(field(child, s.field_name)), field(child, s.field_value));
            continue;
        }
        if (!out.keywords.empty()) return std::nullopt;
        out.positional.push_back(child);
    }
    return out;
}

std::optional<std::vector<Node>> ConstantFolder::bind(Node call, std::initializer_list<std::string_view> names,
                                                      std::size_t positional_only, std::size_t required) const {
    auto given = arguments_of(call);
    if (!given || given->positional.size() > names.size()) return std::nullopt;
    std::vector<Node> out(names.size());
    for (std::size_t i = 0; i < given->positional.size(); ++i)
        out[i] = given->positional[i];
    for (const auto& [name, value] : given->keywords) {
        auto at = std::find(names.begin(), names.end(), name);
        if (at == names.end()) return std::nullopt;
        auto index = static_cast<std::size_t>(at - names.begin());
        if (index < positional_only || !node_is_null(out[index])) return std::nullopt;
        out[index] = value;
    }
    for (std::size_t i = 0; i < required; ++i)
        if (node_is_null(out[i])) return std::nullopt;
    return out;
}

std::optional<ConstantFolder::Value> ConstantFolder::fold_call(Node call, ScopeId scope, int depth) {
    Node function = field(call, s.field_function);
    if (node_symbol(function) == s.attribute) {
        std::string method = m_model.identifier(field(function, s.field_attribute));
        Node object = field(function, s.field_object);
        // A constant's method; otherwise a module's function (codecs.decode, os.path.join), below.
        if (auto value = fold(object, scope, depth + 1)) {
            auto result = fold_method(*value, method, call, scope, depth);
            if (result || !m_paths) return result;  // a path's methods (joinpath) are pathlib's, below
        }
    }
    Referents callee = resolve(function, scope, depth + 1);
    if (callee.size() != 1 || callee[0].kind != Referent::Kind::name) return std::nullopt;
    std::string_view q = callee[0].qualified;
    if (m_paths && (q.starts_with("pathlib.") || q.starts_with("os."))) {
        auto path = fold_path_call(q, call, function, scope, depth);
        if (!path) return std::nullopt;
        return str_value(std::move(*path));
    }
    return fold_builtin_call(q, call, scope, depth);
}

std::optional<ConstantFolder::Value> ConstantFolder::fold_method(const Value& object, std::string_view method,
                                                                 Node call, ScopeId scope, int depth) {
    auto folded = [&](Node node) { return node_is_null(node) ? std::optional<Value>() : fold(node, scope, depth + 1); };
    if (object.kind == Kind::bytearray) {  // only its decode
        if (method != "decode") return std::nullopt;
    } else if (!is_sequence(object)) {
        return std::nullopt;
    }
    const Kind kind = object.kind;
    if (method == "lower" || method == "upper" || method == "swapcase" || method == "capitalize" || method == "title" ||
        (method == "casefold" && kind == Kind::str)) {
        auto given = bind(call, {}, 0, 0);
        if (!given || (kind == Kind::str && !is_ascii(object.text))) return std::nullopt;
        auto text = ascii_case(method, object.text);
        if (!text) return std::nullopt;
        return Value{kind, std::move(*text), 0};
    }
    if (method == "strip" || method == "lstrip" || method == "rstrip") {
        auto given = bind(call, {"chars"}, 1, 0);
        if (!given) return std::nullopt;
        std::vector<std::uint32_t> units = units_of(object);
        std::vector<std::uint32_t> chars;
        bool whitespace = true;
        if (!node_is_null((*given)[0]) && m_model.text((*given)[0]) != "None") {
            auto set = folded((*given)[0]);
            if (!set || set->kind != kind) return std::nullopt;
            chars = units_of(*set);
            whitespace = false;
        }
        auto strips = [&](std::uint32_t u) {
            if (whitespace) return kind == Kind::str ? str_whitespace(u) : bytes_whitespace(u);
            return std::find(chars.begin(), chars.end(), u) != chars.end();
        };
        std::size_t first = 0, last = units.size();
        if (method != "rstrip")
            while (first < last && strips(units[first]))
                ++first;
        if (method != "lstrip")
            while (last > first && strips(units[last - 1]))
                --last;
        return of_units(kind, std::vector<std::uint32_t>(units.begin() + static_cast<std::ptrdiff_t>(first),
                                                         units.begin() + static_cast<std::ptrdiff_t>(last)));
    }
    if (method == "removeprefix" || method == "removesuffix") {
        auto given = bind(call, {"affix"}, 1, 1);
        if (!given) return std::nullopt;
        auto affix = folded((*given)[0]);
        if (!affix || affix->kind != kind) return std::nullopt;
        const std::string& text = object.text;
        if (method == "removeprefix" && text.starts_with(affix->text))
            return Value{kind, text.substr(affix->text.size()), 0};
        if (method == "removesuffix" && text.ends_with(affix->text) && !affix->text.empty())
            return Value{kind, text.substr(0, text.size() - affix->text.size()), 0};
        return object;
    }
    if (method == "replace") {
        auto given = bind(call, {"old", "new", "count"}, 3, 2);
        if (!given) return std::nullopt;
        auto from = folded((*given)[0]);
        auto to = folded((*given)[1]);
        if (!from || !to || from->kind != kind || to->kind != kind) return std::nullopt;
        std::int64_t count = -1;
        if (!node_is_null((*given)[2])) {
            auto limit = folded((*given)[2]);
            if (!limit || limit->kind != Kind::integer) return std::nullopt;
            count = limit->integer;
        }
        std::vector<std::uint32_t> text = units_of(object), old = units_of(*from), replacement = units_of(*to);
        std::vector<std::uint32_t> out;
        std::int64_t done = 0;
        auto budget = [&] { return count < 0 || done < count; };
        if (old.empty()) {  // between every unit, and at both ends
            for (std::size_t i = 0; i <= text.size(); ++i) {
                if (budget()) {
                    out.insert(out.end(), replacement.begin(), replacement.end());
                    ++done;
                }
                if (i < text.size()) out.push_back(text[i]);
                if (out.size() > k_max_folded_bytes) return std::nullopt;
            }
            return of_units(kind, out);
        }
        for (std::size_t i = 0; i < text.size();) {
            if (budget() && i + old.size() <= text.size() &&
                std::equal(old.begin(), old.end(), text.begin() + static_cast<std::ptrdiff_t>(i))) {
                out.insert(out.end(), replacement.begin(), replacement.end());
                i += old.size();
                ++done;
                if (out.size() > k_max_folded_bytes) return std::nullopt;
            } else {
                out.push_back(text[i++]);
            }
        }
        return of_units(kind, out);
    }
    if (method == "join") {
        auto given = bind(call, {"iterable"}, 1, 1);
        if (!given) return std::nullopt;
        return fold_join(object, (*given)[0], scope, depth);
    }
    if (method == "format" && kind == Kind::str) return fold_format(object, call, scope, depth);
    // encode and decode: the codec their arguments name, when pygate computes
    // it and errors is "strict" (the default).
    auto text_codec = [&]() -> std::optional<CodecId> {
        auto given = bind(call, {"encoding", "errors"}, 0, 0);
        if (!given) return std::nullopt;
        std::string name = "utf-8";
        if (!node_is_null((*given)[0])) {
            auto encoding = folded((*given)[0]);
            if (!encoding || encoding->kind != Kind::str) return std::nullopt;
            name = encoding->text;
        }
        if (!node_is_null((*given)[1])) {
            auto errors = folded((*given)[1]);
            if (!errors || errors->kind != Kind::str || errors->text != "strict") return std::nullopt;
        }
        auto codec = find_codec(name);
        if (!codec || !codec->text) return std::nullopt;
        return codec->id;
    };
    if (method == "encode" && kind == Kind::str) {
        auto codec = text_codec();
        auto bytes = codec ? codec_encode(*codec, object.text) : std::nullopt;
        if (!bytes) return std::nullopt;
        return bytes_value(std::move(*bytes));
    }
    if (method == "decode" && kind != Kind::str) {
        auto codec = text_codec();
        auto text = codec ? codec_decode(*codec, object.text) : std::nullopt;
        if (!text) return std::nullopt;
        return str_value(std::move(*text));
    }
    return std::nullopt;
}

// sep.join(items): items a tuple or list literal of the separator's kind, or (str) the characters of a str.
std::optional<ConstantFolder::Value> ConstantFolder::fold_join(const Value& separator, Node items, ScopeId scope,
                                                               int depth) {
    Node literal = items;
    while (!node_is_null(literal) && node_symbol(literal) == s.parenthesized_expression)
        literal = sole_expression(literal);
    if (node_is_null(literal)) return std::nullopt;
    ScopeId items_scope = scope;
    if (node_symbol(literal) == s.identifier) {
        Node bound = sequence_literal(literal, items_scope);
        literal = !node_is_null(bound) && node_symbol(bound) == s.tuple ? bound : Node{};
    }
    std::vector<Value> pieces;
    if (!node_is_null(literal) && (node_symbol(literal) == s.tuple || node_symbol(literal) == s.list)) {
        for (std::uint32_t i = 0; i < node_named_child_count(literal); ++i) {
            Node element = node_named_child(literal, i);
            if (node_symbol(element) == s.comment) continue;
            auto piece = fold(element, items_scope, depth + 1);
            if (!piece || piece->kind != separator.kind) return std::nullopt;
            pieces.push_back(std::move(*piece));
        }
    } else {
        auto single = fold(items, scope, depth + 1);  // ''.join('abc') joins characters
        if (!single || single->kind != Kind::str || separator.kind != Kind::str) return std::nullopt;
        for (std::uint32_t cp : code_points(single->text))
            pieces.push_back(of_units(Kind::str, {cp}));
    }
    std::string out;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (i > 0) out += separator.text;
        out += pieces[i].text;
        if (out.size() > k_max_folded_bytes) return std::nullopt;
    }
    return Value{separator.kind, std::move(out), 0};
}

// str.format with constant arguments and plain fields ({}, {0}, {name}) of str or int.
std::optional<ConstantFolder::Value> ConstantFolder::fold_format(const Value& format, Node call, ScopeId scope,
                                                                 int depth) {
    if (!arguments_of(call)) return std::nullopt;  // a starred argument
    auto pieces = format_pieces(format.text);
    if (!pieces) return std::nullopt;
    std::string out;
    std::uint32_t automatic = 0;
    bool numbered = false;
    for (const TemplatePiece& piece : *pieces) {
        if (!piece.field) {
            out += piece.text;
            continue;
        }
        if (!plain_format_field(piece.text)) return std::nullopt;
        if (!piece.text.empty() && std::isdigit(static_cast<unsigned char>(piece.text[0]))) numbered = true;
        if ((piece.text.empty() && numbered) || (!piece.text.empty() && numbered && automatic > 0))
            return std::nullopt;  // automatic and manual numbering mixed: ValueError
        Node argument_node = format_argument(m_model, call, piece.text, automatic);
        if (node_is_null(argument_node)) return std::nullopt;
        auto folded = fold(argument_node, scope, depth + 1);
        if (!folded) return std::nullopt;
        if (folded->kind == Kind::str)
            out += folded->text;
        else if (folded->kind == Kind::integer)
            out += decimal(folded->integer);
        else
            return std::nullopt;
    }
    // Every argument is evaluated, and may raise: each must fold.
    auto given = arguments_of(call);
    for (Node node : given->positional)
        if (!fold(node, scope, depth + 1)) return std::nullopt;
    for (const auto& keyword : given->keywords)
        if (!fold(keyword.second, scope, depth + 1)) return std::nullopt;
    return str_value(std::move(out));
}

std::optional<ConstantFolder::Value> ConstantFolder::fold_builtin_call(std::string_view q, Node call, ScopeId scope,
                                                                       int depth) {
    auto folded = [&](Node node) { return node_is_null(node) ? std::optional<Value>() : fold(node, scope, depth + 1); };
    auto str_argument = [&](Node node, std::string fallback) -> std::optional<std::string> {
        if (node_is_null(node)) return fallback;
        auto value = folded(node);
        if (!value || value->kind != Kind::str) return std::nullopt;
        return value->text;
    };
    if (q == "builtins.chr") {
        auto given = bind(call, {"i"}, 1, 1);
        if (!given) return std::nullopt;
        auto value = folded((*given)[0]);
        if (!value || value->kind != Kind::integer || value->integer < 0 || value->integer > 0x10FFFF ||
            (value->integer >= 0xD800 && value->integer <= 0xDFFF))
            return std::nullopt;
        return of_units(Kind::str, {static_cast<std::uint32_t>(value->integer)});
    }
    if (q == "builtins.ord") {
        auto given = bind(call, {"c"}, 1, 1);
        if (!given) return std::nullopt;
        auto value = folded((*given)[0]);
        if (!value || !is_sequence(*value)) return std::nullopt;
        std::vector<std::uint32_t> units = units_of(*value);
        if (units.size() != 1) return std::nullopt;
        return int_value(units[0]);
    }
    if (q == "builtins.str") {
        auto given = bind(call, {"object", "encoding", "errors"}, 0, 0);
        if (!given) return std::nullopt;
        if (node_is_null((*given)[0])) {
            if (!node_is_null((*given)[1]) || !node_is_null((*given)[2])) return std::nullopt;
            return str_value({});
        }
        auto value = folded((*given)[0]);
        if (!value) return std::nullopt;
        if (node_is_null((*given)[1]) && node_is_null((*given)[2])) {
            if (value->kind == Kind::str) return value;
            if (value->kind == Kind::integer) return str_value(decimal(value->integer));
            return std::nullopt;  // a repr
        }
        if (value->kind == Kind::str || value->kind == Kind::integer) return std::nullopt;  // TypeError
        auto name = str_argument((*given)[1], "utf-8");
        auto errors = str_argument((*given)[2], "strict");
        if (!name || !errors || *errors != "strict") return std::nullopt;
        auto codec = find_codec(*name);
        if (!codec || !codec->text) return std::nullopt;
        auto text = codec_decode(codec->id, value->text);
        if (!text) return std::nullopt;
        return str_value(std::move(*text));
    }
    if (q == "builtins.hex") {
        auto given = bind(call, {"number"}, 1, 1);
        if (!given) return std::nullopt;
        auto value = folded((*given)[0]);
        if (!value || value->kind != Kind::integer || value->integer == std::numeric_limits<std::int64_t>::min())
            return std::nullopt;
        std::int64_t n = value->integer;
        std::string digits;
        std::uint64_t magnitude = static_cast<std::uint64_t>(n < 0 ? -n : n);
        do {
            digits += "0123456789abcdef"[magnitude % 16];
            magnitude /= 16;
        } while (magnitude > 0);
        std::reverse(digits.begin(), digits.end());
        return str_value((n < 0 ? "-0x" : "0x") + digits);
    }
    if (q == "builtins.int") {
        auto given = bind(call, {"x", "base"}, 1, 0);
        if (!given) return std::nullopt;
        if (node_is_null((*given)[0]))
            return node_is_null((*given)[1]) ? std::optional<Value>(int_value(0)) : std::nullopt;
        auto value = folded((*given)[0]);
        if (!value) return std::nullopt;
        if (node_is_null((*given)[1])) {
            if (value->kind == Kind::integer) return value;
            if (value->kind != Kind::str) return std::nullopt;
        }
        std::int64_t base = 10;
        if (!node_is_null((*given)[1])) {
            auto b = folded((*given)[1]);
            if (!b || b->kind != Kind::integer || b->integer < 2 || b->integer > 36) return std::nullopt;
            base = b->integer;
        }
        // Digits of the base alone, at most 18, with an optional `-`: no white
        // space, underscores, prefixes or non-ASCII digits, which Python reads its own way.
        if (value->kind != Kind::str) return std::nullopt;
        std::string_view text = value->text;
        bool negative = !text.empty() && text[0] == '-';
        if (negative) text.remove_prefix(1);
        if (text.empty() || text.size() > 12) return std::nullopt;
        std::int64_t out = 0;
        for (char c : text) {
            int digit = c >= '0' && c <= '9'   ? c - '0'
                        : c >= 'a' && c <= 'z' ? c - 'a' + 10
                        : c >= 'A' && c <= 'Z' ? c - 'A' + 10
                                               : 99;
            if (digit >= base) return std::nullopt;
            out = out * base + digit;
        }
        return int_value(negative ? -out : out);
    }
    if (q == "builtins.format") {
        auto given = bind(call, {"value", "format_spec"}, 2, 1);
        if (!given) return std::nullopt;
        auto value = folded((*given)[0]);
        auto spec = str_argument((*given)[1], "");
        if (!value || !spec || !spec->empty()) return std::nullopt;
        if (value->kind == Kind::str) return value;
        if (value->kind == Kind::integer) return str_value(decimal(value->integer));
        return std::nullopt;
    }
    if (q == "builtins.bytes.fromhex" || q == "builtins.bytearray.fromhex") {
        auto given = bind(call, {"string"}, 1, 1);
        if (!given) return std::nullopt;
        auto text = str_argument((*given)[0], "");
        if (!text) return std::nullopt;
        auto bytes = from_hex(*text);
        if (!bytes) return std::nullopt;
        return Value{q == "builtins.bytes.fromhex" ? Kind::bytes : Kind::bytearray, std::move(*bytes), 0};
    }
    if (q == "base64.b64decode" || q == "base64.standard_b64decode" || q == "base64.urlsafe_b64decode" ||
        q == "base64.decodebytes") {
        auto given = bind(call, {"s"}, 0, 1);
        if (!given) return std::nullopt;
        auto value = folded((*given)[0]);
        if (!value || value->kind == Kind::integer || (value->kind == Kind::str && !is_ascii(value->text)))
            return std::nullopt;
        if (q == "base64.decodebytes" && value->kind == Kind::str) return std::nullopt;  // bytes-like only
        auto bytes = strict_base64_decode(value->text, q == "base64.urlsafe_b64decode");
        if (!bytes) return std::nullopt;
        return bytes_value(std::move(*bytes));
    }
    if (q == "codecs.decode" || q == "codecs.encode") {
        auto given = bind(call, {"obj", "encoding", "errors"}, 0, 1);
        if (!given) return std::nullopt;
        auto value = folded((*given)[0]);
        auto name = str_argument((*given)[1], "utf-8");
        auto errors = str_argument((*given)[2], "strict");
        if (!value || !name || !errors || *errors != "strict") return std::nullopt;
        auto codec = find_codec(*name);
        if (!codec) return std::nullopt;
        bool decode = q == "codecs.decode";
        if (codec->id == CodecId::rot_13) {
            if (value->kind != Kind::str) return std::nullopt;
            auto text = decode ? codec_decode(codec->id, value->text) : codec_encode(codec->id, value->text);
            if (!text) return std::nullopt;
            return str_value(std::move(*text));
        }
        if (!codec->text) {  // hex, base64: bytes to bytes
            if (value->kind != Kind::bytes) return std::nullopt;
            auto bytes = decode ? codec_decode(codec->id, value->text) : codec_encode(codec->id, value->text);
            if (!bytes) return std::nullopt;
            return bytes_value(std::move(*bytes));
        }
        if (decode) {
            if (value->kind != Kind::bytes && value->kind != Kind::bytearray) return std::nullopt;
            auto text = codec_decode(codec->id, value->text);
            if (!text) return std::nullopt;
            return str_value(std::move(*text));
        }
        if (value->kind != Kind::str) return std::nullopt;
        auto bytes = codec_encode(codec->id, value->text);
        if (!bytes) return std::nullopt;
        return bytes_value(std::move(*bytes));
    }
    if (q == "builtins.bytes" || q == "builtins.bytearray") {
        const Kind kind = q == "builtins.bytes" ? Kind::bytes : Kind::bytearray;
        auto given = bind(call, {"source", "encoding", "errors"}, 0, 0);
        if (!given) return std::nullopt;
        Node source = (*given)[0];
        if (node_is_null(source)) {
            if (!node_is_null((*given)[1]) || !node_is_null((*given)[2])) return std::nullopt;
            return Value{kind, {}, 0};
        }
        Node literal = source;
        while (!node_is_null(literal) && node_symbol(literal) == s.parenthesized_expression)
            literal = sole_expression(literal);
        if (node_is_null((*given)[1]) && node_is_null((*given)[2]) && !node_is_null(literal) &&
            (node_symbol(literal) == s.list || node_symbol(literal) == s.tuple)) {
            std::string out;
            for (std::uint32_t i = 0; i < node_named_child_count(literal); ++i) {
                Node element = node_named_child(literal, i);
                if (node_symbol(element) == s.comment) continue;
                auto value = folded(element);
                if (!value || value->kind != Kind::integer || value->integer < 0 || value->integer > 255)
                    return std::nullopt;
                out += static_cast<char>(value->integer);
            }
            return Value{kind, std::move(out), 0};
        }
        auto value = folded(source);
        if (!value) return std::nullopt;
        if (node_is_null((*given)[1]) && node_is_null((*given)[2])) {
            if (value->kind == Kind::bytes || value->kind == Kind::bytearray) return Value{kind, value->text, 0};
            if (value->kind == Kind::integer && value->integer >= 0 &&
                static_cast<std::uint64_t>(value->integer) <= k_max_folded_bytes)
                return Value{kind, std::string(static_cast<std::size_t>(value->integer), '\0'), 0};
            return std::nullopt;
        }
        if (value->kind != Kind::str) return std::nullopt;
        auto name = str_argument((*given)[1], "utf-8");
        auto errors = str_argument((*given)[2], "strict");
        if (node_is_null((*given)[1]) || !name || !errors || *errors != "strict") return std::nullopt;
        auto codec = find_codec(*name);
        if (!codec || !codec->text) return std::nullopt;
        auto bytes = codec_encode(codec->id, value->text);
        if (!bytes) return std::nullopt;
        return Value{kind, std::move(*bytes), 0};
    }
    return std::nullopt;
}

// Path mode: what a pathlib or os.path call stands for as a path. Anchors
// outside the working folder fold to absolute-looking text: `/<home>` for
// the home folder, `/<cwd>` for the working folder's absolute path. A `~`
// that nothing expands is a folder so named, as it is to CPython.
std::optional<std::string> ConstantFolder::fold_path_call(std::string_view q, Node call, Node function, ScopeId scope,
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
            auto piece = fold_path_text(part, scope, depth + 1);
            if (!piece) return std::nullopt;
            out = join_path(out, *piece);
        }
    };
    auto object = [&]() -> std::optional<std::string> {
        if (node_symbol(function) != s.attribute) return std::nullopt;
        return fold_path_text(field(function, s.field_object), scope, depth + 1);
    };
    auto absolute = [](std::optional<std::string> path) -> std::optional<std::string> {
        if (!path) return std::nullopt;
        return join_path(std::string(k_working_folder), *path);
    };
    // expanduser: a leading `~` or `~/` is the home folder. `~user` is that
    // user's home where the machine has that user and stays as it is where
    // not: no one path, so unknown (PG006 still refuses it, pg006_path_prefix).
    auto home_expanded = [](std::optional<std::string> path) -> std::optional<std::string> {
        if (!path || !path->starts_with('~')) return path;
        if (path->size() > 1 && (*path)[1] != '/') return std::nullopt;
        return std::string(k_home_folder) + path->substr(1);
    };
    auto pathlib = [](std::optional<std::string> path) -> std::optional<std::string> {
        if (!path) return std::nullopt;
        return pathlib_text(*path);
    };
    auto argument_text = [&]() { return fold_path_text(argument(call, 0), scope, depth + 1); };
    std::size_t last_dot = q.rfind('.');
    std::string_view method = q.substr(last_dot + 1);
    bool pathlib_class = q.starts_with("pathlib.") && last_dot == std::string_view("pathlib").size();
    bool pathlib_member = q.starts_with("pathlib.") && !pathlib_class;
    // The POSIX classes only: a Windows path's text has backslashes and drives.
    if (q == "pathlib.Path" || q == "pathlib.PosixPath" || q == "pathlib.PurePath" || q == "pathlib.PurePosixPath")
        return pathlib(joined_arguments(""));
    if (pathlib_class || q.starts_with("pathlib.PureWindowsPath.") || q.starts_with("pathlib.WindowsPath."))
        return std::nullopt;
    if (q == "os.path.join") return joined_arguments("");
    if (q == "os.getcwd" || q == "os.getcwdb" || (pathlib_member && method == "cwd"))
        return std::string(k_working_folder);
    if (pathlib_member && method == "home") return std::string(k_home_folder);
    if (q == "os.fspath") return argument_text();
    if (q == "os.path.expanduser") return home_expanded(argument_text());
    if (q == "os.path.normpath") return normal_path(argument_text());
    // realpath also follows symbolic links, which a folded path assumes it meets none of,
    // and makes a leading `//` one slash, as POSIX leaves it the same folder.
    auto real = [](std::optional<std::string> path) -> std::optional<std::string> {
        if (path && path->starts_with("//")) path->erase(0, 1);
        return path;
    };
    if (q == "os.path.abspath") return normal_path(absolute(argument_text()));
    if (q == "os.path.realpath") return real(normal_path(absolute(argument_text())));
    if (pathlib_member && method == "joinpath") {
        auto base = object();
        return base ? pathlib(joined_arguments(*base)) : std::nullopt;
    }
    if (pathlib_member && method == "expanduser") return home_expanded(object());
    if (pathlib_member && method == "absolute") return pathlib(absolute(object()));
    if (pathlib_member && method == "resolve") return pathlib(real(normal_path(absolute(object()))));
    return std::nullopt;
}

// What str() of a pathlib path gives for `path`: repeated slashes and `.`
// parts dropped, no trailing slash, `.` for nothing; a leading `//` (and
// only exactly two) kept, as POSIX allows it a meaning of its own.
std::string ConstantFolder::pathlib_text(const std::string& path) {
    std::string root;
    if (path.starts_with("//") && !path.starts_with("///"))
        root = "//";
    else if (path.starts_with('/'))
        root = "/";
    std::string out = root;
    std::size_t start = 0;
    bool first = true;
    while (start <= path.size()) {
        std::size_t end = path.find('/', start);
        if (end == std::string::npos) end = path.size();
        std::string_view part = std::string_view(path).substr(start, end - start);
        if (!part.empty() && part != ".") {
            if (!first) out += '/';
            out += part;
            first = false;
        }
        start = end + 1;
    }
    return out.empty() ? "." : out;
}

namespace {
// `<cwd>`, `<home>`: the first part of an anchor, after its slash.
bool is_anchor(std::string_view part) {
    return part == k_working_folder.substr(1) || part == k_home_folder.substr(1);
}
}  // namespace

// posixpath.normpath: `..` takes away the part before it. When that part is
// an anchor (`/<home>`, `/<cwd>`), which stands for more than
// one part, the path stays as it is: absolute, which the filesystem rule refuses.
std::optional<std::string> ConstantFolder::normal_path(std::optional<std::string> path) {
    if (!path) return std::nullopt;
    if (path->empty()) return ".";
    std::size_t slashes = path->starts_with('/') ? 1 : 0;
    if (path->starts_with("//") && !path->starts_with("///")) slashes = 2;
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    const std::string_view text = *path;
    while (start <= text.size()) {
        std::size_t end = text.find('/', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view part = text.substr(start, end - start);
        start = end + 1;
        if (part.empty() || part == ".") continue;
        if (part != ".." || (slashes == 0 && parts.empty()) || (!parts.empty() && parts.back() == "..")) {
            parts.push_back(part);
            continue;
        }
        if (parts.empty()) continue;  // `/..` is `/`
        // Only the path's own first part is an anchor: `/../<cwd>` spells a folder so named.
        if (parts.size() == 1 && slashes == 1 && is_anchor(parts.back()) && parts.back().data() == text.data() + 1)
            return path;
        parts.pop_back();
    }
    std::string out(slashes, '/');
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0) out += '/';
        out += parts[i];
    }
    return out.empty() ? "." : out;
}

// os.path.join's rule, which pathlib's `/` shares: an absolute part starts over.
std::optional<std::string> ConstantFolder::fold_path_text(Node expr, ScopeId scope, int depth) {
    std::optional<Value> value = fold(expr, scope, depth);
    if (!value || (value->kind != Kind::str && value->kind != Kind::bytes)) return std::nullopt;
    return std::move(value->text);
}

std::string ConstantFolder::join_path(const std::string& base, const std::string& part) {
    if (base.empty() || part.starts_with('/')) return part;
    return base.ends_with('/') ? base + part : base + "/" + part;
}

bool str_whitespace(std::uint32_t cp) {  // Py_UNICODE_ISSPACE
    return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
           (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F ||
           cp == 0x3000;
}

bool bytes_whitespace(std::uint32_t c) {  // Py_ISSPACE
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

bool str_line_boundary(std::uint32_t cp) {  // Py_UNICODE_ISLINEBREAK
    return cp == '\n' || cp == '\r' || cp == 0x0B || cp == 0x0C || cp == 0x1C || cp == 0x1D || cp == 0x1E ||
           cp == 0x85 || cp == 0x2028 || cp == 0x2029;
}


std::optional<FoldedValue> fold_value(const Model& model, Node expr, ScopeId scope) {
    StepBudget budget;
    return ConstantFolder(model, budget).fold(expr, scope, 0);
}

std::optional<std::string> Model::fold_string(Node expr, ScopeId scope) const {
    StepBudget budget;
    return ConstantFolder(*this, budget).fold_str(expr, scope, 0);
}

std::optional<std::int64_t> Model::fold_integer(Node expr, ScopeId scope) const {
    StepBudget budget;
    return ConstantFolder(*this, budget).fold_int(expr, scope, 0);
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
    StepBudget budget;
    ConstantFolder folder(*this, budget);
    folder.fold_as_paths();
    return folder.fold_path(expr, scope);
}

}  // namespace pygate::analyzer
