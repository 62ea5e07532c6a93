// The scheme and path urllib would open, read from a URL's constant start.
#include "rules/utils/pg006_url_scheme.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "tests/rules/rule_test_support.hpp"

using namespace pygate;
using rules::UrlScheme;

namespace {

// The scheme of `url = EXPR`, the file's last statement.
UrlScheme scheme_of(const std::string& code) {
    rules::testing::Analyzed analyzed(code);
    return rules::url_scheme(analyzed.model, analyzed.last(), analyzer::k_module_scope);
}

}  // namespace

TEST_CASE("url_scheme: a file: URL's path is percent-decoded, as urllib's url2pathname does") {
    CHECK(scheme_of("url = 'file:///etc/%70asswd'\n").path == "/etc/passwd");
    CHECK(scheme_of("url = 'file://localhost/output/%2E%2e/run.sh'\n").path == "/output/../run.sh");
    CHECK(scheme_of("url = 'file:output%2f..%2f..%2fkey'\n").path == "output/../../key");
    // A `%` without two hex digits after it stays as it is.
    CHECK(scheme_of("url = 'file:output/50%'\n").path == "output/50%");
    CHECK(scheme_of("url = 'file:output/%zz%4'\n").path == "output/%zz%4");
}

TEST_CASE("url_scheme: other schemes, and URLs whose scheme the code does not fix") {
    UrlScheme https = scheme_of("url = 'HTTPS://example.com/%2e%2e'\n");
    CHECK(https.kind == UrlScheme::Kind::other);
    CHECK_FALSE(https.path);
    CHECK(scheme_of("url = ' <URL:File:/etc/hosts>'\n").path == "/etc/hosts");
    CHECK(scheme_of("url = f'{input()}/etc/hosts'\n").kind == UrlScheme::Kind::unknown);
    // Known to be a file, but not where: only the start is constant.
    UrlScheme started = scheme_of("url = 'file:///etc/' + input()\n");
    CHECK(started.kind == UrlScheme::Kind::file);
    CHECK_FALSE(started.path);
}
