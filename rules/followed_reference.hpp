#pragma once
// Whether the resolver follows a value to where it is called, so that its
// calls are judged there and the reference itself need not be.

#include "analyzer/rule_hooks.hpp"

namespace pygate::rules {

// `value` is bound to a name or an attribute, returned, a parameter's default,
// a lambda's body, or a statement of its own (which calls nothing), through
// parentheses, conditional expressions, `and`/`or` and walrus values.
bool followed_to_its_calls(analyzer::Node value);

}  // namespace pygate::rules
