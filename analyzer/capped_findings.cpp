#include "analyzer/capped_findings.hpp"

#include <fmt/format.h>

namespace pygate::analyzer {

void CappedFindings::add(std::string_view kind, SourceRange range, std::string message) {
    auto it = m_kinds.find(kind);
    if (it == m_kinds.end()) it = m_kinds.emplace(std::string(kind), Kind{}).first;
    if (++it->second.count <= k_listed_per_kind) {
        Finding finding;
        finding.rule = m_rule;
        finding.range = range;
        finding.message = std::move(message);
        m_findings.push_back(std::move(finding));
    } else {
        it->second.last_unlisted = range;
    }
}

std::size_t CappedFindings::count(std::string_view kind) const {
    auto it = m_kinds.find(kind);
    return it == m_kinds.end() ? 0 : it->second.count;
}

void CappedFindings::summarise() {
    for (const auto& [kind, seen] : m_kinds) {
        if (seen.count <= k_listed_per_kind) continue;
        Finding summary;
        summary.rule = m_rule;
        summary.range = seen.last_unlisted;
        summary.message = fmt::format("{} more {} in this file not listed ({} in all)",
                                      seen.count - k_listed_per_kind, kind, seen.count);
        m_findings.push_back(std::move(summary));
    }
}

}  // namespace pygate::analyzer
