#include "rules/utils/constant_size.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#include "analyzer/model/fold.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/sole_expression.hpp"
#include "analyzer/text/integer_literal.hpp"
#include "analyzer/text/line_index.hpp"
#include "analyzer/text/string_literal.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;

using analyzer::Cursor;

using analyzer::Referent;
using analyzer::Referents;
using Kind = Magnitude::Kind;

constexpr double k_log10_slot = 0.90308998699194354;  // log10(8): a list slot, an int64 or float64 element
constexpr double k_log10_e = 0.4342944819;    // log10(e)
constexpr double k_log10_2pi = 0.7981798684;  // log10(2 * pi)

struct Symbols {
    TSSymbol power, shift_left, floor_divide, shift_right, ampersand, pipe, caret, true_, false_;
    TSSymbol dictionary, set, float_;
};


const Symbols& symbols() {
    static const Symbols s{analyzer::grammar_symbol("**", false),        analyzer::grammar_symbol("<<", false),  analyzer::grammar_symbol("//", false),
                           analyzer::grammar_symbol(">>", false),        analyzer::grammar_symbol("&", false),   analyzer::grammar_symbol("|", false),
                           analyzer::grammar_symbol("^", false),         analyzer::grammar_symbol("true", true), analyzer::grammar_symbol("false", true),
                           analyzer::grammar_symbol("dictionary", true), analyzer::grammar_symbol("set", true),  analyzer::grammar_symbol("float", true)};
    return s;
}

Node field_child(Node node, TSFieldId field) {
    return node_child_by_field_id(node, field);
}

Magnitude integer(std::int64_t value) {
    Magnitude out{Kind::integer, 0, value};
    std::uint64_t magnitude = value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    out.log10 = magnitude > 1 ? std::log10(static_cast<double>(magnitude)) : 0;
    return out;
}

Magnitude sized(Kind kind, double log10, std::optional<std::int64_t> exact = std::nullopt) {
    return Magnitude{kind, saturate(log10), exact};
}

Magnitude sized_exact(Kind kind, std::int64_t length) {
    Magnitude out = integer(length < 0 ? 0 : length);
    out.kind = kind;
    return out;
}

// An integer literal's magnitude, read from its digits: no literal is too long.
Magnitude integer_literal(std::string_view text) {
    auto [base, at] = analyzer::integer_literal_prefix(text);
    std::uint64_t value = 0;
    std::size_t significant = 0, ignored = 0;
    bool fits = true;
    for (; at < text.size(); ++at) {
        char c = text[at];
        if (c == '_') continue;
        int digit = c >= '0' && c <= '9'                     ? c - '0'
                    : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10
                                                             : -1;
        if (digit < 0 || digit >= base) break;  // `10j`, `10L`: not an integer we size
        if (value == 0 && digit == 0) continue;
        if (fits && value <= (static_cast<std::uint64_t>(INT64_MAX) - static_cast<std::uint64_t>(digit)) /
                                 static_cast<std::uint64_t>(base)) {
            value = value * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(digit);
            ++significant;
        } else {
            fits = false;
            ++ignored;
        }
    }
    if (fits) return integer(static_cast<std::int64_t>(value));
    Magnitude out{Kind::integer, 0, std::nullopt};
    out.log10 = saturate(std::log10(static_cast<double>(value)) + static_cast<double>(ignored) * std::log10(base));
    (void)significant;
    return out;
}

// The value of a magnitude as a double, saturated: 10^log10.
double value_of(const Magnitude& m) {
    if (m.exact) return static_cast<double>(*m.exact);
    return m.log10 >= 300 ? k_saturated : std::pow(10.0, m.log10);
}

// log10(10^a + 10^b) without leaving logarithms.
double log_sum(double a, double b) {
    double high = std::max(a, b), low = std::min(a, b);
    if (high - low > 20) return high;
    return saturate(high + std::log10(1 + std::pow(10.0, low - high)));
}

bool is_sized(Kind kind) {
    return kind == Kind::text || kind == Kind::bytes || kind == Kind::list;
}

bool named(const Referents& callee, std::string_view qualified) {
    return std::any_of(callee.begin(), callee.end(),
                       [&](const Referent& r) { return r.kind == Referent::Kind::name && r.qualified == qualified; });
}

bool named_any(const Referents& callee, std::initializer_list<std::string_view> names) {
    for (std::string_view name : names)
        if (named(callee, name)) return true;
    return false;
}

// `base ** exponent` and `pow(base, exponent)` of two integers: exact while
// it fits in 64 bits, else its magnitude, with the sign a negative base
// gives an odd exponent. A negative exponent gives a float: no size.
Magnitude power(const Magnitude& base, const Magnitude& exponent) {
    if (!exponent.non_negative()) return {};
    if (base.exact && *base.exact >= -1 && *base.exact <= 1) {
        if (*base.exact == 0 && exponent.exact && *exponent.exact == 0) return integer(1);  // 0 ** 0
        if (*base.exact != -1) return integer(*base.exact);
        if (exponent.exact) return integer(*exponent.exact % 2 == 0 ? 1 : -1);
        Magnitude one{Kind::integer, 0, std::nullopt};  // 1 or -1
        one.may_be_negative = true;
        return one;
    }
    if (base.exact && exponent.exact && base.log10 * static_cast<double>(*exponent.exact) < 19) {
        std::int64_t out = 1;
        bool overflow = false;
        for (std::int64_t i = 0; i < *exponent.exact && !overflow; ++i)
            overflow = __builtin_mul_overflow(out, *base.exact, &out);  // under 64 rounds: |base| >= 2
        if (!overflow) return integer(out);
    }
    Magnitude out = sized(Kind::integer, power_log10(base.log10, exponent));
    const bool even = exponent.exact && *exponent.exact % 2 == 0;
    out.may_be_negative = !base.non_negative() && !even;
    return out;
}

}  // namespace

double saturate(double log10) {
    if (!(log10 < k_saturated)) return k_saturated;  // also NaN and infinity
    return log10;
}

double power_log10(double base_log10, const Magnitude& exponent) {
    if (exponent.exact && *exponent.exact <= 0) return 0;
    return saturate(value_of(exponent) * base_log10);
}

double factorial_log10(const Magnitude& n) {
    if (n.exact && *n.exact < 2) return 0;
    double value = value_of(n);
    if (value >= k_saturated) return k_saturated;
    // Stirling: log10(n!) ~ n log10(n/e) + log10(2 pi n) / 2.
    double log10_n = n.exact ? std::log10(value) : n.log10;
    return saturate(value * (log10_n - k_log10_e) + (k_log10_2pi + log10_n) / 2);
}

SizeLimits SizeLimits::of(const analyzer::Profile& profile) {
    SizeLimits out;
    double bytes = static_cast<double>(std::max<std::int64_t>(profile.limits.memory_mb, 1)) * 1024.0 * 1024.0;
    out.max_bytes_log10 = std::log10(bytes);
    return out;
}

double SizeEstimator::footprint_log10(const Magnitude& size) {
    switch (size.kind) {
        case Kind::list:
            return saturate(size.log10 + k_log10_slot);
        case Kind::text:
        case Kind::bytes:
        case Kind::array:
            return size.log10;
        case Kind::integer:
            return size.log10 >= 1 ? saturate(std::log10(size.log10) - 0.38) : 0;  // ~0.415 bytes per digit
        default:
            return 0;
    }
}

std::string SizeEstimator::describe(const Magnitude& size) {
    auto power = [](double log10) {
        if (log10 >= k_saturated) return std::string("more than 10^300");
        if (log10 >= 1e6) return fmt::format("about 10^({:.3g})", log10);
        return fmt::format("about 10^{:.0f}", std::floor(log10));
    };
    switch (size.kind) {
        case Kind::integer:
            if (size.log10 >= k_saturated) return power(k_saturated) + " digits";
            return power(size.log10 >= 1 ? std::log10(size.log10 + 1) : 0) + " digits";
        case Kind::text:
            return power(size.log10) + " characters";
        case Kind::list:
            return power(size.log10) + " items (" + power(footprint_log10(size)) + " bytes)";
        default:
            return power(footprint_log10(size)) + " bytes";
    }
}

Magnitude SizeEstimator::estimate(Node expr) {
    return visit(expr, 0);
}

Magnitude SizeEstimator::estimate_call(Node node, const Referents& callee) {
    return checked(node, call(node, callee, 0));
}

Magnitude SizeEstimator::checked(Node at, Magnitude size) {
    bool over = false;
    if (size.kind == Kind::integer)
        over = size.log10 >= std::pow(10.0, m_limits.max_digits_log10);
    else if (size.kind != Kind::unknown && size.kind != Kind::range)
        over = footprint_log10(size) > m_limits.max_bytes_log10;
    if (over &&
        (!m_oversize || footprint_log10(size) > footprint_log10(m_oversize->size) ||
         (size.kind == Kind::integer && m_oversize->size.kind == Kind::integer && size.log10 > m_oversize->size.log10)))
        m_oversize = Oversize{at, size};
    return size;
}

// A folded constant's exact size: a str's length in code points, bytes', an int itself.
Magnitude folded_size(const std::optional<analyzer::FoldedValue>& value) {
    if (!value) return {};
    using FoldedKind = analyzer::FoldedValue::Kind;
    if (value->kind == FoldedKind::integer) return integer(value->integer);
    if (value->kind == FoldedKind::str)
        return sized_exact(Kind::text, static_cast<std::int64_t>(analyzer::count_code_points(value->text)));
    return sized_exact(Kind::bytes, static_cast<std::int64_t>(value->text.size()));
}

// How many items a split of `text` gives: `split()` (on white space, no
// maxsplit) or `split(sep)`; `splitlines()`; nothing for other forms.
std::optional<std::int64_t> split_count(const analyzer::FoldedValue& text, std::string_view method,
                                        const std::optional<analyzer::FoldedValue>& separator) {
    const bool str = text.kind == analyzer::FoldedValue::Kind::str;
    std::vector<std::uint32_t> units;
    if (str)
        units = analyzer::code_points_of(text.text);
    else
        for (char c : text.text)
            units.push_back(static_cast<unsigned char>(c));
    if (method == "splitlines") {
        std::int64_t lines = 0;
        for (std::size_t i = 0; i < units.size(); ++i) {
            bool boundary = str ? analyzer::str_line_boundary(units[i]) : (units[i] == '\n' || units[i] == '\r');
            if (!boundary) continue;
            if (units[i] == '\r' && i + 1 < units.size() && units[i + 1] == '\n') ++i;
            ++lines;
        }
        std::size_t last = units.empty() ? 0 : units.size() - 1;
        bool ends_with_break = !units.empty() && (str ? analyzer::str_line_boundary(units[last])
                                                      : (units[last] == '\n' || units[last] == '\r'));
        return lines + (units.empty() || ends_with_break ? 0 : 1);
    }
    if (!separator) {  // runs of white space
        std::int64_t words = 0;
        bool in_word = false;
        for (std::uint32_t u : units) {
            bool space = str ? analyzer::str_whitespace(u) : analyzer::bytes_whitespace(u);
            if (!space && !in_word) ++words;
            in_word = !space;
        }
        return words;
    }
    if (separator->kind != text.kind || separator->text.empty()) return std::nullopt;
    std::int64_t pieces = 1;
    for (std::size_t at = text.text.find(separator->text); at != std::string::npos;
         at = text.text.find(separator->text, at + separator->text.size()))
        ++pieces;
    return pieces;
}

// The size of a method's result on a constant: split, rsplit, splitlines,
// partition and rpartition of a folded str or bytes; `(S * n).split()`
// counted from S without building it.
Magnitude SizeEstimator::method_result(Node call, std::uint32_t depth) {
    const auto& s = analyzer::PythonSymbols::get();
    Node function = m_model.call_function(call);
    if (node_is_null(function) || node_symbol(function) != s.attribute) return {};
    std::string storage;
    std::string_view method = m_model.identifier(m_model.attribute_name(function), storage);
    if (method != "split" && method != "rsplit" && method != "splitlines" && method != "partition" &&
        method != "rpartition")
        return {};
    Node arguments = m_model.call_arguments(call);
    std::uint32_t given = 0;
    for (std::uint32_t i = 0; !node_is_null(arguments) && i < node_named_child_count(arguments); ++i)
        given += node_symbol(node_named_child(arguments, i)) != s.comment;
    Node first = m_model.argument(call, 0);
    if (method == "partition" || method == "rpartition") {
        if (given != 1 || node_is_null(first)) return {};
        auto object = analyzer::fold_value(m_model, m_model.attribute_object(function), m_scope);
        auto separator = analyzer::fold_value(m_model, first, m_scope);
        if (!object || !separator || object->kind != separator->kind || separator->text.empty() ||
            object->kind == analyzer::FoldedValue::Kind::integer)
            return {};
        return sized_exact(Kind::list, 3);
    }
    if (given > 1 || (given == 1 && (node_is_null(first) || method == "splitlines"))) return {};
    std::optional<analyzer::FoldedValue> separator;
    if (given == 1) {
        separator = analyzer::fold_value(m_model, first, m_scope);
        if (!separator) return {};
    }
    Node object = m_model.attribute_object(function);
    if (auto text = analyzer::fold_value(m_model, object, m_scope)) {
        if (text->kind == analyzer::FoldedValue::Kind::integer || text->kind == analyzer::FoldedValue::Kind::bytearray)
            return {};
        auto count = split_count(*text, method == "splitlines" ? "splitlines" : "split", separator);
        return count ? sized_exact(Kind::list, *count) : Magnitude{};
    }
    // `(S * n).split()`: S's words n times, the last word of one copy joined
    // to the first of the next when S neither starts nor ends with white space.
    Node product = object;
    while (!node_is_null(product) && node_symbol(product) == s.parenthesized_expression)
        product = analyzer::sole_expression(product);
    if (method != "split" || separator || node_is_null(product) || node_symbol(product) != s.binary_operator ||
        node_symbol(field_child(product, s.field_operator)) != s.star_token)
        return {};
    auto unit = analyzer::fold_value(m_model, field_child(product, s.field_left), m_scope);
    Magnitude times = visit(field_child(product, s.field_right), depth + 1);
    if (!unit || unit->kind != analyzer::FoldedValue::Kind::str || times.kind != Kind::integer ||
        (times.exact && *times.exact <= 0) || unit->text.empty())
        return {};
    auto words = split_count(*unit, "split", std::nullopt);
    if (!words || *words == 0) return sized_exact(Kind::list, 0);
    std::vector<std::uint32_t> points = analyzer::code_points_of(unit->text);
    bool joined = !analyzer::str_whitespace(points.front()) && !analyzer::str_whitespace(points.back());
    if (times.exact) {
        std::int64_t out = 0;
        if (!__builtin_mul_overflow(*times.exact, joined ? *words - 1 : *words, &out) &&
            !__builtin_add_overflow(out, joined ? 1 : 0, &out))
            return sized_exact(Kind::list, out);
        return {};
    }
    if (joined && *words == 1) return sized_exact(Kind::list, 1);
    return sized(Kind::list, times.log10 + std::log10(static_cast<double>(joined ? *words - 1 : *words)));
}

Magnitude SizeEstimator::visit(Node expr, std::uint32_t depth) {
    if (node_is_null(expr) || m_gave_up) return {};
    if (++m_steps > k_max_steps || depth > k_max_depth) {
        m_gave_up = true;
        return {};
    }
    const auto& s = analyzer::PythonSymbols::get();
    const Symbols& t = symbols();
    TSSymbol kind = node_symbol(expr);
    if (kind == s.integer) return integer_literal(m_model.text(expr));
    if (kind == t.true_) return integer(1);
    if (kind == t.false_) return integer(0);
    if (kind == s.parenthesized_expression) {
        Node inner = analyzer::sole_expression(expr);
        if (!node_is_null(inner)) return visit(inner, depth + 1);
    }
    if (kind == s.string || kind == s.concatenated_string)
        return folded_size(analyzer::fold_value(m_model, expr, m_scope));
    if (kind == s.list || kind == s.tuple) {
        std::int64_t items = 0;
        Cursor cursor = cursor_new(expr);
        bool splat = false;
        if (cursor_goto_first_child(&cursor)) {
            do {
                Node child = cursor_current_node(&cursor);
                if (!node_is_named(child)) continue;
                if (node_symbol(child) == s.list_splat) splat = true;
                ++items;
            } while (cursor_goto_next_sibling(&cursor));
        }
        if (splat) return {};
        return sized_exact(Kind::list, items);
    }
    if (kind == s.unary_operator) {
        Magnitude value = visit(field_child(expr, s.field_argument), depth + 1);
        if (value.kind != Kind::integer) return {};
        const bool invert = m_model.text(field_child(expr, s.field_operator)) == "~";
        if (value.exact && *value.exact != INT64_MIN) return integer(invert ? -*value.exact - 1 : -*value.exact);
        // Beyond 64 bits: `~x` is -x - 1, and a magnitude has no sign, so
        // `-(10**20) * 'a'` (which is '') would read as huge: not sized.
        return {};
    }
    if (kind == s.binary_operator) return checked(expr, binary(expr, depth));
    if (kind == s.identifier) {
        if (auto value = m_model.fold_integer(expr, m_scope)) return integer(*value);
        return bound_value(expr, depth);
    }
    if (kind == s.call) {
        if (auto folded = analyzer::fold_value(m_model, expr, m_scope)) return checked(expr, folded_size(folded));
        Magnitude method = method_result(expr, depth);
        if (method.known()) return checked(expr, method);
        Referents callee = m_model.resolve(m_model.call_function(expr), m_scope);
        return checked(expr, call(expr, callee, depth));
    }
    return {};
}

// `n = 10**12` then `'a' * n`: a name bound once is estimated as its value,
// in the value's scope. A value that reads its own name (`n = n * 2`) is no
// constant.
Magnitude SizeEstimator::bound_value(Node name, std::uint32_t depth) {
    std::optional<analyzer::Model::BoundValue> bound = m_model.single_value(name, m_scope);
    if (!bound) return {};
    if (std::find(m_expanding.begin(), m_expanding.end(), bound->value.id) != m_expanding.end()) return {};
    m_expanding.push_back(bound->value.id);
    analyzer::ScopeId reading = m_scope;
    m_scope = bound->scope;
    Magnitude out = visit(bound->value, depth + 1);
    m_scope = reading;
    m_expanding.pop_back();
    return out;
}

std::optional<std::string_view> SizeEstimator::padding_method(const analyzer::Model& model, Node call) {
    const auto& s = analyzer::PythonSymbols::get();
    Node function = model.call_function(call);
    if (node_is_null(function) || node_symbol(function) != s.attribute) return std::nullopt;
    std::string storage;
    std::string_view method = model.identifier(model.attribute_name(function), storage);
    if (method == "ljust" || method == "rjust" || method == "center" || method == "zfill") return "width";
    return std::nullopt;
}

// `'%0*d' % (10**12, 1)`, `'%01000000000000d' % 1`: a %-format's widths and
// precisions, constant or taken from the arguments by `*`, build that many
// characters.
Magnitude SizeEstimator::percent_format(Node expr, std::uint32_t depth) {
    const auto& s = analyzer::PythonSymbols::get();
    std::optional<std::string> format = m_model.fold_string(field_child(expr, s.field_left), m_scope);
    if (!format) return {};
    Node right = field_child(expr, s.field_right);
    std::vector<Node> arguments;
    if (node_symbol(right) == s.tuple)
        for (std::uint32_t i = 0; i < node_named_child_count(right); ++i)
            arguments.push_back(node_named_child(right, i));
    else
        arguments.push_back(right);
    // At least the template's literal text, and at least each field's width:
    // a lower bound, never exact (the values' text is not counted).
    std::int64_t literal = 0;
    for (std::size_t i = 0; i < format->size(); ++i) {
        if ((*format)[i] != '%') {
            literal += (static_cast<unsigned char>((*format)[i]) & 0xC0) != 0x80;
            continue;
        }
        if (i + 1 < format->size() && (*format)[i + 1] == '%') {
            ++literal;
            ++i;
            continue;
        }
        while (i + 1 < format->size() && std::strchr("-+ #0123456789.*hlL", (*format)[i + 1]) != nullptr)
            ++i;
        ++i;  // the conversion
    }
    Magnitude widest = sized(Kind::text, literal > 1 ? std::log10(static_cast<double>(literal)) : 0);
    std::size_t next_argument = 0;
    auto widen = [&](Magnitude width) {
        if (width.kind == Kind::integer && width.log10 > widest.log10)
            widest = Magnitude{Kind::text, width.log10, std::nullopt};
    };
    for (std::size_t i = 0; i < format->size(); ++i) {
        if ((*format)[i] != '%') continue;
        ++i;
        if (i < format->size() && (*format)[i] == '%') continue;
        if (i < format->size() && (*format)[i] == '(') return {};  // mapping keys: not followed
        while (i < format->size() && std::strchr("-+ #0", (*format)[i]) != nullptr)
            ++i;
        for (int part = 0; part < 2; ++part) {  // width, then precision after '.'
            if (part == 1) {
                if (i >= format->size() || (*format)[i] != '.') break;
                ++i;
            }
            if (i < format->size() && (*format)[i] == '*') {
                if (next_argument >= arguments.size()) return {};
                widen(visit(arguments[next_argument++], depth + 1));
                ++i;
                continue;
            }
            std::size_t digits = 0;
            while (i + digits < format->size() && std::isdigit(static_cast<unsigned char>((*format)[i + digits])))
                ++digits;
            if (digits > 0) widen(integer_literal(std::string_view(*format).substr(i, digits)));
            i += digits;
        }
        ++next_argument;  // the value the directive converts
    }
    return widest;
}

Magnitude SizeEstimator::binary(Node expr, std::uint32_t depth) {
    const auto& s = analyzer::PythonSymbols::get();
    const Symbols& t = symbols();
    if (m_visited) {
        std::uint64_t key = span_key(expr);
        auto at = std::lower_bound(m_visited->begin(), m_visited->end(), key);
        if (at == m_visited->end() || *at != key) m_visited->insert(at, key);
    }
    TSSymbol op = node_symbol(field_child(expr, s.field_operator));
    if (op == s.percent_token) {
        TSSymbol left_kind = node_symbol(field_child(expr, s.field_left));
        if (left_kind == s.string || left_kind == s.concatenated_string) return percent_format(expr, depth);
    }
    Magnitude left = visit(field_child(expr, s.field_left), depth + 1);
    Magnitude right = visit(field_child(expr, s.field_right), depth + 1);
    if (!left.known() || !right.known()) return {};
    bool ints = left.kind == Kind::integer && right.kind == Kind::integer;

    if (op == t.power) {
        if (!ints) return {};
        return power(left, right);
    }
    if (op == s.star_token) {
        if (ints) {
            if ((left.exact && *left.exact == 0) || (right.exact && *right.exact == 0)) return integer(0);
            std::int64_t out = 0;
            if (left.exact && right.exact && !__builtin_mul_overflow(*left.exact, *right.exact, &out))
                return integer(out);
            Magnitude product = sized(Kind::integer, left.log10 + right.log10);
            product.may_be_negative = !left.non_negative() || !right.non_negative();
            return product;
        }
        const Magnitude* sequence = is_sized(left.kind) ? &left : is_sized(right.kind) ? &right : nullptr;
        const Magnitude* times = left.kind == Kind::integer ? &left : right.kind == Kind::integer ? &right : nullptr;
        if (sequence == nullptr || times == nullptr) return {};
        if ((times->exact && *times->exact <= 0) || (sequence->exact && *sequence->exact == 0))
            return sized_exact(sequence->kind, 0);
        // `pow(-3, n) * seq` may repeat nothing: only a count known not to be negative sizes it.
        if (!times->non_negative()) return {};
        std::int64_t out = 0;
        if (sequence->exact && times->exact && !__builtin_mul_overflow(*sequence->exact, *times->exact, &out))
            return sized_exact(sequence->kind, out);
        return sized(sequence->kind, sequence->log10 + times->log10);
    }
    if (op == t.shift_left) {
        if (!ints) return {};
        if (left.exact && *left.exact == 0) return integer(0);
        if (!right.non_negative()) return {};  // a negative shift count raises
        if (left.exact && right.exact && *right.exact < 62) {
            std::int64_t out = 0;
            if (!__builtin_mul_overflow(*left.exact, std::int64_t{1} << *right.exact, &out)) return integer(out);
        }
        Magnitude shifted = sized(Kind::integer, left.log10 + value_of(right) * std::log10(2.0));
        shifted.may_be_negative = !left.non_negative();
        return shifted;
    }
    if (op == s.plus_token || op == s.minus_token) {
        if (ints) {
            std::int64_t out = 0;
            if (left.exact && right.exact &&
                !(op == s.plus_token ? __builtin_add_overflow(*left.exact, *right.exact, &out)
                                     : __builtin_sub_overflow(*left.exact, *right.exact, &out)))
                return integer(out);
            // |a ± b| is at least |a| - |b|: a lower bound only when one side is far the larger.
            double high = std::max(left.log10, right.log10), low = std::min(left.log10, right.log10);
            if (high - low < 1) return {};
            Magnitude sum = sized(Kind::integer, high + std::log10(1 - std::pow(10.0, low - high)));
            // Positive only when both are and the larger one is added, or is the left one.
            sum.may_be_negative = !left.non_negative() || !right.non_negative() ||
                                  (op == s.minus_token && right.log10 > left.log10);
            return sum;
        }
        if (op == s.plus_token && left.kind == right.kind && is_sized(left.kind)) {
            std::int64_t out = 0;
            if (left.exact && right.exact && !__builtin_add_overflow(*left.exact, *right.exact, &out))
                return sized_exact(left.kind, out);
            // A length whose log10 is 0 may be 0 or 1: only the other one counts then.
            auto inexact = [](Magnitude m) {
                m.exact.reset();
                return m;
            };
            if (left.exact && *left.exact == 0) return right;
            if (right.exact && *right.exact == 0) return left;
            if (!left.exact && left.log10 <= 0) return inexact(right);
            if (!right.exact && right.log10 <= 0) return inexact(left);
            return sized(left.kind, log_sum(left.log10, right.log10));
        }
        return {};
    }
    if (ints && (op == t.floor_divide || op == s.percent_token || op == t.shift_right || op == t.ampersand)) {
        // At most the left operand's magnitude (a remainder: the divisor's): no lower bound.
        if (!(left.exact && right.exact)) return {};
        if (op == t.ampersand) return integer(*left.exact & *right.exact);
        if (op == t.floor_divide || op == s.percent_token) {
            if (*right.exact == 0 || (*left.exact == INT64_MIN && *right.exact == -1)) return {};
            // Python's: the quotient rounds down, the remainder takes the divisor's sign.
            std::int64_t quotient = *left.exact / *right.exact, remainder = *left.exact % *right.exact;
            if (remainder != 0 && ((remainder < 0) != (*right.exact < 0))) {
                --quotient;
                remainder += *right.exact;
            }
            return integer(op == t.floor_divide ? quotient : remainder);
        }
        if (*right.exact < 0) return {};  // a negative shift count raises
        if (*right.exact >= 63) return integer(*left.exact < 0 ? -1 : 0);
        return integer(*left.exact >> *right.exact);  // C++20: an arithmetic shift, as Python's
    }
    if (ints && (op == t.pipe || op == t.caret)) {  // two's complement within 64 bits is Python's
        if (!(left.exact && right.exact)) return {};
        return integer(op == t.pipe ? (*left.exact | *right.exact) : (*left.exact ^ *right.exact));
    }
    return {};
}

// The number of elements of a numpy shape: an integer or a tuple of them.
Magnitude SizeEstimator::shape_elements(Node shape, std::uint32_t depth) {
    const auto& s = analyzer::PythonSymbols::get();
    Node inner = shape;
    while (!node_is_null(inner) && node_symbol(inner) == s.parenthesized_expression)
        inner = analyzer::sole_expression(inner);
    if (node_is_null(inner)) return {};
    if (node_symbol(inner) != s.tuple && node_symbol(inner) != s.list) {
        Magnitude n = visit(inner, depth + 1);
        if (n.kind != Kind::integer || !n.non_negative()) return {};  // numpy refuses negative dimensions
        return n.exact && *n.exact <= 0 ? integer(0) : n;
    }
    double log10 = 0;
    for (std::uint32_t i = 0; i < node_named_child_count(inner) && i < 64; ++i) {
        Magnitude n = visit(node_named_child(inner, i), depth + 1);
        if (n.kind != Kind::integer || (!n.exact && !n.non_negative())) return {};
        if (n.exact && *n.exact <= 0) return integer(0);
        log10 += n.log10;
    }
    return sized(Kind::integer, log10);
}

Magnitude SizeEstimator::call(Node node, const Referents& callee, std::uint32_t depth) {
    auto argument = [&](std::uint32_t position, std::string_view keyword = {}) {
        return m_model.argument(node, position, keyword);
    };
    // `'x'.ljust(10**12)`: a padding method builds a string as wide as its
    // argument, whatever the object (its type is rarely known).
    if (std::optional<std::string_view> keyword = padding_method(m_model, node)) {
        Magnitude width = visit(argument(0, *keyword), depth + 1);
        // A width beyond 64 bits raises OverflowError; one below 1 pads nothing.
        if (width.kind != Kind::integer || !width.exact || *width.exact <= 0) return {};
        return Magnitude{Kind::text, width.log10, std::nullopt};  // at least the width: wider text stays
    }
    if (callee.empty()) return {};
    if (named_any(callee, {"builtins.pow", "operator.pow"})) {
        if (!node_is_null(argument(2, "mod"))) return {};  // below the modulus: no lower bound
        Magnitude base = visit(argument(0, "base"), depth + 1);
        Magnitude exponent = visit(argument(1, "exp"), depth + 1);
        if (base.kind != Kind::integer || exponent.kind != Kind::integer) return {};
        return power(base, exponent);
    }
    if (named(callee, "math.factorial")) {
        Magnitude n = visit(argument(0), depth + 1);
        if (n.kind != Kind::integer || !n.non_negative()) return {};  // a negative one raises
        return sized(Kind::integer, factorial_log10(n));
    }
    if (named_any(callee, {"builtins.int", "builtins.abs"})) {
        Magnitude n = visit(argument(0), depth + 1);
        if (n.kind != Kind::integer) return {};
        if (named(callee, "builtins.abs")) {
            if (n.exact && *n.exact < 0)
                return *n.exact == INT64_MIN ? sized(Kind::integer, n.log10) : integer(-*n.exact);
            n.may_be_negative = false;
        }
        return n;
    }
    if (named_any(callee, {"builtins.bytearray", "builtins.bytes"})) {
        Magnitude n = visit(argument(0), depth + 1);
        // `bytes(10**12)` zero bytes; `bytes(range(256))` one byte an item.
        if (n.kind != Kind::integer && n.kind != Kind::range && n.kind != Kind::list) return {};
        if (n.kind == Kind::integer && !n.non_negative()) return {};  // `bytes(-1)` raises
        return Magnitude{Kind::bytes, n.log10, n.exact};
    }
    // Lazy views the size of what they read: `map(str, range(10**10))` is a range's worth of items.
    if (named_any(callee, {"builtins.map", "builtins.enumerate", "builtins.reversed"})) {
        // `map(f, a, b)` stops at the shortest of its iterables.
        if (named(callee, "builtins.map") && !node_is_null(argument(2))) return {};
        Magnitude items = visit(argument(named(callee, "builtins.map") ? 1 : 0), depth + 1);
        if (items.kind == Kind::range || is_sized(items.kind)) return Magnitude{Kind::range, items.log10, items.exact};
        return {};
    }
    if (named(callee, "builtins.dict.fromkeys")) {  // a range's items are distinct; others may repeat
        Magnitude items = visit(argument(0), depth + 1);
        if (items.kind == Kind::range) return Magnitude{Kind::list, items.log10, items.exact};
        return {};
    }
    if (named(callee, "builtins.range")) {
        bool two = !node_is_null(argument(1));
        Magnitude stop = visit(argument(two ? 1 : 0), depth + 1);
        if (stop.kind != Kind::integer) return {};
        if (two) {
            Magnitude start = visit(argument(0), depth + 1);
            Magnitude step = node_is_null(argument(2)) ? integer(1) : visit(argument(2), depth + 1);
            if (!start.exact || !stop.exact || !step.exact || *step.exact == 0 || *step.exact == INT64_MIN) return {};
            std::int64_t span = 0;
            if (__builtin_sub_overflow(*stop.exact, *start.exact, &span)) return {};
            std::int64_t n = *step.exact > 0 ? (span <= 0 ? 0 : (span - 1) / *step.exact + 1)
                                             : (span >= 0 ? 0 : (-(span + 1)) / -*step.exact + 1);
            return sized_exact(Kind::range, n);
        }
        if (stop.exact && *stop.exact <= 0) return sized_exact(Kind::range, 0);
        if (!stop.non_negative()) return {};  // may be empty
        return Magnitude{Kind::range, stop.log10, stop.exact};
    }
    if (named_any(callee,
                  {"builtins.list", "builtins.tuple", "builtins.sorted", "builtins.set", "builtins.frozenset"})) {
        Magnitude items = visit(argument(0), depth + 1);
        bool distinct_only = named_any(callee, {"builtins.set", "builtins.frozenset"});
        if (items.kind == Kind::range || (!distinct_only && is_sized(items.kind)))
            return Magnitude{Kind::list, items.log10, items.exact};
        return {};
    }
    if (named_any(callee, {"numpy.zeros", "numpy.ones", "numpy.empty", "numpy.full"})) {
        Magnitude elements = shape_elements(argument(0, "shape"), depth);
        if (elements.kind != Kind::integer) return {};
        if (elements.exact && *elements.exact == 0) return sized_exact(Kind::array, 0);
        // float64 unless a dtype says otherwise; then the smallest, one byte.
        // numpy.full's follows its fill value (`True` is one byte).
        bool typed = named(callee, "numpy.full") || !node_is_null(argument(1, "dtype"));
        return sized(Kind::array, elements.log10 + (typed ? 0 : k_log10_slot));
    }
    if (named(callee, "numpy.arange")) {
        // Integer bounds: int64 items, stop - start of them (none when that is below 1).
        if (!node_is_null(argument(2, "step")) || !node_is_null(argument(3, "dtype"))) return {};
        bool two = !node_is_null(argument(1, "stop"));
        Magnitude stop = visit(argument(two ? 1 : 0, two ? "stop" : ""), depth + 1);
        Magnitude start = two ? visit(argument(0, "start"), depth + 1) : integer(0);
        std::int64_t count = 0;
        if (stop.kind != Kind::integer || start.kind != Kind::integer || !stop.exact || !start.exact ||
            __builtin_sub_overflow(*stop.exact, *start.exact, &count))
            return {};
        if (count <= 0) return sized_exact(Kind::array, 0);
        return sized(Kind::array, std::log10(static_cast<double>(count)) + k_log10_slot);
    }
    return {};
}

}  // namespace pygate::rules
