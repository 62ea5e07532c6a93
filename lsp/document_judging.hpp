#pragma once
// What the editor's documents are judged by: the one judging path
// (judging/judge), as `pygate check` judges a file, and for a notebook
// judging/session_program, as `pygate kernel`'s server judges its cells:
// each code cell after the cells above it that the gate allowed (a refused
// cell never runs, so later cells are judged without it), the earlier cells
// and the new one as one program.

#include <map>
#include <string>
#include <vector>

#include "analyzer/profile.hpp"
#include "analyzer/syntax/parse.hpp"
#include "lsp/located_finding.hpp"
#include "lsp/text_document.hpp"
#include "settings/baseline.hpp"

namespace pygate::lsp {

// A text document's findings. `report_path` is the path `pygate check` run
// from the workspace's root would report (what a baseline entry names);
// with a baseline, absorbed findings carry their entry's reason.
std::vector<LocatedFinding> judge_text(const TextDocument& document, const std::string& report_path,
                                       analyzer::Parser& parser, const analyzer::Profile& profile,
                                       settings::BaselineMatcher* baseline);

// Each code cell's findings, by cell URI (every cell has an entry, empty
// when it has none), cells in the notebook's order.
std::map<std::string, std::vector<LocatedFinding>> judge_cells(const std::vector<TextDocument>& cells,
                                                               analyzer::Parser& parser,
                                                               const analyzer::Profile& profile);

}  // namespace pygate::lsp
