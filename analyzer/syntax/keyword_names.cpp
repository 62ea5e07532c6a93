#include "analyzer/syntax/keyword_names.hpp"

#include <fmt/format.h>

#include <string_view>

namespace pygate::analyzer {
namespace {

// keyword.kwlist of CPython 3.11: the hard keywords, never a name.
constexpr std::string_view k_keywords[] = {
    "False", "None",   "True",    "and",      "as",     "assert", "async", "await",    "break",
    "class", "continue", "def",   "del",      "elif",   "else",   "except", "finally", "for",
    "from",  "global", "if",      "import",   "in",     "is",     "lambda", "nonlocal", "not",
    "or",    "pass",   "raise",   "return",   "try",    "while",  "with",  "yield",
};

}  // namespace

void check_keyword_names(const SyntaxTree& tree, const Source& source, std::vector<Finding>& findings) {
    std::vector<NameId> spelled;
    for (std::string_view keyword : k_keywords)
        if (NameId id = tree.names().find(keyword); id != k_no_name) spelled.push_back(id);
    if (spelled.empty()) return;
    const NodeData* first = tree.root().id;
    for (std::size_t i = 0; i < tree.size() && !spelled.empty(); ++i) {
        const Node node{first + i};
        const NameId id = node_name_id(node);
        if (id == k_no_name) continue;
        for (auto it = spelled.begin(); it != spelled.end(); ++it) {
            if (*it != id) continue;
            // CPython knows a keyword by its spelling before it normalises
            // names: `Ｔrue` (a fullwidth T) is the name True, not the keyword.
            const std::string_view spelling =
                std::string_view(source.text).substr(node_start_byte(node), node_end_byte(node) - node_start_byte(node));
            if (spelling != tree.names().name(id)) break;
            findings.push_back(unsafe_source_finding(
                source.range_of(node_start_byte(node), node_end_byte(node)),
                fmt::format("`{}` is a keyword, which CPython never reads as a name here: the parser took it for "
                            "one, and CPython refuses the file (invalid syntax)",
                            tree.names().name(id))));
            spelled.erase(it);
            break;
        }
    }
}

}  // namespace pygate::analyzer
