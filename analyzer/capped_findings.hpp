#pragma once
// Lists at most a few findings of each kind per file, then one finding that
// counts the rest, so a binary or garbled file yields a short report.

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/finding.hpp"

namespace pygate::analyzer {

class CappedFindings {
public:
    static constexpr std::size_t k_listed_per_kind = 20;

    // `rule` is the rule every finding added here belongs to.
    CappedFindings(std::vector<Finding>& findings, RuleNumber rule) : m_findings(findings), m_rule(rule) {}

    // `kind` names the problem in the plural ("NUL bytes"), for the summary.
    void add(std::string_view kind, SourceRange range, std::string message);
    std::size_t count(std::string_view kind) const;
    // Adds "N more <kind> in this file not listed (M in all)" for each kind over the cap.
    void summarise();

private:
    struct Kind {
        std::size_t count = 0;
        SourceRange last_unlisted;
    };
    std::vector<Finding>& m_findings;
    RuleNumber m_rule;
    std::map<std::string, Kind, std::less<>> m_kinds;
};

}  // namespace pygate::analyzer
