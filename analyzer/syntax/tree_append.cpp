#include "analyzer/syntax/tree_append.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace pygate::analyzer {
namespace {

// A clause that continues a compound statement at its own indentation: after
// the program it joins the program's last statement (`while x:` ... `else:`);
// alone the grammar reads it as something else (`else: pass` as an annotated
// assignment) rather than as an error.
bool continues_a_statement(std::string_view line) {
    std::size_t word = 0;
    while (word < line.size() && (std::isalnum(static_cast<unsigned char>(line[word])) != 0 || line[word] == '_'))
        ++word;
    for (std::string_view keyword : {"else", "elif", "except", "finally", "case"})
        if (line.substr(0, word) == keyword) return true;
    return false;
}

// Counts saturate at k_many: from there on they are counted when asked.
std::uint16_t saturating_sum(std::uint16_t a, std::uint16_t b) {
    const std::uint32_t sum = std::uint32_t{a} + b;
    return static_cast<std::uint16_t>(std::min<std::uint32_t>(sum, NodeData::k_many));
}

}  // namespace

bool step_reads_alone(std::string_view program, std::string_view step) {
    // A backslash before the program's last newline would join the step's first line to it.
    if (program.size() < 2 || program.back() != '\n' || program[program.size() - 2] == '\\') return false;
    // A '\r' is a line end to CPython and white space to the scanner; the caller's text has none.
    if (step.empty() || step.find('\r') != std::string_view::npos) return false;
    for (std::size_t line = 0; line < step.size();) {
        const char first = step[line];
        if (first != '\n' && first != '#')
            return first > ' ' && first < '\x7F' && first != '\\' && !continues_a_statement(step.substr(line));
        const std::size_t end = step.find('\n', line);
        if (end == std::string_view::npos) break;
        line = end + 1;
    }
    return true;  // comments only: read after the program's blocks are closed, at column 0
}

std::unique_ptr<SyntaxTree> append_module(const SyntaxTree& program, const SyntaxTree& step, std::uint32_t byte_offset,
                                          std::uint32_t row_offset) {
    const std::vector<NodeData>& before = program.m_nodes;
    const std::vector<NodeData>& after = step.m_nodes;
    if (before.empty() || after.empty() || before[0].child_count == 0 || after[0].child_count == 0)
        throw std::logic_error("append_module: a module without top-level nodes");
    std::unique_ptr<SyntaxTree> joined(new SyntaxTree());
    // Ids belong to their tree: the step's identifiers are interned again
    // into the program's names.
    joined->m_names = program.m_names;
    std::vector<NodeData>& nodes = joined->m_nodes;
    nodes.reserve(before.size() + after.size() - 1);
    nodes.assign(before.begin(), before.end());
    std::uint32_t last_top_level = 1;
    while (nodes[last_top_level].next_sibling != 0)
        last_top_level += nodes[last_top_level].next_sibling;
    const auto first_appended = static_cast<std::uint32_t>(nodes.size());
    nodes[last_top_level].next_sibling = first_appended - last_top_level;
    for (std::size_t i = 1; i < after.size(); ++i) {
        NodeData& data = nodes.emplace_back(after[i]);
        data.start_byte += byte_offset;
        data.end_byte += byte_offset;
        data.start_row += row_offset;
        if ((data.flags & NodeData::k_interned) != 0)
            data.end_row = joined->m_names.intern(step.m_names.name(data.end_row));  // end_row holds the name's id
        else
            data.end_row += row_offset;
        // A top-level node's parent is the root, record 0 of either tree; offsets within the step hold.
        if (data.parent == i) data.parent = static_cast<std::uint32_t>(nodes.size() - 1);
    }
    NodeData& root = nodes[0];
    root.end_byte = after[0].end_byte + byte_offset;
    root.end_row = after[0].end_row + row_offset;
    root.child_count = saturating_sum(root.child_count, after[0].child_count);
    root.named_child_count = saturating_sum(root.named_child_count, after[0].named_child_count);
    joined->m_elided_tokens = program.m_elided_tokens + step.m_elided_tokens;
    // The first deepest node in document order: the program's, unless the step goes deeper.
    joined->m_max_depth = program.m_max_depth;
    joined->m_deepest = program.m_deepest;
    if (step.m_max_depth > program.m_max_depth) {
        joined->m_max_depth = step.m_max_depth;
        joined->m_deepest = first_appended + step.m_deepest - 1;
    }
    return joined;
}

}  // namespace pygate::analyzer
