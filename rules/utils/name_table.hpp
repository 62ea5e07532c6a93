#pragma once
// Tables of qualified-name patterns, the data most rules are made of, and the
// one way a rule reports a reference that matches its table.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/rule_hooks.hpp"

namespace pygate::rules {

struct NameEntry {
    std::string_view pattern;  // analyzer/model/qualified_name_pattern.hpp: `os.exec*`, `subprocess.*`
    std::string_view what;     // shown in the message: "runs a shell command"
    analyzer::Severity severity = analyzer::Severity::error;
};

// A rule's table of qualified-name patterns. Every table made joins one
// index of all of them (name_table.cpp): a name is matched once against that
// index, which answers for every table at the same time, and the answer is
// kept for the thread, so the next rule that asks about the same name (the
// engine shows a reference to every rule in turn) reads its table's entry
// from that answer rather than matching again.
//
// Tables are constants at namespace scope: each joins the index while the
// program starts and before any thread asks, and the index keeps views of
// the entries' patterns for good.
class NameTable {
public:
    explicit NameTable(std::span<const NameEntry> entries);
    // The most specific entry matching `name` or one of its dotted prefixes
    // (`os.system.__doc__` touches `os.system`); null when none does.
    const NameEntry* match(std::string_view name) const;
    std::span<const NameEntry> entries() const { return m_entries; }

private:
    std::span<const NameEntry> m_entries;
    std::uint32_t m_index = 0;  // where this table's answer is in the combined index's answers
};

// How specific a match is: its pattern's literal characters, above every generic rule.
int specificity(const NameEntry& entry);

// Each entry's pattern, for `pygate explain` and docs/rules.md.
std::vector<std::string> patterns_of(const NameTable& table);

// Reports the first referent of `reference` that matches `table`.
void report_matching_reference(const analyzer::Reference& reference, analyzer::RuleContext& context,
                               analyzer::RuleNumber rule, const NameTable& table);

}  // namespace pygate::rules
