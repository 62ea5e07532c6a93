#pragma once
// An open notebook (LSP 3.17 notebook synchronisation): its cells in order,
// each a text document of its own, as `notebookDocument/didOpen` gives them
// and `notebookDocument/didChange` edits them (cells inserted, removed or
// re-typed, and text edited in place).

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lsp/text_document.hpp"

namespace pygate::lsp {

struct NotebookCell {
    bool code = true;  // NotebookCellKind 2 (code); 1 is markup, never judged
    std::string uri;   // its text document's
};

class NotebookDocument {
public:
    // From didOpen's `notebookDocument` and `cellTextDocuments`; false with
    // `error` when a required field is missing or mistyped.
    bool open(const nlohmann::json& notebook, const nlohmann::json& cell_documents, std::string& error);
    // From didChange's `notebookDocument.version` and `change`.
    bool change(std::int64_t version, const nlohmann::json& change, PositionEncoding encoding, std::string& error);

    const std::string& uri() const { return m_uri; }
    std::int64_t version() const { return m_version; }
    // Counts every change (as TextDocument::revision).
    std::uint64_t revision() const { return m_revision; }
    const std::vector<NotebookCell>& cells() const { return m_cells; }
    // The cell's text, or null for a URI not among the notebook's cell documents.
    const TextDocument* cell_text(const std::string& uri) const;
    // The code cells' texts, in order: what the kernel would run, top to bottom.
    std::vector<TextDocument> code_cells() const;

private:
    bool open_cell_document(const nlohmann::json& item, std::string& error);

    std::string m_uri;
    std::int64_t m_version = 0;
    std::uint64_t m_revision = 0;
    std::vector<NotebookCell> m_cells;
    std::map<std::string, TextDocument> m_texts;  // by cell URI
};

// A text document change event (full or incremental) applied to `document`.
bool apply_content_change(TextDocument& document, const nlohmann::json& change, PositionEncoding encoding,
                          std::string& error);
// A Range from JSON; false when it is not one.
bool read_range(const nlohmann::json& value, Range& range);

}  // namespace pygate::lsp
