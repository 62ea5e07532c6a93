#pragma once
// The distinct identifiers of one syntax tree, each given a small integer id
// (NameId) when the tree is copied. The text is CPython's (NFKC-normalised,
// PEP 3131), so two spellings CPython reads as one name get one id.
//
// Why: scopes, bindings and the resolver's lookups compare and hash names
// all the time. Hashing each identifier's text once, while the copy already
// visits its node, lets everything after it compare and index integers.
//
// Ids are dense (0, 1, 2, ... in order of first appearance) and belong to
// one tree: two trees give the same name different ids. Code that appends
// one tree's nodes to another must re-intern each appended identifier's
// name (name(id) in the source tree, intern() in the target) and rewrite
// its id; memory stays bounded by the tree's own identifiers.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pygate::analyzer {

using NameId = std::uint32_t;
inline constexpr NameId k_no_name = 0xFFFFFFFF;  // a name no identifier of the tree spells

class IdentifierTable {
public:
    // The id of `name` (already normalised), added when it is new; `hash`
    // is hash_of(name), which the copy computes as it reads the name.
    NameId intern(std::string_view name) { return intern(name, hash_of(name)); }
    NameId intern(std::string_view name, std::uint32_t hash);
    // Eight bytes at a time, the last word padded with zero bytes:
    // identifiers are short (7 bytes on average in the standard library), and
    // most take one multiplication.
    static std::uint32_t hash_of(std::string_view name);
    static std::uint32_t hash_words(std::uint64_t state, std::size_t length) {
        state ^= length;
        state *= k_multiplier;
        return static_cast<std::uint32_t>(state >> 32);
    }
    static constexpr std::uint64_t k_multiplier = 0x9E3779B97F4A7C15u;
    // The id of `name`, or k_no_name when no identifier of the tree spells it.
    NameId find(std::string_view name) const;
    std::string_view name(NameId id) const {
        const Entry& entry = m_entries[id];
        return std::string_view(m_text).substr(entry.offset, entry.length);
    }
    std::size_t size() const { return m_entries.size(); }
    // Forgets every name, keeping the memory for the next tree.
    void clear();

private:
    struct Entry {
        std::uint32_t offset;
        std::uint32_t length;
        std::uint32_t hash;
    };
    std::uint32_t slot_of(std::string_view name, std::uint32_t hash) const;
    void grow();

    std::string m_text;                // every name once, one after the other
    std::vector<Entry> m_entries;      // by id
    std::vector<std::uint32_t> m_slots;  // open addressing: 1 + id, 0 for empty; a power of two
};

}  // namespace pygate::analyzer
