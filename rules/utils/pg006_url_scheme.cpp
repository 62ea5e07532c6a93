#include "rules/utils/pg006_url_scheme.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/sole_expression.hpp"
#include "analyzer/text/string_literal.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;

constexpr int k_max_depth = 8;  // names bound to names bound to ...

struct Prefix {
    std::string text;    // what the URL starts with, for sure
    bool whole = false;  // and whether that is all of it
};

Prefix constant_prefix(const analyzer::Model& model, Node expr, analyzer::ScopeId scope, int depth) {
    if (node_is_null(expr) || depth > k_max_depth) return {};
    if (std::optional<std::string> folded = model.fold_string(expr, scope)) return {*folded, true};
    const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
    TSSymbol kind = node_symbol(expr);
    if (kind == s.parenthesized_expression) return constant_prefix(model, sole_expression(expr), scope, depth + 1);
    if (kind == s.string) {  // an f-string: its text up to the first replacement field
        Prefix prefix;
        for (Node child = node_first_child(expr); !node_is_null(child); child = node_next_sibling(child)) {
            if (node_symbol(child) == s.interpolation) break;
            if (node_symbol(child) == s.string_content) prefix.text += model.text(child);
        }
        // The text is as written: `f"\x66ile:..."` is a file: URL. What follows
        // the first backslash is not known without decoding, so it is not taken.
        prefix.text.resize(std::min(prefix.text.size(), prefix.text.find('\\')));
        return prefix;
    }
    if (kind == s.concatenated_string ||
        (kind == s.binary_operator && node_symbol(node_child_by_field_id(expr, s.field_operator)) == s.plus_token)) {
        Prefix left = constant_prefix(model, node_first_child(expr), scope, depth + 1);
        left.whole = false;
        return left;
    }
    if (kind == s.identifier) {
        std::optional<analyzer::Model::BoundValue> bound = model.single_value(expr, scope);
        return bound ? constant_prefix(model, bound->value, bound->scope, depth + 1) : Prefix{};
    }
    if (kind == s.call) {
        for (const analyzer::Referent& callee : model.resolve(model.call_function(expr), scope))
            if (callee.kind == analyzer::Referent::Kind::name && callee.qualified == "urllib.request.Request")
                return constant_prefix(model, model.argument(expr, 0, "url"), scope, depth + 1);
    }
    return {};
}

// What urllib skips before the scheme: spaces and control characters, `<`, and `URL:`.
std::string_view unwrapped(std::string_view url) {
    auto skip_space = [&] {
        while (!url.empty() && static_cast<unsigned char>(url.front()) <= ' ')
            url.remove_prefix(1);
    };
    skip_space();
    if (url.starts_with('<')) url.remove_prefix(1);
    skip_space();
    if (url.size() >= 4 && std::tolower(static_cast<unsigned char>(url[0])) == 'u' &&
        std::tolower(static_cast<unsigned char>(url[1])) == 'r' &&
        std::tolower(static_cast<unsigned char>(url[2])) == 'l' && url[3] == ':') {
        url.remove_prefix(4);
        skip_space();
    }
    return url;
}

}  // namespace

UrlScheme url_scheme(const analyzer::Model& model, Node url, analyzer::ScopeId scope) {
    Prefix prefix = constant_prefix(model, url, scope, 0);
    std::string_view text = unwrapped(prefix.text);
    std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) return {};  // the scheme is not all there
    std::string scheme;
    for (char c : text.substr(0, colon))
        scheme += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (scheme != "file") return {UrlScheme::Kind::other, std::nullopt};
    UrlScheme file{UrlScheme::Kind::file, std::nullopt};
    if (!prefix.whole) return file;
    std::string_view rest = text.substr(colon + 1);
    if (rest.ends_with('>')) rest.remove_suffix(1);
    if (rest.starts_with("//")) {  // file://host/path: the host is this machine's
        rest.remove_prefix(2);
        std::size_t slash = rest.find('/');
        rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash);
    }
    // urllib unquotes the path (url2pathname): `%2e%2e` is `..`.
    std::string path;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        std::optional<std::uint32_t> escaped = rest[i] == '%' ? analyzer::hex_digits(rest, i + 1, 2) : std::nullopt;
        path += escaped ? static_cast<char>(*escaped) : rest[i];
        if (escaped) i += 2;
    }
    file.path = std::move(path);
    return file;
}

}  // namespace pygate::rules
