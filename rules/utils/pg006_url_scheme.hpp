#pragma once
// urllib.request opens `file:` URLs as local files (its default opener has a
// FileHandler), so a URL given to urlopen is a path when its scheme is `file`.
// The scheme is read from the constant start of the expression that makes
// the URL: a literal, an f-string's text before its first field and first
// backslash, the left side of `+`, a name bound to one of these, or a
// urllib.request.Request's URL.
// As urllib does, leading spaces and a `<URL:...>` wrapper are skipped.

#include <optional>
#include <string>

#include "analyzer/model/model.hpp"

namespace pygate::rules {

struct UrlScheme {
    enum class Kind : std::uint8_t {
        file,     // a local file
        other,    // http:, https:, ftp:, data:, ...: no file of this machine
        unknown,  // the expression does not say
    };
    Kind kind = Kind::unknown;
    std::optional<std::string> path;  // file: the path, when the whole URL is constant
};

UrlScheme url_scheme(const analyzer::Model& model, analyzer::Node url, analyzer::ScopeId scope);

}  // namespace pygate::rules
