#pragma once
// What the editor's documents are judged by: the one judging path
// (judging/judge), as `pygate check` judges a file, and for a notebook
// judging/session_program, as `pygate kernel`'s server judges its cells:
// each code cell after the cells above it that the gate allowed (a refused
// cell never runs, so later cells are judged without it), the earlier cells
// and the new one as one program.

#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "analyzer/profile.hpp"
#include "analyzer/syntax/parse.hpp"
#include "lsp/located_finding.hpp"
#include "lsp/text_document.hpp"
#include "settings/baseline.hpp"

namespace pygate::lsp {

// The path `pygate check` run at the workspace's root reports for the file
// at `path`: relative to the root when under it, else as it is.
std::string report_path(const std::filesystem::path& root, const std::string& path);

// A text document's findings. `report_path` is the path `pygate check` run
// from the workspace's root would report (what a baseline entry names);
// with a baseline, absorbed findings carry their entry's reason.
std::vector<LocatedFinding> judge_text(const TextDocument& document, const std::string& report_path,
                                       analyzer::Parser& parser, const analyzer::Profile& profile,
                                       settings::BaselineMatcher* baseline);

// What judging a notebook's cells leaves for the next time: each cell's
// text and findings, and the program as it was before the first cell that
// changed, so that typing in cell 50 judges cells 50 to the end again, not
// the cells above it. Belongs to one notebook and one profile.
class NotebookJudging {
public:
    NotebookJudging();
    ~NotebookJudging();
    NotebookJudging(NotebookJudging&&) noexcept;
    NotebookJudging& operator=(NotebookJudging&&) noexcept;

    // Each code cell's findings, by cell URI (every cell has an entry, empty
    // when it has none), cells in the notebook's order: the same as judging
    // every cell again (tests/lsp/document_judging_test.cpp compares them).
    std::map<std::string, std::vector<LocatedFinding>> judge(const std::vector<TextDocument>& cells,
                                                             analyzer::Parser& parser,
                                                             const analyzer::Profile& profile);
    // How many cells the last `judge` judged again.
    std::size_t judged_last_time() const { return m_judged; }

private:
    struct State;
    std::unique_ptr<State> m_state;
    std::size_t m_judged = 0;
};

// Every cell judged afresh.
std::map<std::string, std::vector<LocatedFinding>> judge_cells(const std::vector<TextDocument>& cells,
                                                               analyzer::Parser& parser,
                                                               const analyzer::Profile& profile);

}  // namespace pygate::lsp
