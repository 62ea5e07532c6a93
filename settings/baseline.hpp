#pragma once
// Baselines (docs/baselines.md): a JSON file of accepted findings, so that a
// scan reports only new ones. An entry matches a finding by a fingerprint of
// its rule, qualified name, whitespace-collapsed source line and path, never
// its line number, so edits elsewhere in the file keep it matched. N entries
// with one fingerprint absorb at most N findings. An entry past its
// `expires` date absorbs nothing. PG000 (source pygate cannot read as CPython
// would) is never absorbed: fail closed.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/gate.hpp"
#include "reporters/report.hpp"

namespace pygate::settings {

inline constexpr int k_baseline_version = 1;
inline constexpr const char* k_default_baseline_reason = "baseline: existing finding";

struct BaselineEntry {
    std::string fingerprint;
    std::string rule;  // "PG004"
    std::string path;
    std::string qualified_name;  // may be empty
    std::string source_line;     // normalised
    std::string reason;
    std::optional<std::string> expires;  // YYYY-MM-DD: the last day it applies
};

struct Baseline {
    std::vector<BaselineEntry> entries;
};

// A baseline file's text; the error says what is wrong and in which entry.
std::variant<Baseline, std::string> parse_baseline(std::string_view text);

// Whitespace runs collapsed to one space, none at either end.
std::string normalised_source_line(std::string_view line);
std::string finding_fingerprint(const std::string& path, const analyzer::Finding& finding);
bool can_be_baselined(const analyzer::Finding& finding);

// True for a real calendar date written YYYY-MM-DD.
bool is_iso_date(std::string_view text);
// Today in UTC, YYYY-MM-DD.
std::string today_utc();

// Applies a baseline to a scan's files, one after another, in report order.
class BaselineMatcher {
public:
    // `today` decides which entries have expired.
    BaselineMatcher(Baseline baseline, std::string today);

    // Marks the findings entries absorb (FileReport::baselined) and judges the
    // file again on the others. `record_all`: absorb every finding that can
    // be (--write-baseline), keeping a matching entry's reason and expiry.
    void apply(reporters::FileReport& file, const analyzer::GatePolicy& gate, bool record_all = false);

    std::size_t absorbed() const { return m_absorbed; }
    // One line per expired entry, and per entry that absorbed nothing.
    std::vector<std::string> expired_notes() const;
    std::vector<std::string> unused_notes() const;
    // The entries to write for --write-baseline: one per absorbed finding.
    const std::vector<BaselineEntry>& recorded() const { return m_recorded; }

private:
    Baseline m_baseline;
    std::string m_today;
    std::unordered_map<std::string, std::vector<std::size_t>> m_by_fingerprint;  // unexpired entries, in file order
    std::vector<bool> m_used;
    std::size_t m_absorbed = 0;
    std::vector<BaselineEntry> m_recorded;
};

// The baseline file for `entries`, as --write-baseline writes it.
std::string baseline_json(const std::vector<BaselineEntry>& entries);

}  // namespace pygate::settings
