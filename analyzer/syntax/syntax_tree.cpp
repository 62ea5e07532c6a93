#include "analyzer/syntax/syntax_tree.hpp"

#include <cstring>

#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/star_reassociation.hpp"
#include "analyzer/text/identifier.hpp"
#include "analyzer/text/string_literal.hpp"

namespace pygate::analyzer {
namespace {

// Each thread keeps the arrays of the trees it deleted, for its next files:
// filling an array that already has room costs no reallocation, no copy and
// no fresh pages. A very large file's array is not kept.
constexpr std::size_t k_kept_capacity = std::size_t{1} << 18;  // nodes: 10 MiB
// A thread may delete more trees than it makes (a session's program tree is
// made by the step that grew it and deleted by whichever thread ends the
// session): it keeps no more arrays than a thread uses at once.
constexpr std::size_t k_kept_arrays = 4;
thread_local std::vector<std::vector<NodeData>> t_spare_arrays;
// And their identifier tables (IdentifierTable::clear bounds what is kept).
thread_local std::vector<IdentifierTable> t_spare_tables;

// An identifier's name as CPython reads it: its text, NFKC-normalised when it
// is not ASCII (PEP 3131), so `ｅｖａｌ` gets the id of `eval`. The text is
// read eight bytes at a time, hashed and checked for ASCII in one pass, as
// IdentifierTable::hash_of hashes it (bytes past the name masked to zero).
NameId intern_identifier(IdentifierTable& names, const NodeData& data, std::string_view text) {
    if (data.end_byte > text.size() || data.start_byte > data.end_byte) return names.intern({});
    std::string_view spelled = text.substr(data.start_byte, data.end_byte - data.start_byte);
    const std::size_t length = spelled.size();
    if (data.start_byte + ((length + 7) & ~std::size_t{7}) > text.size()) {  // near the end: no reading past it
        for (char c : spelled)
            if (static_cast<unsigned char>(c) >= 0x80) return names.intern(normalize_identifier(spelled));
        return names.intern(spelled);
    }
    std::uint64_t state = 0, high_bits = 0;
    for (std::size_t at = 0; at < length; at += 8) {
        std::uint64_t word;
        std::memcpy(&word, spelled.data() + at, 8);
        if (length - at < 8) word &= (std::uint64_t{1} << (8 * (length - at))) - 1;
        high_bits |= word;
        state = (state ^ word) * IdentifierTable::k_multiplier;
    }
    if ((high_bits & 0x8080808080808080u) != 0) return names.intern(normalize_identifier(spelled));
    return names.intern(spelled, IdentifierTable::hash_words(state, length));
}

// A string literal whose tokens nothing reads: not an f-string (its
// replacement fields are code), no syntax error in it, and no backslash,
// so that its tokens are leaves (escape sequences are children of the
// content token) and counting its children counts them all.
bool tokens_can_be_elided(const NodeData& data, std::string_view text) {
    if ((data.flags & (NodeData::k_has_error | NodeData::k_missing)) != 0 || data.end_byte > text.size()) return false;
    std::string_view literal = text.substr(data.start_byte, data.end_byte - data.start_byte);
    return !parse_string_prefix(literal).format && literal.find('\\') == std::string_view::npos;
}

}  // namespace

SyntaxTree::SyntaxTree(TSNode root, std::string_view text) {
    if (!t_spare_arrays.empty()) {
        m_nodes = std::move(t_spare_arrays.back());
        t_spare_arrays.pop_back();
    }
    if (!t_spare_tables.empty()) {
        m_names = std::move(t_spare_tables.back());
        t_spare_tables.pop_back();
    }
    // Tree-sitter marks missing nodes only in trees with an error.
    const bool tree_has_error = ts_node_has_error(root);
    const SymbolSet& has_fields = PythonSymbols::get().has_fields;
    const TSSymbol string_symbol = PythonSymbols::get().string;
    const TSSymbol list_splat_symbol = PythonSymbols::get().list_splat;
    const TSSymbol identifier_symbol = PythonSymbols::get().identifier;
    std::vector<std::uint32_t> misread_stars;  // list_splats that may be misread (star_reassociation.hpp)
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    // The ancestors of the current node, and how many of each one's children
    // are still to come: after an ancestor's last child the cursor goes up at
    // once, because asking it for a next sibling that is not there costs a
    // climb through the grammar's hidden nodes, several times a parent step.
    struct Ancestor {
        std::uint32_t index;
        std::uint32_t children_left;
    };
    std::vector<Ancestor> path;
    for (;;) {
        TSNode node = ts_tree_cursor_current_node(&cursor);
        auto index = static_cast<std::uint32_t>(m_nodes.size());
        NodeData& data = m_nodes.emplace_back();
        data.start_byte = ts_node_start_byte(node);
        data.end_byte = ts_node_end_byte(node);
        data.start_row = ts_node_start_point(node).row;
        data.symbol = ts_node_symbol(node);
        // Leaves (most nodes) are not asked for children: that costs a cursor step.
        std::uint32_t child_count = ts_node_child_count(node);
        if (data.symbol == identifier_symbol && child_count == 0) {
            data.end_row = intern_identifier(m_names, data, text);
            data.flags = NodeData::k_interned;
        } else {
            data.end_row = ts_node_end_point(node).row;
        }
        bool named = ts_node_is_named(node);
        if (named) data.flags |= NodeData::k_named;
        if (tree_has_error && ts_node_is_missing(node)) data.flags |= NodeData::k_missing;
        if (tree_has_error && ts_node_has_error(node)) data.flags |= NodeData::k_has_error;
        if (!path.empty()) {
            Ancestor& ancestor = path.back();
            NodeData& parent = m_nodes[ancestor.index];
            --ancestor.children_left;
            data.parent = index - ancestor.index;
            if (parent.child_count != NodeData::k_many) ++parent.child_count;
            if (named && parent.named_child_count != NodeData::k_many) ++parent.named_child_count;
            // Asking the cursor for a field costs a search of the grammar's field
            // map: only under the kinds that have fields is there one to find.
            if (parent.symbol < has_fields.size() && has_fields[parent.symbol])
                data.field = static_cast<std::uint8_t>(ts_tree_cursor_current_field_id(&cursor));
            if (may_be_misread_star(data, list_splat_symbol)) misread_stars.push_back(index);
        }
        auto depth = static_cast<std::uint32_t>(path.size());
        if (depth > m_max_depth) {
            m_max_depth = depth;
            m_deepest = index;
        }
        if (child_count > 0 && data.symbol == string_symbol && tokens_can_be_elided(data, text)) {
            data.flags |= NodeData::k_tokens_elided;
            m_elided_tokens += child_count;
            if (depth + 1 > m_max_depth) {
                m_max_depth = depth + 1;
                m_deepest = index;
            }
            child_count = 0;
        }
        if (child_count > 0 && ts_tree_cursor_goto_first_child(&cursor)) {
            path.push_back({index, child_count});
            continue;
        }
        std::uint32_t finished = index;  // the node whose next sibling comes next, if any
        while (path.empty() || path.back().children_left == 0 || !ts_tree_cursor_goto_next_sibling(&cursor)) {
            if (path.empty() || !ts_tree_cursor_goto_parent(&cursor)) {
                ts_tree_cursor_delete(&cursor);
                if (!misread_stars.empty()) reassociate_misread_stars(m_nodes, misread_stars, m_deepest);
                return;
            }
            finished = path.back().index;
            path.pop_back();
        }
        m_nodes[finished].next_sibling = static_cast<std::uint32_t>(m_nodes.size()) - finished;
    }
}

SyntaxTree::SyntaxTree() {
    if (!t_spare_arrays.empty()) {
        m_nodes = std::move(t_spare_arrays.back());
        t_spare_arrays.pop_back();
    }
}

SyntaxTree::~SyntaxTree() {
    // Arrays and tables are bounded apart: a tree append_module made took a
    // spare array and no table, so bounding the tables by the arrays' count
    // kept one more table for every such tree (a session's every step).
    if (m_nodes.capacity() <= k_kept_capacity && t_spare_arrays.size() < k_kept_arrays) {
        m_nodes.clear();
        t_spare_arrays.push_back(std::move(m_nodes));
    }
    if (t_spare_tables.size() < k_kept_arrays) {
        m_names.clear();
        t_spare_tables.push_back(std::move(m_names));
    }
}

std::uint32_t count_children(Node node, bool named_only) {
    std::uint32_t count = 0;
    for (Node child = node_first_child(node); !node_is_null(child); child = node_next_sibling(child))
        if (!named_only || node_is_named(child)) ++count;
    return count;
}

Node node_child(Node node, std::uint32_t index) {
    Node child = node_first_child(node);
    for (; !node_is_null(child) && index > 0; --index)
        child = node_next_sibling(child);
    return child;
}

Node node_named_child(Node node, std::uint32_t index) {
    for (Node child = node_first_child(node); !node_is_null(child); child = node_next_sibling(child)) {
        if (!node_is_named(child)) continue;
        if (index == 0) return child;
        --index;
    }
    return Node{};
}

Node node_last_child(Node node) {
    Node last{};
    for (Node child = node_first_child(node); !node_is_null(child); child = node_next_sibling(child))
        last = child;
    return last;
}

Node node_child_by_field_id(Node node, TSFieldId field) {
    if (field == 0) return Node{};
    for (Node child = node_first_child(node); !node_is_null(child); child = node_next_sibling(child))
        if (node_field(child) == field) return child;
    return Node{};
}

namespace {

// As tree-sitter: descend into the first child that reaches past the range's
// start and to its end, while that child begins at or before the start.
Node descendant_for_byte_range(Node node, std::uint32_t start, std::uint32_t end, bool named_only) {
    Node found = node;
    for (bool descended = true; descended;) {
        descended = false;
        for (Node child = node_first_child(node); !node_is_null(child); child = node_next_sibling(child)) {
            std::uint32_t child_end = node_end_byte(child);
            if (child_end < end || child_end <= start) continue;
            if (start < node_start_byte(child)) break;
            node = child;
            if (!named_only || node_is_named(node)) found = node;
            descended = true;
            break;
        }
    }
    return found;
}

}  // namespace

Node node_descendant_for_byte_range(Node node, std::uint32_t start, std::uint32_t end) {
    return descendant_for_byte_range(node, start, end, false);
}

Node node_named_descendant_for_byte_range(Node node, std::uint32_t start, std::uint32_t end) {
    return descendant_for_byte_range(node, start, end, true);
}

std::string_view node_type(Node node) {
    return ts_language_symbol_name(python_language(), node_symbol(node));
}

std::string node_string(Node node) {
    // Without recursion, as every walk of the copy: a closing bracket is owed
    // after each node's last child.
    std::string out;
    std::vector<Node> pending{node};
    std::vector<bool> is_close{false};
    while (!pending.empty()) {
        Node current = pending.back();
        bool close = is_close.back();
        pending.pop_back();
        is_close.pop_back();
        if (close) {
            out += ')';
            continue;
        }
        if (!node_eq(current, node)) out += ' ';
        if (TSFieldId field = node_field(current); field != 0 && !node_eq(current, node))
            out.append(ts_language_field_name_for_id(python_language(), field)).append(": ");
        out.append(node_is_missing(current) ? "(MISSING " : "(").append(node_type(current));
        pending.push_back(current);
        is_close.push_back(true);
        std::vector<Node> children;
        for (Node child = node_first_child(current); !node_is_null(child); child = node_next_sibling(child))
            if (node_is_named(child) || node_is_missing(child)) children.push_back(child);
        for (auto child = children.rbegin(); child != children.rend(); ++child) {
            pending.push_back(*child);
            is_close.push_back(false);
        }
    }
    return out;
}

}  // namespace pygate::analyzer
