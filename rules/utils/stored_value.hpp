#pragma once
// What a store target (a subscript or an attribute) is bound to. A plain
// `target = value` shows its value; an augmented assignment (`|=`), a `for`
// target, or an element of a target tuple or list (`a.b, x = v, 1`) binds a
// value this does not see.

#include <optional>

#include "analyzer/syntax/syntax_tree.hpp"

namespace pygate::rules {

// Nothing when `target` is not stored to; a null node when it is stored to
// with a value not shown; else the value.
std::optional<analyzer::Node> value_stored_at(analyzer::Node target);

}  // namespace pygate::rules
