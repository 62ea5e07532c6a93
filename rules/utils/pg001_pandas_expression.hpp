#pragma once
// pandas' expression strings: pandas.eval, DataFrame.eval and DataFrame.query
// parse their string with Python's own grammar and evaluate the tree. With
// engine="python" they follow any attribute and call any function the string
// reaches (CVE-2024-9880: `@pd.core.frame.com.builtins.__import__("os")`),
// and `@name` reads the caller's variables.
//
// A string is accepted as reading columns only when it parses as Python
// expressions made of names that are not dunders, number and string
// constants (no f-strings), unary, binary, comparison and boolean operators
// (`&`, `|`, `~`, `and`, `or`, `not`, `in`, `not in`), parentheses, lists and
// tuples of these (`A in [1, 2]`), and `column = expression` (eval's new
// columns), and attributes not starting with `_` whose value an arithmetic or
// comparison operator consumes (`df.a + df.b`). Such a string calls only the
// operators of the values it names, and hands no other object back.
// Backtick-quoted column names (`` `unit price` ``) are names, and `@name`
// (the program's own variable) a name. Anything else (an attribute whose
// value is the result, a call, a subscript, a lambda, a comprehension, a
// dunder, text that is not Python) can run code or hand back a reference
// pygate cannot follow.

#include <string>
#include <string_view>

namespace pygate::rules {

struct PandasExpression {
    enum class Reach : unsigned char {
        columns,  // names, constants, operators, and attributes operators consume
        code,     // calls, subscripts, dunders, attributes handed back, ...: can run code
    };
    Reach reach = Reach::columns;
    std::string why;  // for code: the first thing that reaches further, "an attribute `A.x`"
};

PandasExpression judge_pandas_expression(std::string_view text);

}  // namespace pygate::rules
