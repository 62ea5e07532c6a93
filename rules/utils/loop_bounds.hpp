#pragma once
// Whether a loop ever ends, shared by PG008 (which reports loops that do not)
// and PG007 (which reports output inside them). Loops are judged from their
// test or iterable first; a body is read only for a loop whose test is
// always true or whose iterable never ends.

#include <optional>
#include <string>

#include "analyzer/model/model.hpp"
#include "analyzer/syntax/syntax_tree.hpp"
#include "rules/utils/constant_size.hpp"

namespace pygate::rules {

using analyzer::Node;

// What `expr` is known to be when it is always true or always false:
// `True`, `1`, `'x'`, `[0]`, `1 < 2`, `not 0`; nothing otherwise.
std::optional<bool> constant_truth(Node expr, analyzer::ScopeId scope, const analyzer::Model& model);

// Whether `expr` evaluates to an iterator that never ends: `itertools.count()`,
// `itertools.cycle(x)`, `itertools.repeat(x)` without a count, `iter(C,
// sentinel)` where calling C gives a constant other than the sentinel, a call
// of a generator function of the file whose body reaches a loop that only
// yields, and map/filter/enumerate/accumulate/generator expressions over one. The answer
// names it (`itertools.count()`); nothing when it may end.
std::optional<std::string> infinite_iterator(Node expr, analyzer::ScopeId scope, const analyzer::Model& model);

// Whether anything in `body` (not in nested functions or classes) leaves the
// loop: `break` (not one of a nested loop), `return`, `raise`, a call of
// sys.exit/os._exit and, when `yield_leaves`, `yield` (the consumer decides).
bool body_leaves(Node body, bool yield_leaves, analyzer::ScopeId scope, const analyzer::Model& model);

struct LoopVerdict {
    bool unbounded = false;
    Node at{};         // the test or the iterable: where findings point
    std::string reason;  // "`while True:` ... never leaves"
};

// A `while` or `for` statement: unbounded when its test is always true or its
// iterable never ends, and nothing in its body leaves it.
LoopVerdict judge_loop(Node loop, analyzer::ScopeId scope, const analyzer::Model& model);

// `for ... in range(N)`: how many times the body runs, when N is constant.
Magnitude range_iterations(Node loop, analyzer::ScopeId scope, const analyzer::Model& model);

}  // namespace pygate::rules
