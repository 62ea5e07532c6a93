#pragma once
// f-strings as CPython 3.11 reads them. Before PEP 701 (3.12) an f-string is
// first one string token, ended by the first unescaped quote that opened it
// (a line break ends a one-line one), and its replacement fields are then
// scanned by fstring_find_expr (Python/ast.c in 3.11): no backslash in an
// expression, no `#` outside the strings in it, a format specification's
// fields nested one level at most. tree-sitter-python reads f-strings the
// 3.12 way, so `f"{"a"}"` is one string to it and a syntax error to 3.11.

#include <optional>
#include <string_view>

namespace pygate::analyzer {

// CPython 3.11's complaint about an f-string literal (its whole text, prefix
// and quotes included, as the parser delimited it), or nothing when 3.11
// reads it as the same one string.
std::optional<std::string_view> fstring_refused_by_python_311(std::string_view literal);

}  // namespace pygate::analyzer
