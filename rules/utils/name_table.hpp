#pragma once
// Tables of qualified-name patterns, the data most rules are made of, and the
// one way a rule reports a reference that matches its table.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analyzer/rule_hooks.hpp"

namespace pygate::rules {

struct NameEntry {
    std::string_view pattern;  // analyzer/model/qualified_name_pattern.hpp: `os.exec*`, `subprocess.*`
    std::string_view what;     // shown in the message: "runs a shell command"
    analyzer::Severity severity = analyzer::Severity::error;
};

// A rule's table indexed for lookups: exact patterns by hash, and wildcard
// patterns by their first segment, so a name is globbed only against the few
// wildcards that share its first segment.
//
// Tables are constants at namespace scope: each adds its first segments to
// an index all tables share, while the program starts and before any thread
// asks, and that index keeps views of the entries' patterns for good.
class NameTable {
public:
    explicit NameTable(std::span<const NameEntry> entries);
    // The most specific entry matching `name` or one of its dotted prefixes
    // (`os.system.__doc__` touches `os.system`); null when none does.
    const NameEntry* match(std::string_view name) const;
    std::span<const NameEntry> entries() const { return m_entries; }

private:
    const NameEntry* match_uncached(std::string_view name) const;
    std::span<const NameEntry> m_entries;
    std::unordered_map<std::string_view, const NameEntry*> m_exact;
    // The wildcard entries by their pattern's first segment (patterns never start with `*`), sorted by it.
    std::vector<std::pair<std::string_view, std::vector<const NameEntry*>>> m_wildcards_by_root;
    // This table's bit in the index of first segments (name_table.cpp): most
    // names share none with the table and are turned away without a search.
    std::uint64_t m_bit = 0;
};

// How specific a match is: its pattern's literal characters, above every generic rule.
int specificity(const NameEntry& entry);

// Each entry's pattern, for `pygate explain` and docs/rules.md.
std::vector<std::string> patterns_of(const NameTable& table);

// Reports the first referent of `reference` that matches `table`.
void report_matching_reference(const analyzer::Reference& reference, analyzer::RuleContext& context,
                               analyzer::RuleNumber rule, const NameTable& table);

}  // namespace pygate::rules
