#include "rules/utils/name_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>

#include "analyzer/model/qualified_name_pattern.hpp"

namespace pygate::rules {

int specificity(const NameEntry& entry) {
    return 100 +
           static_cast<int>(std::count_if(entry.pattern.begin(), entry.pattern.end(), [](char c) { return c != '*'; }));
}

namespace {

// Every table's first segments, each with a bit for each table that has one
// like it. The engine shows a reference to every rule in turn, so the tables
// are asked about the same name one after another: its first segment is
// looked up here once, not searched for in each table.
struct RootIndex {
    std::unordered_map<std::string_view, std::uint64_t> tables_by_root;
    unsigned tables = 0;
};

RootIndex& root_index() {
    static RootIndex index;  // tables are built during static initialisation, in any order
    return index;
}

// The bits of the tables that have `root` as a first segment. One thread's
// last answer is kept, and checked against the text, not its address.
std::uint64_t tables_with_root(std::string_view root) {
    thread_local std::string last_root;
    thread_local std::uint64_t last_tables = 0;
    thread_local bool answered = false;
    if (answered && root == last_root) return last_tables;
    const auto& index = root_index().tables_by_root;
    auto found = index.find(root);
    last_tables = found == index.end() ? 0 : found->second;
    last_root.assign(root);
    answered = true;
    return last_tables;
}

}  // namespace

NameTable::NameTable(std::span<const NameEntry> entries) : m_entries(entries) {
    RootIndex& index = root_index();
    // Past 64 tables a table goes unfiltered: slower, never wrong.
    m_bit = index.tables < 64 ? std::uint64_t{1} << index.tables : 0;
    ++index.tables;
    for (const NameEntry& entry : entries) {
        index.tables_by_root[entry.pattern.substr(0, entry.pattern.find_first_of(".*"))] |= m_bit;
        if (entry.pattern.find('*') == std::string_view::npos) {
            m_exact.emplace(entry.pattern, &entry);  // the first of equal patterns wins, as in the table
            continue;
        }
        std::string_view root = entry.pattern.substr(0, entry.pattern.find_first_of(".*"));
        auto group = std::find_if(m_wildcards_by_root.begin(), m_wildcards_by_root.end(),
                                  [&](const auto& g) { return g.first == root; });
        if (group == m_wildcards_by_root.end())
            group = m_wildcards_by_root.insert(m_wildcards_by_root.end(), {root, {}});
        group->second.push_back(&entry);
    }
    std::sort(m_wildcards_by_root.begin(), m_wildcards_by_root.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
}

namespace {

// Rules ask their tables about the same few names at site after site
// (`builtins.len`, `os.path.join`): a small per-thread cache of answers,
// indexed by where the name's text is stored (the model interns names, so a
// name keeps one address through a file) and checked against the text
// itself, so an address reused for another name never returns its answer.
struct CachedMatch {
    const NameTable* table = nullptr;
    const NameEntry* entry = nullptr;
    std::uint32_t size = 0;
    char text[44] = {};
};
constexpr std::size_t k_cached_matches = 256;
thread_local std::array<CachedMatch, k_cached_matches> t_cached_matches;

}  // namespace

const NameEntry* NameTable::match(std::string_view name) const {
    if (name.size() > sizeof(CachedMatch::text)) return match_uncached(name);
    auto key = reinterpret_cast<std::uintptr_t>(name.data()) ^ reinterpret_cast<std::uintptr_t>(this);
    CachedMatch& slot = t_cached_matches[(key ^ (key >> 8)) % k_cached_matches];
    if (slot.table == this && slot.size == name.size() && std::memcmp(slot.text, name.data(), name.size()) == 0)
        return slot.entry;
    const NameEntry* entry = match_uncached(name);
    slot.table = this;
    slot.entry = entry;
    slot.size = static_cast<std::uint32_t>(name.size());
    std::memcpy(slot.text, name.data(), name.size());
    return entry;
}

const NameEntry* NameTable::match_uncached(std::string_view name) const {
    std::string_view root = name.substr(0, name.find('.'));
    if (m_bit != 0 && (tables_with_root(root) & m_bit) == 0) return nullptr;
    auto group = std::lower_bound(m_wildcards_by_root.begin(), m_wildcards_by_root.end(), root,
                                  [](const auto& g, std::string_view key) { return g.first < key; });
    bool has_wildcards = group != m_wildcards_by_root.end() && group->first == root;
    // More specific first, then earlier in the table (entries are one array).
    auto better = [](const NameEntry* a, const NameEntry* b) {
        return b == nullptr || specificity(*a) > specificity(*b) || (specificity(*a) == specificity(*b) && a < b);
    };
    for (std::string_view candidate = name;;) {
        const NameEntry* best = nullptr;
        if (auto exact = m_exact.find(candidate); exact != m_exact.end()) best = exact->second;
        if (has_wildcards)
            for (const NameEntry* entry : group->second)
                if (analyzer::matches_qualified_name(entry->pattern, candidate) && better(entry, best)) best = entry;
        if (best != nullptr) return best;
        std::size_t dot = candidate.rfind('.');
        if (dot == std::string_view::npos) return nullptr;
        candidate = candidate.substr(0, dot);
    }
}

std::vector<std::string> patterns_of(const NameTable& table) {
    std::vector<std::string> out;
    for (const NameEntry& entry : table.entries())
        out.push_back(
            entry.severity == analyzer::Severity::error
                ? fmt::format("{}: {}", entry.pattern, entry.what)
                : fmt::format("{}: {} ({})", entry.pattern, entry.what, analyzer::severity_name(entry.severity)));
    return out;
}

void report_matching_reference(const analyzer::Reference& reference, analyzer::RuleContext& context,
                               analyzer::RuleNumber rule, const NameTable& table) {
    if (reference.store) return;  // the name being assigned is not used here; its value is its own reference
    for (const analyzer::Referent& referent : reference.referents) {
        if (referent.kind != analyzer::Referent::Kind::name) continue;
        const NameEntry* entry = table.match(referent.qualified);
        if (entry == nullptr) continue;
        context.report(rule, entry->severity, reference.node,
                       fmt::format("{}: {}", entry->what, context.how_reached(reference.node, referent)),
                       specificity(*entry), &referent);
        return;
    }
}

}  // namespace pygate::rules
