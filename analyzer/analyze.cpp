#include "analyzer/analyze.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "analyzer/engine.hpp"
#include "analyzer/model/model.hpp"
#include "analyzer/syntax/keyword_names.hpp"
#include "analyzer/syntax/syntax_check.hpp"
#include "analyzer/syntax/syntax_tree.hpp"
#include "analyzer/text/source.hpp"

namespace pygate::analyzer {

FileAnalysis analyze_bytes(std::string bytes, Parser& parser, const AnalysisOptions& options) {
    LoadedSource loaded = load_source(std::move(bytes));
    if (!loaded.decodable) return analyze_loaded(std::move(loaded), nullptr, options);
    Parsed parsed = parser.parse(loaded.source.text, options.target_version);
    if (!parsed) return analyze_unparsed(std::move(loaded), parsed.refusal, options);
    // Copied out of tree-sitter's tree, which is deleted at once (syntax_tree.hpp).
    const SyntaxTree tree(parsed->root(), loaded.source.text);
    parsed.tree.reset();
    return analyze_loaded(std::move(loaded), &tree, options);
}

FileAnalysis analyze_unparsed(LoadedSource loaded, const std::string& refusal, const AnalysisOptions& options,
                              std::uint32_t line) {
    loaded.findings.push_back(unsafe_source_finding(SourceRange{line, 1, line, 1}, refusal + ": refused unread"));
    loaded.decodable = false;  // no tree: nothing further may be concluded
    return analyze_loaded(std::move(loaded), nullptr, options);
}

FileAnalysis analyze_loaded(LoadedSource loaded, const SyntaxTree* tree, const AnalysisOptions& options) {
    FileAnalysis analysis;
    analysis.findings = std::move(loaded.findings);
    if (loaded.decodable) {
        if (tree == nullptr) throw std::logic_error("analyze_loaded: decodable source without its tree");
        check_keyword_names(*tree, loaded.source, analysis.findings);
        if (options.profile == nullptr || options.rules.empty()) {
            check_syntax(loaded.source, tree->root(), loaded.invisible_offsets, analysis.findings,
                         options.target_version);
        } else {
            // One walk of the tree builds the model and runs the syntax check.
            SyntaxCheck syntax(loaded.source, tree->root(), loaded.invisible_offsets, analysis.findings,
                               options.target_version);
            SymbolSet syntax_sites = syntax_site_kinds(options.rules);  // a byte per kind: cheaper than caching
            Model model(loaded.source, *tree, &syntax, &syntax_sites);
            syntax.finish();
            check_syntax_with_model(syntax, model, analysis.findings);
            const LibraryKnowledge& libraries =
                options.libraries != nullptr ? *options.libraries : LibraryKnowledge::of_tables();
            run_rules(model, *options.profile, libraries, options.rules, analysis.findings);
        }
    }
    for (Finding& finding : analysis.findings) {
        if (finding.source_line.empty()) finding.source_line = std::string(loaded.source.line_text(finding.range.line));
    }
    // In place: a stable sort's buffer of moved findings cost more than the rest of the step.
    std::sort(analysis.findings.begin(), analysis.findings.end(), finding_before);
    return analysis;
}

FileAnalysis analyze_read_failure(const ReadFailure& failure) {
    FileAnalysis analysis;
    analysis.findings.push_back(unsafe_source_finding(SourceRange{1, 1, 1, 1}, failure.message));
    return analysis;
}

}  // namespace pygate::analyzer
