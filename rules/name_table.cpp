#include "rules/name_table.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "analyzer/qualified_name_pattern.hpp"

namespace pygate::rules {

int specificity(const NameEntry& entry) {
    return 100 +
           static_cast<int>(std::count_if(entry.pattern.begin(), entry.pattern.end(), [](char c) { return c != '*'; }));
}

NameTable::NameTable(std::span<const NameEntry> entries) : m_entries(entries) {
    for (const NameEntry& entry : entries) {
        std::string_view root = entry.pattern.substr(0, entry.pattern.find_first_of(".*"));
        auto group = std::find_if(m_by_root.begin(), m_by_root.end(), [&](const auto& g) { return g.first == root; });
        if (group == m_by_root.end()) group = m_by_root.insert(m_by_root.end(), {root, {}});
        group->second.push_back(&entry);
    }
    std::sort(m_by_root.begin(), m_by_root.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
}

const NameEntry* NameTable::match(std::string_view name) const {
    std::string_view root = name.substr(0, name.find('.'));
    auto group = std::lower_bound(m_by_root.begin(), m_by_root.end(), root,
                                  [](const auto& g, std::string_view key) { return g.first < key; });
    if (group == m_by_root.end() || group->first != root) return nullptr;
    const NameEntry* best = nullptr;
    for (std::string_view candidate = name;;) {
        for (const NameEntry* entry : group->second)
            if (analyzer::matches_qualified_name(entry->pattern, candidate) &&
                (best == nullptr || specificity(*entry) > specificity(*best)))
                best = entry;
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
