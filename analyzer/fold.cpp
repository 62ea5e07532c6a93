// Constant folding: the one constant an expression evaluates to (literals,
// concatenation, formatting, joins, slicing, chr(), decoders), following a
// name's bindings, or nothing. The resolver asks it too, with its budget.
#include <algorithm>
#include <exception>

#include "analyzer/budgets.hpp"
#include "analyzer/constant_folder.hpp"
#include "analyzer/format_template.hpp"
#include "analyzer/integer_literal.hpp"
#include "analyzer/model.hpp"
#include "analyzer/model_internals.hpp"
#include "analyzer/python_symbols.hpp"
#include "analyzer/sole_expression.hpp"
#include "analyzer/string_literal.hpp"
#include "analyzer/unicode.hpp"

namespace pygate::analyzer {
namespace {

// What the working folder's absolute path folds to (os.getcwd(), abspath): absolute, and readable in messages.
constexpr std::string_view k_working_folder = "/<cwd>";

Node field(Node node, TSFieldId id) {
    return node_child_by_field_id(node, id);
}

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

std::optional<std::string> ConstantFolder::fold(Node expr, ScopeId scope, int depth) {
    if (node_is_null(expr) || !spend(depth)) return std::nullopt;
    std::optional<std::string> out = fold_uncapped(expr, scope, depth);
    if (out && out->size() > k_max_folded_bytes) return std::nullopt;
    return out;
}

std::optional<std::string> ConstantFolder::fold_uncapped(Node expr, ScopeId scope, int depth) {
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

std::optional<std::string> ConstantFolder::fold_string_literal(Node expr, ScopeId scope, int depth) {
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
std::optional<std::string> ConstantFolder::fold_name(std::string_view name, ScopeId scope, int depth) {
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

std::optional<std::string> ConstantFolder::fold_binary(Node expr, ScopeId scope, int depth) {
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
Node ConstantFolder::sequence_literal(Node node, ScopeId& scope) const {
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
    std::string storage;
    const std::vector<Binding>* bindings = bindings_of(m_model.identifier(node, storage), scope);
    if (bindings == nullptr || bindings->size() != 1) return {};
    const Binding& binding = bindings->front();
    if (binding.kind != Binding::Kind::value || node_is_null(binding.value)) return {};
    if (node_symbol(binding.value) != s.dictionary) return {};
    scope = binding.value_scope;
    return binding.value;
}

std::optional<std::string> ConstantFolder::fold_subscript(Node expr, ScopeId scope, int depth) {
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

std::optional<std::string> ConstantFolder::fold_call(Node call, ScopeId scope, int depth) {
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
        if (method == "decode" || method == "encode" || method == "lower" || method == "upper" || method == "strip" ||
            method == "replace")
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
        if (node_symbol(items) != s.list && node_symbol(items) != s.tuple) return fold(items, scope, depth + 1);
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
    if (q == "os.path.abspath" || q == "os.path.realpath") return absolute(fold(argument(call, 0), scope, depth + 1));
    if (pathlib_member && method == "joinpath") {
        auto base = object();
        return base ? joined_arguments(*base) : std::nullopt;
    }
    if (pathlib_member && method == "expanduser") return object();
    if (pathlib_member && (method == "resolve" || method == "absolute")) return absolute(object());
    return std::nullopt;
}

// os.path.join's rule, which pathlib's `/` shares: an absolute part starts over.
std::string ConstantFolder::join_path(const std::string& base, const std::string& part) {
    if (base.empty() || part.starts_with('/')) return part;
    return base.ends_with('/') ? base + part : base + "/" + part;
}

// str.format with constant arguments and plain fields ({}, {0}, {name}).
std::optional<std::string> ConstantFolder::fold_format(Node object, Node call, ScopeId scope, int depth) {
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

std::optional<std::int64_t> ConstantFolder::fold_int(Node expr, ScopeId scope, int depth) {
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

std::optional<std::string> Model::fold_string(Node expr, ScopeId scope) const {
    StepBudget budget;
    return ConstantFolder(*this, budget).fold(expr, scope, 0);
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
    return folder.fold(expr, scope, 0);
}

std::optional<std::int64_t> Model::fold_integer(Node expr, ScopeId scope) const {
    StepBudget budget;
    return ConstantFolder(*this, budget).fold_int(expr, scope, 0);
}

}  // namespace pygate::analyzer
