#include "rules/utils/name_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "analyzer/model/qualified_name_pattern.hpp"

namespace pygate::rules {

int specificity(const NameEntry& entry) {
    return 100 +
           static_cast<int>(std::count_if(entry.pattern.begin(), entry.pattern.end(), [](char c) { return c != '*'; }));
}

namespace {

// Every table made, in the order they were made (during static initialisation).
std::vector<const NameTable*>& all_tables() {
    static std::vector<const NameTable*> tables;
    return tables;
}

// A pattern's first segment (patterns never start with `*`); a name's is up to its first dot.
std::string_view pattern_root(std::string_view pattern) {
    return pattern.substr(0, pattern.find_first_of(".*"));
}

// More specific first, then earlier in its table (a table's entries are one array).
bool better(const NameEntry* a, const NameEntry* b) {
    return b == nullptr || specificity(*a) > specificity(*b) || (specificity(*a) == specificity(*b) && a < b);
}

// Every table's patterns in one index: exact patterns by their text, wildcard
// patterns by their first segment, each with the table it belongs to. One
// search for a name answers for every table: for each, its most specific
// entry matching the name or, failing that, its longest dotted prefix.
class CombinedIndex {
public:
    struct Hit {
        std::uint32_t table;
        const NameEntry* entry;
    };

    explicit CombinedIndex(const std::vector<const NameTable*>& tables) : m_tables(tables.size()) {
        for (std::uint32_t t = 0; t < tables.size(); ++t)
            for (const NameEntry& entry : tables[t]->entries()) {
                std::string_view root = pattern_root(entry.pattern);
                m_roots.insert(root);
                if (entry.pattern.find('*') != std::string_view::npos) {
                    m_wildcards_by_root[root].push_back({t, &entry});
                    continue;
                }
                auto& hits = m_exact[entry.pattern];
                // The first of a table's equal patterns wins, as in the table.
                if (std::none_of(hits.begin(), hits.end(), [&](const Hit& hit) { return hit.table == t; }))
                    hits.push_back({t, &entry});
            }
    }

    std::size_t tables() const { return m_tables; }

    // Each table's answer for `name`, by table; empty when no table has one.
    std::vector<const NameEntry*> match(std::string_view name) const {
        std::vector<const NameEntry*> answers;
        std::string_view root = name.substr(0, name.find('.'));
        if (!m_roots.contains(root)) return answers;  // most names: no table knows their first segment
        auto wildcards = m_wildcards_by_root.find(root);
        answers.assign(m_tables, nullptr);
        std::vector<const NameEntry*> level(m_tables, nullptr);  // this prefix's best, by table
        std::vector<std::uint32_t> touched;
        bool any = false;
        for (std::string_view candidate = name;;) {
            if (auto exact = m_exact.find(candidate); exact != m_exact.end())
                for (const Hit& hit : exact->second)
                    if (answers[hit.table] == nullptr) {
                        level[hit.table] = hit.entry;
                        touched.push_back(hit.table);
                    }
            if (wildcards != m_wildcards_by_root.end())
                for (const Hit& hit : wildcards->second) {
                    if (answers[hit.table] != nullptr || !better(hit.entry, level[hit.table]) ||
                        !analyzer::matches_qualified_name(hit.entry->pattern, candidate))
                        continue;
                    if (level[hit.table] == nullptr) touched.push_back(hit.table);
                    level[hit.table] = hit.entry;
                }
            // A table answered by a longer prefix keeps that answer.
            for (std::uint32_t t : touched) {
                answers[t] = level[t];
                level[t] = nullptr;
            }
            any = any || !touched.empty();
            touched.clear();
            std::size_t dot = candidate.rfind('.');
            if (dot == std::string_view::npos) break;
            candidate = candidate.substr(0, dot);
        }
        if (!any) answers.clear();
        return answers;
    }

private:
    std::size_t m_tables;
    std::unordered_set<std::string_view> m_roots;
    std::unordered_map<std::string_view, std::vector<Hit>> m_exact;
    std::unordered_map<std::string_view, std::vector<Hit>> m_wildcards_by_root;
};

// Made on the first question, after static initialisation has made every table.
const CombinedIndex& combined_index() {
    static const CombinedIndex index(all_tables());
    return index;
}

// The combined index's answers for the names this thread asked about, by
// name: rules ask about the same few names at site after site
// (`builtins.len`, `os.path.join`) and, at one site, one after another. The
// last answer is kept aside, so the next table asking about the same name
// finds it without hashing. Bounded: past k_max_remembered names it starts again.
struct RememberedAnswers {
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
    };
    std::unordered_map<std::string, std::vector<const NameEntry*>, Hash, std::equal_to<>> by_name;
    std::string last_name;
    const std::vector<const NameEntry*>* last_answers = nullptr;
};
constexpr std::size_t k_max_remembered = 1024;
thread_local RememberedAnswers t_answers;

const std::vector<const NameEntry*>& answers_for(std::string_view name) {
    RememberedAnswers& memo = t_answers;
    if (memo.last_answers != nullptr && name == memo.last_name) return *memo.last_answers;
    auto found = memo.by_name.find(name);
    if (found == memo.by_name.end()) {
        if (memo.by_name.size() >= k_max_remembered) memo.by_name.clear();
        found = memo.by_name.emplace(std::string(name), combined_index().match(name)).first;
    }
    memo.last_name.assign(name);
    memo.last_answers = &found->second;
    return found->second;
}

}  // namespace

NameTable::NameTable(std::span<const NameEntry> entries) : m_entries(entries) {
    std::vector<const NameTable*>& tables = all_tables();
    m_index = static_cast<std::uint32_t>(tables.size());
    tables.push_back(this);
}

const NameEntry* NameTable::match(std::string_view name) const {
    // Fail loudly rather than answer from another table's row.
    if (m_index >= combined_index().tables()) throw std::logic_error("a name table was made after its first match");
    const std::vector<const NameEntry*>& answers = answers_for(name);
    return answers.empty() ? nullptr : answers[m_index];
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
