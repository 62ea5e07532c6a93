#pragma once
// A program's syntax tree grown by one more module without parsing the
// program again: what a session does with each step it judges.
//
// A session's program is its accepted steps, one after the other, each a
// whole module without a syntax error and ending in a newline. Tree-sitter's
// tree for the program followed by a step is the program's module with the
// step's top-level nodes after its own, the step's bytes and rows moved by
// the program's, provided the grammar reads the step alone as it reads it
// after the program. Alone, its external scanner starts the step with no
// line before it and no open block; after the program it starts with the
// program's last newline, trailing comments and open blocks. Those readings
// agree when the step's first line of code starts at column 0 with a visible
// ASCII character and no line before it is anything but empty or a comment
// at column 0 (an indented line there may be read into the program's last
// block, a byte order mark at the start is skipped by tree-sitter only at
// offset 0), that line is no clause continuing a statement (`else:` joins
// the program's last `while`, and alone the grammar reads it, without an
// error, as an annotated assignment), and the program's last line does not
// end in a backslash (the step would continue it). step_reads_alone checks exactly this;
// tests/analyzer/tree_append_test.cpp compares the grown tree with the whole
// text's, record by record.

#include <cstdint>
#include <memory>
#include <string_view>

#include "analyzer/syntax/syntax_tree.hpp"

namespace pygate::analyzer {

// Whether `step`, the text that follows `program` (text ending in a newline
// whose tree has at least one top-level node), is read alone as it is read
// after `program`, as far as its text says. The trees must say the rest:
// neither has an error, and the step's has a top-level node.
bool step_reads_alone(std::string_view program, std::string_view step);

// The tree of the program's text followed by the step's: `program`'s records,
// then `step`'s below its root, moved by `byte_offset` and `row_offset` (the
// program text's bytes and newlines). Both roots must have children.
std::unique_ptr<SyntaxTree> append_module(const SyntaxTree& program, const SyntaxTree& step, std::uint32_t byte_offset,
                                          std::uint32_t row_offset);

}  // namespace pygate::analyzer
