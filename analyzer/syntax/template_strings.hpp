#pragma once
// PEP 750 template strings (CPython 3.14: `t"..."`, `tr`, `rt` in any case)
// for a grammar that has none: tree-sitter-python 0.23.6 reads `t"{x}"` as
// the name `t` and then a string, a syntax error. A t-string's syntax is an
// f-string's (replacement fields, conversions, format specs, `=`), so the
// parser reads a copy of the text where each t-string prefix's `t` is an
// `f`: the same length, so every offset of the tree is the original text's,
// and the tree is read against the original text, where the prefix still
// says `t` (string_literal.hpp: StringPrefix::template_string). The value is
// a string.templatelib.Template, never a str: nothing folds it to one.

#include <optional>
#include <string>
#include <string_view>

namespace pygate::analyzer {

// `text` with the `t` (`T`) of each t-string prefix replaced by `f` (`F`),
// or nothing when it holds none. A prefix is a name of exactly `t`, `tr` or
// `rt` (any case) right before a quote: in 3.14 that is always a t-string's
// opening wherever CPython's tokenizer reads it as code. Inside a string or
// a comment the letter changes only text the parser does not read as code,
// and the tree's strings and comments are read from the original text.
std::optional<std::string> template_strings_read_as_fstrings(std::string_view text);

}  // namespace pygate::analyzer
