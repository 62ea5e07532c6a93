#pragma once
// What the gate sees of a session: every step allowed so far followed by the
// new one, judged as one program, so a name bound in an earlier step is
// resolved in a later one (`g = getattr` in step 1, `g(f, "__globals__")` in
// step 3). The new step is decided by the findings in its own lines and by
// any finding the program did not have before it (a step can change what
// earlier code does, and whole-program limits count every step).
//
// Parsing is what made a step cost more the longer the session: the program
// keeps its syntax tree (32 bytes a node), and a step that the grammar reads
// alone as it reads it after the program is parsed alone and its tree
// appended (analyzer/syntax/tree_append.hpp). Everything else (decoding, the
// model, the rules, the limits) is done on the whole program as before, so
// the decisions and findings are those of parsing the whole program again:
// tests/judging/session_program_test.cpp judges random sessions both ways.

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "analyzer/profile.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/syntax_tree.hpp"
#include "reporters/report.hpp"

namespace pygate::judging {

struct StepVerdict {
    reporters::FileReport report;  // the step's decision and the findings that count, lines relative to the step
    std::string internal_error;    // a bug in the analysis: the step is denied
    std::set<std::string> program_findings;  // every finding of the program with the step, as keys
    // report.findings as the program places them: lines (and chain links'
    // lines) of the whole program, never made relative to the step, for a
    // caller that shows each where it is (`pygate lsp`: a notebook's cells).
    std::vector<analyzer::Finding> program_placed;
    // The program with the step was parsed step only: its tree is the
    // accepted program's with the step's appended.
    bool parsed_step_only = false;
    // The tree of the program with the step, kept if the step is accepted;
    // null when no later step could be appended to it.
    std::unique_ptr<const analyzer::SyntaxTree> program_tree;
};

// How a step's program gets its tree: by parsing the step alone when that is
// exact (what sessions do), or by parsing the whole program every time (the
// reference the tests compare with).
enum class StepParsing { step_only, whole_program };

class SessionProgram {
public:
    explicit SessionProgram(StepParsing parsing = StepParsing::step_only) : m_parsing(parsing) {}
    StepVerdict judge(const std::string& step, analyzer::Parser& parser, const analyzer::Profile& profile) const;
    // The step was allowed and sent to run: later steps are judged after it.
    void accept(const std::string& step, StepVerdict verdict);
    std::size_t steps() const { return m_steps; }

private:
    std::string joined(const std::string& step) const;
    StepParsing m_parsing;
    std::string m_text;              // every accepted step, each ending in a newline
    std::uint32_t m_lines = 0;       // lines of m_text
    std::set<std::string> m_known;   // the findings of m_text, as keys
    std::size_t m_steps = 0;
    // m_text's tree, when a step may be appended to it. Shared: it is never
    // changed, so a copy of the program (pygate lsp keeps one at the cell
    // being edited) costs its text, not its tree.
    std::shared_ptr<const analyzer::SyntaxTree> m_tree;
};

}  // namespace pygate::judging
