#include "lsp/document_judging.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string_view>

#include "analyzer/text/source_file.hpp"
#include "judging/judge.hpp"
#include "judging/session_program.hpp"

namespace pygate::lsp {
namespace {

LocatedFinding located_in(const std::string& uri, analyzer::Finding finding) {
    LocatedFinding located;
    for (analyzer::ChainStep& step : finding.chain)
        located.chain.push_back({{uri, step.range}, std::move(step.text)});
    finding.chain.clear();
    located.finding = std::move(finding);
    return located;
}

// The cells the session program holds, by their first line in it.
struct AcceptedCell {
    std::string uri;
    std::uint32_t first_line = 1;  // 1-based, in the program
    std::uint32_t lines = 0;
};

// Where a program line is: in which cell, and at which line of it.
DocumentPlace place_in_program(const std::vector<AcceptedCell>& accepted, analyzer::SourceRange range) {
    if (accepted.empty()) return {std::string(), range};
    for (const AcceptedCell& cell : accepted) {
        // Past the last cell's lines (the end of a program without a last newline): the last cell.
        const bool last = &cell == &accepted.back();
        if (range.line < cell.first_line || (!last && range.line >= cell.first_line + cell.lines)) continue;
        const std::uint32_t shift = cell.first_line - 1;
        range.line -= shift;
        range.end_line = range.end_line > shift ? range.end_line - shift : range.line;
        return {cell.uri, range};
    }
    return {accepted.front().uri, range};
}

std::uint32_t lines_as_step(const std::string& text) {
    // SessionProgram ends each accepted step with a newline.
    auto lines = static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n'));
    if (!text.empty() && text.back() != '\n') ++lines;
    return lines;
}

// A document is refused unread over the bound `pygate check` holds a file
// to (analyzer/text/source_file.hpp), as a file of its size would be.
std::optional<analyzer::ReadFailure> over_bound(std::size_t size, std::string_view what) {
    if (size <= analyzer::k_max_source_bytes) return std::nullopt;
    return analyzer::ReadFailure{fmt::format("{} is {} bytes, over pygate's analysis limit of {} bytes: refused unread",
                                             what, size, analyzer::k_max_source_bytes)};
}

}  // namespace

std::string report_path(const std::filesystem::path& root, const std::string& path) {
    std::error_code error;
    const auto relative = std::filesystem::relative(path, root, error);
    if (error || relative.empty() || relative.native().starts_with("..")) return path;
    return relative.string();
}

std::vector<LocatedFinding> judge_text(const TextDocument& document, const std::string& report_path,
                                       analyzer::Parser& parser, const analyzer::Profile& profile,
                                       settings::BaselineMatcher* baseline) {
    std::string internal_error;
    std::optional<analyzer::ReadFailure> refused = over_bound(document.text().size(), "the document");
    reporters::FileReport report =
        refused ? judging::judge_read(report_path, std::move(*refused), parser, profile, internal_error)
                : judging::judge_read(report_path, document.text(), parser, profile, internal_error);
    if (baseline != nullptr) baseline->apply(report, profile.gate);
    std::vector<LocatedFinding> located;
    for (std::size_t i = 0; i < report.findings.size(); ++i) {
        located.push_back(located_in(document.uri(), std::move(report.findings[i])));
        if (report.is_baselined(i)) located.back().baselined = report.baselined[i];
    }
    return located;
}

// The program the cells above a cell make, as the kernel would have run them.
struct ProgramSoFar {
    judging::SessionProgram program;
    std::vector<AcceptedCell> accepted;
    std::uint32_t lines = 0;
};

struct NotebookJudging::State {
    std::vector<std::string> uris;   // the code cells judged last time, in order
    std::vector<std::string> texts;  // and their texts
    std::vector<std::vector<LocatedFinding>> found;
    std::size_t kept_at = 0;  // the program is that before cell kept_at
    ProgramSoFar kept;
};

NotebookJudging::NotebookJudging() : m_state(std::make_unique<State>()) {}
NotebookJudging::~NotebookJudging() = default;
NotebookJudging::NotebookJudging(NotebookJudging&&) noexcept = default;
NotebookJudging& NotebookJudging::operator=(NotebookJudging&&) noexcept = default;

namespace {

// Judges one cell after `so_far`, and adds it when the gate allows it.
std::vector<LocatedFinding> judge_cell(const TextDocument& cell, ProgramSoFar& so_far, analyzer::Parser& parser,
                                       const analyzer::Profile& profile) {
    // The kernel sends no blank cell to its session (pygate.kernel's do_execute): nothing to judge or run.
    if (cell.text().find_first_not_of(" \t\n\r\f\v") == std::string::npos) return {};
    judging::StepVerdict verdict = so_far.program.judge(cell.text(), parser, profile);
    std::vector<LocatedFinding> found;
    // The program's lines: the accepted cells', then this one's.
    std::vector<AcceptedCell> placing = so_far.accepted;
    placing.push_back({cell.uri(), so_far.lines + 1, std::max<std::uint32_t>(lines_as_step(cell.text()), 1)});
    for (std::size_t i = 0; i < verdict.program_placed.size(); ++i) {
        analyzer::Finding finding = verdict.program_placed[i];
        // The message as the step's report gives it ("in an earlier step ..." for one above the cell).
        finding.message = verdict.report.findings[i].message;
        LocatedFinding located;
        for (analyzer::ChainStep& step : finding.chain)
            located.chain.push_back({place_in_program(placing, step.range), std::move(step.text)});
        finding.chain.clear();
        DocumentPlace place = place_in_program(placing, finding.range);
        if (place.uri != cell.uri()) {
            // Caused above: shown on this cell, at its start, pointing there.
            located.cause = std::move(place);
            finding.range = {1, 1, 1, 1};
        } else {
            finding.range = place.range;
        }
        located.finding = std::move(finding);
        found.push_back(std::move(located));
    }
    if (verdict.report.decision == analyzer::Decision::allow && verdict.internal_error.empty()) {
        // Its own lines (an empty cell has none), so that no line of a later cell is placed in it.
        so_far.accepted.push_back({cell.uri(), so_far.lines + 1, lines_as_step(cell.text())});
        so_far.lines += lines_as_step(cell.text());
        so_far.program.accept(cell.text(), std::move(verdict));
    }
    return found;
}

}  // namespace

std::map<std::string, std::vector<LocatedFinding>> NotebookJudging::judge(const std::vector<TextDocument>& cells,
                                                                          analyzer::Parser& parser,
                                                                          const analyzer::Profile& profile) {
    State& state = *m_state;
    std::size_t first_changed = 0;
    while (first_changed < cells.size() && first_changed < state.texts.size() &&
           cells[first_changed].uri() == state.uris[first_changed] &&
           cells[first_changed].text() == state.texts[first_changed])
        ++first_changed;
    std::size_t code_bytes = 0;
    for (const TextDocument& cell : cells)
        code_bytes += cell.text().size();
    if (std::optional<analyzer::ReadFailure> over = over_bound(code_bytes, "the notebook's code")) {
        // The program the kernel would hold is over the bound: every cell says so, none is analysed.
        std::string internal_error;
        reporters::FileReport refused =
            judging::judge_read("<notebook>", std::move(*over), parser, profile, internal_error);
        *m_state = State();
        m_judged = 0;
        std::map<std::string, std::vector<LocatedFinding>> by_cell;
        for (const TextDocument& cell : cells)
            for (const analyzer::Finding& finding : refused.findings)
                by_cell[cell.uri()].push_back({finding, {}, {}, {}});
        return by_cell;
    }
    if (first_changed == cells.size() && cells.size() == state.texts.size()) {
        m_judged = 0;  // nothing changed (the notebook's metadata, say)
        std::map<std::string, std::vector<LocatedFinding>> by_cell;
        for (std::size_t i = 0; i < cells.size(); ++i)
            by_cell[cells[i].uri()] = state.found[i];
        return by_cell;
    }
    // Start from the program kept, when it is before the first change; else from the top.
    ProgramSoFar so_far;
    std::size_t start = 0;
    if (state.kept_at <= first_changed) {
        so_far = state.kept;
        start = state.kept_at;
    }
    state.uris.resize(cells.size());
    state.texts.resize(cells.size());
    state.found.resize(cells.size());
    m_judged = 0;
    for (std::size_t i = start; i < cells.size(); ++i) {
        if (i == first_changed) {
            state.kept = so_far;
            state.kept_at = i;
        }
        if (i >= first_changed) {
            state.found[i] = judge_cell(cells[i], so_far, parser, profile);
            ++m_judged;
        } else {
            // Unchanged and above the change: its findings stand; it is judged only to grow the program.
            (void)judge_cell(cells[i], so_far, parser, profile);
        }
        state.uris[i] = cells[i].uri();
        state.texts[i] = cells[i].text();
    }
    if (first_changed >= cells.size()) {  // cells removed at the end only
        state.kept = std::move(so_far);
        state.kept_at = cells.size();
    }
    std::map<std::string, std::vector<LocatedFinding>> by_cell;
    for (std::size_t i = 0; i < cells.size(); ++i)
        by_cell[cells[i].uri()] = state.found[i];
    return by_cell;
}

std::map<std::string, std::vector<LocatedFinding>> judge_cells(const std::vector<TextDocument>& cells,
                                                               analyzer::Parser& parser,
                                                               const analyzer::Profile& profile) {
    NotebookJudging judging;
    return judging.judge(cells, parser, profile);
}

}  // namespace pygate::lsp
