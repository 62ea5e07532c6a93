#include "judging/session_program.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "analyzer/finding.hpp"
#include "judging/judge.hpp"
#include "profiles/profile_gate.hpp"

namespace pygate::judging {
namespace {

std::string finding_key(const analyzer::Finding& finding) {
    return fmt::format("{}|{}|{}|{}", analyzer::rule_code(finding.rule), finding.range.line, finding.range.column,
                       finding.message);
}

}  // namespace

std::string SessionProgram::joined(const std::string& step) const {
    std::string text = m_text + step;
    if (!step.empty() && step.back() != '\n') text += '\n';
    return text;
}

StepVerdict SessionProgram::judge(const std::string& step, analyzer::Parser& parser,
                                  const analyzer::Profile& profile) const {
    StepVerdict verdict;
    reporters::FileReport whole = judge_read("<session>", joined(step), parser, profile, verdict.internal_error);
    const std::uint32_t offset = m_lines;
    verdict.report.path = fmt::format("<step {}>", m_steps + 1);
    for (analyzer::Finding& finding : whole.findings) {
        verdict.program_findings.insert(finding_key(finding));
        const bool in_step = finding.range.line > offset;
        if (!in_step && m_known.count(finding_key(finding)) != 0) continue;
        if (in_step) {
            finding.range.line -= offset;
            finding.range.end_line -= offset;
            for (auto& link : finding.chain)
                if (link.range.line > offset) {
                    link.range.line -= offset;
                    link.range.end_line -= offset;
                }
        } else {
            finding.message = fmt::format("in an earlier step (line {} of the session): {}", finding.range.line,
                                          finding.message);
        }
        verdict.report.findings.push_back(std::move(finding));
    }
    verdict.report.decision = profiles::judge_findings(verdict.report.findings, profile);
    if (!verdict.internal_error.empty()) verdict.report.decision = analyzer::Decision::deny;
    return verdict;
}

void SessionProgram::accept(const std::string& step, StepVerdict verdict) {
    m_text = joined(step);
    m_lines = static_cast<std::uint32_t>(std::count(m_text.begin(), m_text.end(), '\n'));
    m_known = std::move(verdict.program_findings);
    ++m_steps;
}

}  // namespace pygate::judging
