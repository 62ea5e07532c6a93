#include "analyzer/child_ends.hpp"

namespace pygate::analyzer {

const ChildEnds::Ends* ChildEnds::find(TSNode parent) const {
    if (m_entries.empty() || parent.id == nullptr) return nullptr;
    std::size_t mask = m_entries.size() - 1;
    for (std::size_t i = hash(parent.id) & mask;; i = (i + 1) & mask) {
        const Entry& entry = m_entries[i];
        if (entry.key == parent.id) return &entry.ends;
        if (entry.key == nullptr) return nullptr;
    }
}

ChildEnds::Ends& ChildEnds::slot(const void* key) {
    // At most half full, so a probe always ends at an empty entry.
    if (2 * (m_size + 1) > m_entries.size()) grow();
    std::size_t mask = m_entries.size() - 1;
    for (std::size_t i = hash(key) & mask;; i = (i + 1) & mask) {
        Entry& entry = m_entries[i];
        if (entry.key == key) return entry.ends;
        if (entry.key == nullptr) {
            entry.key = key;
            ++m_size;
            return entry.ends;
        }
    }
}

void ChildEnds::grow() {
    std::vector<Entry> old = std::move(m_entries);
    m_entries.assign(old.empty() ? 256 : 2 * old.size(), Entry{});
    m_size = 0;
    for (const Entry& entry : old)
        if (entry.key != nullptr) slot(entry.key) = entry.ends;
}

}  // namespace pygate::analyzer
