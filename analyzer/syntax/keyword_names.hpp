#pragma once
// CPython's keywords where the grammar takes them for names. Tree-sitter's
// Python grammar reads a keyword as an identifier in some places, without
// an error (`import class`, `from m import def`, `x.if`, `def f(class)`,
// `f(async=1)`), where CPython refuses the file: a PG000 finding each, so
// the gate never allows code CPython would not compile.

#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/syntax/syntax_tree.hpp"
#include "analyzer/text/source.hpp"

namespace pygate::analyzer {

// One finding for the first identifier spelling each keyword as it is (a
// name that only normalises to one, `Ｔrue`, is a name to CPython too). Costs a
// lookup of each keyword in the tree's names; the tree is walked only when
// one is found.
void check_keyword_names(const SyntaxTree& tree, const Source& source, std::vector<Finding>& findings);

}  // namespace pygate::analyzer
