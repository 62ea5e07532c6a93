#pragma once
// What the gate sees of a session: every step allowed so far followed by the
// new one, judged as one program, so a name bound in an earlier step is
// resolved in a later one (`g = getattr` in step 1, `g(f, "__globals__")` in
// step 3). The new step is decided by the findings in its own lines and by
// any finding the program did not have before it (a step can change what
// earlier code does, and whole-program limits count every step).

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "analyzer/profile.hpp"
#include "analyzer/syntax/parse.hpp"
#include "reporters/report.hpp"

namespace pygate::judging {

struct StepVerdict {
    reporters::FileReport report;  // the step's decision and the findings that count, lines relative to the step
    std::string internal_error;    // a bug in the analysis: the step is denied
    std::set<std::string> program_findings;  // every finding of the program with the step, as keys
};

class SessionProgram {
public:
    StepVerdict judge(const std::string& step, analyzer::Parser& parser, const analyzer::Profile& profile) const;
    // The step was allowed and sent to run: later steps are judged after it.
    void accept(const std::string& step, StepVerdict verdict);
    std::size_t steps() const { return m_steps; }

private:
    std::string joined(const std::string& step) const;
    std::string m_text;              // every accepted step, each ending in a newline
    std::uint32_t m_lines = 0;       // lines of m_text
    std::set<std::string> m_known;   // the findings of m_text, as keys
    std::size_t m_steps = 0;
};

}  // namespace pygate::judging
