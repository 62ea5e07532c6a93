#pragma once
// The first and last child of chosen nodes (attributes, calls, subscripts),
// recorded by the model's walk as its cursor passes them. The resolver and
// the rules read an attribute's object, a call's function and arguments and
// a subscript's value hundreds of thousands of times per corpus; asking
// tree-sitter (ts_node_child) steps through the parent's children again on
// every call, a lookup here is one hash probe.

#include <tree_sitter/api.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pygate::analyzer {

class ChildEnds {
public:
    struct Ends {
        TSNode first{};
        TSNode last{};
    };

    // Records that `child` is the first (or last) child of `parent`.
    void set_first(TSNode parent, TSNode child) { slot(parent.id).first = child; }
    void set_last(TSNode parent, TSNode child) { slot(parent.id).last = child; }
    // What was recorded of `parent`, or nullptr when the walk recorded nothing.
    const Ends* find(TSNode parent) const;

private:
    // Open addressing with linear probing, keyed by node id (the address of
    // the node's slot in its tree, unique per node).
    struct Entry {
        const void* key = nullptr;
        Ends ends;
    };
    std::vector<Entry> m_entries;
    std::size_t m_size = 0;

    Ends& slot(const void* key);
    void grow();
    static std::size_t hash(const void* key) {
        // Node slots are 8-byte aligned and close together: mix the bits so
        // neighbours do not crowd one run of the table.
        auto bits = reinterpret_cast<std::uintptr_t>(key);
        return static_cast<std::size_t>((bits >> 3) * 0x9E3779B97F4A7C15ull >> 16);
    }
};

}  // namespace pygate::analyzer
