// What a text could make tree-sitter 0.20.7 build wrongly
// (analyzer/syntax/leaf_bound.hpp): runs of extras, and the leaves of a
// parse that recovers, string contents read as code.
#include "analyzer/syntax/leaf_bound.hpp"

#include <catch2/catch.hpp>
#include <string>

using pygate::analyzer::k_safe_leaves;
using pygate::analyzer::leaf_bounds;

namespace {

std::string repeat(const std::string& piece, std::size_t times) {
    std::string out;
    for (std::size_t i = 0; i < times; ++i)
        out += piece;
    return out;
}

}  // namespace

TEST_CASE("A run of comments and line continuations counts until code breaks it") {
    CHECK(leaf_bounds("# a\n# b\n\n   # c\nx = 1\n# d\n").extras_run == 3);
    CHECK(leaf_bounds("x = [1, \\\n\\\n\\\n2]\n").extras_run == 3);
    CHECK(leaf_bounds("# a\n\\\n# b\n").extras_run == 3);
    // A `#` or a backslash inside a string is no extra, and the string breaks the run.
    CHECK(leaf_bounds("# a\n'# not a comment'\n# b\n").extras_run == 1);
    CHECK(leaf_bounds("x = '''\n# in a string\n# still\n'''\n").extras_run == 0);
    CHECK(leaf_bounds(repeat("# c\n", 70000)).extras_run == 70000);
    CHECK(leaf_bounds(repeat("# c\nx = 1\n", 70000)).extras_run == 1);
}

TEST_CASE("The recovering bound counts words, symbols and line breaks, inside strings too") {
    CHECK(leaf_bounds("x = 1\n").recovering == 6);          // x, =, 1, and three for the line break
    CHECK(leaf_bounds("x = 'a b'\n").recovering == 9);      // x, =, ', a, b, ', and three for the line break
    CHECK(leaf_bounds("# one comment\n").recovering == 4);  // a comment is one leaf
    CHECK(leaf_bounds("x == y\n").recovering == 7);         // each symbol character counts
    // Strings, f-strings and triple quotes: their words count as code.
    CHECK(leaf_bounds("s = f'{a} {b}'\n").recovering >= 10);
    CHECK(leaf_bounds("s = '''a\nb'''\n").recovering >= 12);
}

TEST_CASE("Large texts stop at the safe bound and texts of ordinary size are far below it") {
    CHECK(leaf_bounds(repeat("x = not ", 50000)).recovering == k_safe_leaves);
    CHECK(leaf_bounds(repeat("value = compute(a, b) + 1\n", 100)).recovering < 2000);
    CHECK(leaf_bounds(repeat("'a b c d e f'\n", 20000)).extras_run == 0);
    CHECK(leaf_bounds(repeat("'a b c d e f'\n", 20000)).recovering == k_safe_leaves);
}

TEST_CASE("A string's end is found as the grammar's scanner finds it") {
    // An escaped quote does not end a string, nor does a quote inside an f-string's field.
    CHECK(leaf_bounds("s = 'it\\'s'  # c\n# d\n").extras_run == 2);
    CHECK(leaf_bounds("s = f'{d[\"k\"]}'  # c\n# d\n").extras_run == 2);
    // An unterminated one-line string ends at its line break: the comments after it are extras.
    CHECK(leaf_bounds("s = 'open\n# c\n# d\n").extras_run == 2);
}
