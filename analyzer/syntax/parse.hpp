#pragma once
// RAII over the tree-sitter C API. A Parser is not thread-safe: each worker
// thread owns one and reuses it for every file it parses.

#include <tree_sitter/api.h>

#include <memory>
#include <string_view>

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

class Parser {
public:
    Parser();
    // Parses UTF-8 `text`; the tree refers to offsets of `text`, not to its memory.
    Tree parse(std::string_view text);

private:
    std::unique_ptr<TSParser, ParserDeleter> m_parser;
};

}  // namespace pygate::analyzer
