#pragma once
// RAII over the tree-sitter C API. A Parser is not thread-safe: each worker
// thread owns one and reuses it for every file it parses.
//
// Only a text the parser reads correctly is parsed: one with fewer leaves
// than a node's child count can hold in tree-sitter 0.20.7 (leaf_bound.hpp).
// A parse has a budget of the parsing thread's CPU time, by the text's size
// (parse_budget_micros): tree-sitter's error recovery is quadratic in the
// length of an error run (`x = not ` repeated 50,000 times on one line), and
// no input may make pygate slow. CPU time, not wall time, so that a busy
// machine does not change what is refused: a wall-clock slice that ends
// early (the thread was not running) is resumed where it stopped.

#include <tree_sitter/api.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "analyzer/python_version.hpp"

namespace pygate::analyzer {

const TSLanguage* python_language();

struct TreeDeleter {
    void operator()(TSTree* tree) const { ts_tree_delete(tree); }
};
struct ParserDeleter {
    void operator()(TSParser* parser) const { ts_parser_delete(parser); }
};

class Tree {
public:
    explicit Tree(TSTree* tree) : m_tree(tree) {}
    TSNode root() const { return ts_tree_root_node(m_tree.get()); }

private:
    std::unique_ptr<TSTree, TreeDeleter> m_tree;
};

// The CPU time a parse of `bytes` bytes may take: 50 ms and 1 µs a byte,
// about twice what the slowest real files take on a loaded machine
// (docs/analysis.md, "Bounded work on any input"), and a hundred times
// that under valgrind, which runs code some fifty times slower.
std::uint64_t parse_budget_micros(std::size_t bytes);

// A parse's tree, or why there is none: the text has more leaves than the
// parser reads correctly (leaf_bound.hpp), or the parse ran out of its budget.
struct Parsed {
    std::optional<Tree> tree;
    std::string refusal;  // set when there is no tree

    explicit operator bool() const { return tree.has_value(); }
    const Tree* operator->() const { return &*tree; }
    const Tree& operator*() const { return *tree; }
};

class Parser {
public:
    Parser();
    // Parses UTF-8 `text` within its budget. The tree refers to offsets of
    // `text`, not to its memory.
    Parsed parse(std::string_view text);
    // Parses `text` as the `target` version's CPython reads it, where the
    // grammar needs help: for 3.14, a copy with t-strings read as f-strings
    // (template_strings.hpp); offsets are the same as `text`'s.
    Parsed parse(std::string_view text, PythonVersion target);

private:
    std::unique_ptr<TSParser, ParserDeleter> m_parser;
};

}  // namespace pygate::analyzer
