#pragma once
// A map from a name's id (NameId, analyzer/syntax/identifier_table.hpp) to a
// value, for the model's scopes: most scopes bind a handful of names, so the
// entries are searched in order, and an index by id is kept only once a map
// has more than a few. No allocation per entry, no hashing of text.
//
// Entries are only added while the model is built; a value's address may
// change until then (the values' own heap storage, a binding list's
// bindings, does not move), and is stable after.

#include <cstdint>
#include <utility>
#include <vector>

#include "analyzer/syntax/identifier_table.hpp"

namespace pygate::analyzer {

template <class Value>
class NameIdMap {
public:
    Value* find(NameId id) {
        std::uint32_t at = position(id);
        return at == k_absent ? nullptr : &m_entries[at].second;
    }
    const Value* find(NameId id) const {
        std::uint32_t at = position(id);
        return at == k_absent ? nullptr : &m_entries[at].second;
    }
    bool contains(NameId id) const { return position(id) != k_absent; }
    // The value for `id`, added (value-initialised) when there is none.
    Value& operator[](NameId id) {
        std::uint32_t at = position(id);
        if (at != k_absent) return m_entries[at].second;
        m_entries.emplace_back(id, Value{});
        if (m_entries.size() > k_scanned) index(static_cast<std::uint32_t>(m_entries.size() - 1));
        return m_entries.back().second;
    }
    bool empty() const { return m_entries.empty(); }

private:
    static constexpr std::uint32_t k_absent = 0xFFFFFFFF;
    static constexpr std::size_t k_scanned = 8;  // up to this many entries, a scan beats a hash

    std::uint32_t position(NameId id) const {
        if (m_slots.empty()) {
            for (std::size_t i = 0; i < m_entries.size(); ++i)
                if (m_entries[i].first == id) return static_cast<std::uint32_t>(i);
            return k_absent;
        }
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t slot = mix(id) & mask;; slot = (slot + 1) & mask) {
            std::uint32_t held = m_slots[slot];
            if (held == 0) return k_absent;
            if (m_entries[held - 1].first == id) return held - 1;
        }
    }

    // Ids are dense and small: spread them so neighbours do not cluster.
    static std::size_t mix(NameId id) { return static_cast<std::size_t>(id) * 0x9E3779B1u >> 7; }

    // Files entry `at` in the index, rebuilt twice as large when half full.
    void index(std::uint32_t at) {
        if (m_slots.empty() || (at + 1) * 2 > m_slots.size()) {
            m_slots.assign(m_slots.empty() ? 32 : m_slots.size() * 2, 0);
            for (std::uint32_t i = 0; i <= at; ++i)
                place(i);
            return;
        }
        place(at);
    }
    void place(std::uint32_t at) {
        const std::size_t mask = m_slots.size() - 1;
        std::size_t slot = mix(m_entries[at].first) & mask;
        while (m_slots[slot] != 0)
            slot = (slot + 1) & mask;
        m_slots[slot] = at + 1;
    }

    std::vector<std::pair<NameId, Value>> m_entries;
    std::vector<std::uint32_t> m_slots;  // 1 + an entry's position, 0 for empty; a power of two
};

}  // namespace pygate::analyzer
