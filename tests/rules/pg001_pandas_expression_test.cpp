// What a pandas expression string can reach (rules/utils/pg001_pandas_expression.hpp).
#include "rules/utils/pg001_pandas_expression.hpp"

#include <catch2/catch.hpp>
#include <string>

using pygate::rules::judge_pandas_expression;
using Reach = pygate::rules::PandasExpression::Reach;

TEST_CASE("Expressions of columns, constants and operators read columns only") {
    for (const char* text : {"(A + B) / 2", "-df * 2 / (df + 1)", "(A > 0) & (B < 2)", "A in [1, 2] and not (B == 'x')",
                             "A not in (1, 2) or ~(B > 5)", "c = a + b", "`unit price` < 10", "B == '@x'",
                             "A ** 2 // 3 % 4", "x__y > 1", "A\nC = A * 2", "True", "",
                             "A > @limit", "@limit", "df.a + df.b", "double_age = df.age * 2",
                             "-(df.a.b) < 1", "not df.flag"}) {
        INFO(text);
        CHECK(judge_pandas_expression(text).reach == Reach::columns);
    }
    // Parentheses nested deeper than any recursion would survive.
    CHECK(judge_pandas_expression(std::string(5000, '(') + "A" + std::string(5000, ')')).reach == Reach::columns);
}

TEST_CASE("An attribute whose value is handed back, or the library's own, reaches further") {
    // The result, an element of it, an operand `or` returns, a new column:
    // any object the frame leads to, callable later where pygate cannot see.
    CHECK(judge_pandas_expression("df.a").why == "an attribute `df.a`");
    CHECK(judge_pandas_expression("[df.a, 1]").why == "an attribute `df.a`");
    CHECK(judge_pandas_expression("df.a or df.b").why == "an attribute `df.a`");
    CHECK(judge_pandas_expression("c = pd.core.frame.com.builtins.eval").reach == Reach::code);
    CHECK(judge_pandas_expression("@pd.io.common.os").reach == Reach::code);
    CHECK(judge_pandas_expression("df._data + 1").why == "an attribute `df._data`");
}

TEST_CASE("Anything that can reach further names the first thing that does") {
    CHECK(judge_pandas_expression("A.__class__ == 1").why == "an attribute `A.__class__`");
    CHECK(judge_pandas_expression("A.values").why == "an attribute `A.values`");
    CHECK(judge_pandas_expression("__import__('os').system('x')").why == "a call `__import__('os').system('x')`");
    CHECK(judge_pandas_expression("A.apply(print)").why == "a call `A.apply(print)`");
    CHECK(judge_pandas_expression("B[0] > 1").why == "a subscript `B[0]`");
    CHECK(judge_pandas_expression("[x for x in A]").why == "a comprehension `[x for x in A]`");
    CHECK(judge_pandas_expression("lambda: 1").why == "a lambda `lambda: 1`");
    CHECK(judge_pandas_expression("__x + 1").why == "the dunder name `__x`");
    CHECK(judge_pandas_expression("f'{A}'").why == "an f-string `f'{A}'`");
    CHECK(judge_pandas_expression("a = b = c").why == "an assignment `b = c`");
    CHECK(judge_pandas_expression("`unit price > 1").why == "an unterminated backtick name");
    CHECK(judge_pandas_expression("A +").why == "text that is not a Python expression");
    // An @ reference that leads to attributes and calls is code, not a variable read (CVE-2024-9880).
    auto escape = judge_pandas_expression("@pd.core.frame.com.builtins.__import__('os')");
    CHECK(escape.reach == Reach::code);
}
