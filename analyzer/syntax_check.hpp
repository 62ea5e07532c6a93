#pragma once
// Fail closed on syntax: whatever tree-sitter could not parse, and whatever it
// parsed but CPython 3.11 refuses, is a PG000 finding.

#include <tree_sitter/api.h>

#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/source.hpp"

namespace pygate::analyzer {

// CPython 3.11's bracket limit (Parser/tokenizer.h MAXLEVEL).
inline constexpr std::uint32_t k_max_bracket_levels = 200;
// Beyond this tree depth CPython's recursive parser and compiler fail; pygate
// refuses instead of guessing which error CPython would raise.
inline constexpr std::uint32_t k_max_tree_depth = 1000;

// `invisible_offsets` are LoadedSource::invisible_offsets.
void check_syntax(const Source& source, TSNode root, const std::vector<std::size_t>& invisible_offsets,
                  std::vector<Finding>& findings);

}  // namespace pygate::analyzer
