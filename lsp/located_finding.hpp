#pragma once
// A finding placed in the editor's documents: a text document's finding is
// in that document; a notebook cell's may have its cause, and the steps of
// its alias chain, in earlier cells, each at that cell's URI.

#include <optional>
#include <string>
#include <vector>

#include "analyzer/finding.hpp"

namespace pygate::lsp {

// A place in one document: its URI and a range in pygate's terms (1-based
// lines and code point columns, relative to that document).
struct DocumentPlace {
    std::string uri;
    analyzer::SourceRange range;
};

struct LocatedStep {
    DocumentPlace place;
    std::string text;  // the binding, as SARIF's code flows show it: `import os as tools`
};

struct LocatedFinding {
    // Its range is relative to the document the diagnostic is shown on; its
    // chain is left empty (`chain` below holds it, placed).
    analyzer::Finding finding;
    std::vector<LocatedStep> chain;
    // A finding of a notebook whose cause is in an earlier cell: where. The
    // diagnostic is then shown at the start of the cell that was judged.
    std::optional<DocumentPlace> cause;
    // The reason of the baseline entry that absorbed it: shown, not counted.
    std::optional<std::string> baselined;
};

}  // namespace pygate::lsp
