#include "analyzer/syntax/identifier_table.hpp"

#include <algorithm>
#include <cstring>

namespace pygate::analyzer {
namespace {

constexpr std::size_t k_initial_slots = 1024;

}  // namespace

std::uint32_t IdentifierTable::hash_of(std::string_view name) {
    std::uint64_t state = 0;
    std::size_t at = 0;
    for (; at + 8 <= name.size(); at += 8) {
        std::uint64_t word;
        std::memcpy(&word, name.data() + at, 8);
        state = (state ^ word) * k_multiplier;
    }
    if (at < name.size()) {
        std::uint64_t word = 0;
        std::memcpy(&word, name.data() + at, name.size() - at);
        state = (state ^ word) * k_multiplier;
    }
    return hash_words(state, name.size());
}

std::uint32_t IdentifierTable::slot_of(std::string_view name, std::uint32_t hash) const {
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
        std::uint32_t held = m_slots[slot];
        if (held == 0) return static_cast<std::uint32_t>(slot);
        const Entry& entry = m_entries[held - 1];
        if (entry.hash == hash && entry.length == name.size() &&
            std::memcmp(m_text.data() + entry.offset, name.data(), name.size()) == 0)
            return static_cast<std::uint32_t>(slot);
    }
}

NameId IdentifierTable::intern(std::string_view name, std::uint32_t hash) {
    if (m_slots.empty()) m_slots.assign(k_initial_slots, 0);
    std::uint32_t slot = slot_of(name, hash);
    if (m_slots[slot] != 0) return m_slots[slot] - 1;
    const auto id = static_cast<NameId>(m_entries.size());
    m_entries.push_back({static_cast<std::uint32_t>(m_text.size()), static_cast<std::uint32_t>(name.size()), hash});
    m_text.append(name);
    m_slots[slot] = id + 1;
    if (m_entries.size() * 2 > m_slots.size()) grow();  // at most half full: probes stay short
    return id;
}

NameId IdentifierTable::find(std::string_view name) const {
    if (m_slots.empty()) return k_no_name;
    std::uint32_t slot = slot_of(name, hash_of(name));
    return m_slots[slot] == 0 ? k_no_name : m_slots[slot] - 1;
}

void IdentifierTable::grow() {
    m_slots.assign(m_slots.size() * 2, 0);
    const std::size_t mask = m_slots.size() - 1;
    for (std::uint32_t id = 0; id < m_entries.size(); ++id) {
        std::size_t slot = m_entries[id].hash & mask;
        while (m_slots[slot] != 0)
            slot = (slot + 1) & mask;
        m_slots[slot] = id + 1;
    }
}

void IdentifierTable::clear() {
    // A table a large file grew is not kept that large for the next one.
    if (m_slots.size() > 16 * k_initial_slots) {
        m_text = {};
        m_entries = {};
        m_slots = {};
        return;
    }
    m_text.clear();
    m_entries.clear();
    std::fill(m_slots.begin(), m_slots.end(), 0);
}

}  // namespace pygate::analyzer
