#include "analyzer/syntax/parse.hpp"

#include <stdexcept>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace pygate::analyzer {

const TSLanguage* python_language() { return tree_sitter_python(); }

Parser::Parser() : m_parser(ts_parser_new()) {
    if (!m_parser || !ts_parser_set_language(m_parser.get(), python_language()))
        throw std::logic_error("tree-sitter rejected the Python grammar (ABI mismatch?)");
}

Tree Parser::parse(std::string_view text) {
    TSTree* tree = ts_parser_parse_string_encoding(m_parser.get(), nullptr, text.data(),
                                                   static_cast<std::uint32_t>(text.size()), TSInputEncodingUTF8);
    if (tree == nullptr) throw std::runtime_error("tree-sitter returned no tree");
    return Tree(tree);
}

}  // namespace pygate::analyzer
