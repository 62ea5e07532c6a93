#include "judging/session_program.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "analyzer/analyze.hpp"
#include "analyzer/finding.hpp"
#include "analyzer/syntax/tree_append.hpp"
#include "analyzer/text/source.hpp"
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
    using analyzer::SyntaxTree;
    StepVerdict verdict;
    const std::string text = joined(step);
    // What judge_read does with the text, but for where the tree comes from.
    auto analyse = [&](const analyzer::AnalysisOptions& options) {
        analyzer::LoadedSource loaded = analyzer::load_source(text);
        if (!loaded.decodable) return analyze_loaded(std::move(loaded), nullptr, options);
        const std::string& decoded = loaded.source.text;
        // Offsets and rows of the kept tree are the raw text's: only text decoded as it is (no byte order
        // mark, no '\r') is parsed step only, and only such text's tree is kept.
        const bool decoded_as_is = decoded == text;
        std::unique_ptr<const SyntaxTree> tree;
        if (m_tree && decoded_as_is &&
            analyzer::step_reads_alone(m_text, std::string_view(text).substr(m_text.size()))) {
            const std::string_view step_text = std::string_view(decoded).substr(m_text.size());
            if (analyzer::Parsed parsed = parser.parse(step_text, options.target_version)) {
                const SyntaxTree step_tree(parsed->root(), step_text);
                if (!node_has_error(step_tree.root()) && node_child_count(step_tree.root()) > 0) {
                    tree = analyzer::append_module(*m_tree, step_tree, static_cast<std::uint32_t>(m_text.size()),
                                                   m_lines);
                    verdict.parsed_step_only = true;
                }
            }
        }
        if (!tree) {
            analyzer::Parsed parsed = parser.parse(decoded, options.target_version);
            // Said at the step: the accepted program parsed, the step made it unreadable.
            if (!parsed) return analyze_unparsed(std::move(loaded), parsed.refusal, options, m_lines + 1);
            tree = std::make_unique<const SyntaxTree>(parsed->root(), decoded);
        }
        const bool keep = decoded_as_is && !node_has_error(tree->root()) && node_child_count(tree->root()) > 0;
        analyzer::FileAnalysis analysis = analyze_loaded(std::move(loaded), tree.get(), options);
        if (keep) verdict.program_tree = std::move(tree);
        return analysis;
    };
    reporters::FileReport whole = m_parsing == StepParsing::whole_program
                                      ? judge_read("<session>", text, parser, profile, verdict.internal_error)
                                      : judge_analysis("<session>", analyse, profile, verdict.internal_error);
    const std::uint32_t offset = m_lines;
    verdict.report.path = fmt::format("<step {}>", m_steps + 1);
    for (analyzer::Finding& finding : whole.findings) {
        verdict.program_findings.insert(finding_key(finding));
        const bool in_step = finding.range.line > offset;
        if (!in_step && m_known.count(finding_key(finding)) != 0) continue;
        verdict.program_placed.push_back(finding);
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
    m_tree = std::move(verdict.program_tree);
    ++m_steps;
}

}  // namespace pygate::judging
