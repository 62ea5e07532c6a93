#include "lsp/notebook_document.hpp"

#include <limits>

namespace pygate::lsp {

using nlohmann::json;

namespace {

bool read_position(const json& value, Position& position) {
    if (!value.is_object()) return false;
    const json line = value.value("line", json());
    const json character = value.value("character", json());
    if (!line.is_number_unsigned() || !character.is_number_unsigned()) return false;
    // Larger than any document: clamped to its end, as LSP says of positions past it.
    constexpr auto k_max = std::numeric_limits<std::uint32_t>::max();
    position.line = static_cast<std::uint32_t>(std::min<std::uint64_t>(line.get<std::uint64_t>(), k_max));
    position.character = static_cast<std::uint32_t>(std::min<std::uint64_t>(character.get<std::uint64_t>(), k_max));
    return true;
}

bool read_cell(const json& value, NotebookCell& cell) {
    if (!value.is_object() || !value.value("kind", json()).is_number_integer() ||
        !value.value("document", json()).is_string())
        return false;
    cell.code = value["kind"].get<int>() == 2;
    cell.uri = value["document"].get<std::string>();
    return true;
}

}  // namespace

bool read_range(const json& value, Range& range) {
    return value.is_object() && read_position(value.value("start", json()), range.start) &&
           read_position(value.value("end", json()), range.end);
}

bool apply_content_change(TextDocument& document, const json& change, PositionEncoding encoding, std::string& error) {
    if (!change.is_object() || !change.value("text", json()).is_string()) {
        error = "a content change needs a `text` string";
        return false;
    }
    const std::string& text = change["text"].get_ref<const std::string&>();
    if (!change.contains("range")) {
        document.replace(text, document.version());
        return true;
    }
    Range range;
    if (!read_range(change["range"], range)) {
        error = "a content change's `range` is not a range";
        return false;
    }
    document.edit(range, text, encoding);
    return true;
}

bool NotebookDocument::open_cell_document(const json& item, std::string& error) {
    if (!item.is_object() || !item.value("uri", json()).is_string() || !item.value("text", json()).is_string()) {
        error = "a cell text document needs `uri` and `text` strings";
        return false;
    }
    const std::string uri = item["uri"].get<std::string>();
    const json version = item.value("version", json(0));
    m_texts.insert_or_assign(uri, TextDocument(uri, item.value("languageId", std::string("python")),
                                               version.is_number_integer() ? version.get<std::int64_t>() : 0,
                                               item["text"].get<std::string>()));
    return true;
}

bool NotebookDocument::open(const json& notebook, const json& cell_documents, std::string& error) {
    if (!notebook.is_object() || !notebook.value("uri", json()).is_string() ||
        !notebook.value("cells", json()).is_array() || !cell_documents.is_array()) {
        error = "notebookDocument/didOpen needs a notebook with `uri` and `cells`, and `cellTextDocuments`";
        return false;
    }
    m_uri = notebook["uri"].get<std::string>();
    const json version = notebook.value("version", json(0));
    m_version = version.is_number_integer() ? version.get<std::int64_t>() : 0;
    for (const json& value : notebook["cells"]) {
        NotebookCell cell;
        if (!read_cell(value, cell)) {
            error = "a notebook cell needs `kind` and `document`";
            return false;
        }
        m_cells.push_back(std::move(cell));
    }
    for (const json& item : cell_documents)
        if (!open_cell_document(item, error)) return false;
    return true;
}

bool NotebookDocument::change(std::int64_t version, const json& change, PositionEncoding encoding, std::string& error) {
    m_version = version;
    ++m_revision;
    if (!change.is_object()) {
        error = "notebookDocument/didChange needs a `change` object";
        return false;
    }
    const json cells = change.value("cells", json::object());
    if (!cells.is_object()) {
        error = "a notebook change's `cells` must be an object";
        return false;
    }
    if (cells.contains("structure")) {
        const json& structure = cells["structure"];
        const json array = structure.value("array", json());
        if (!array.is_object() || !array.value("start", json()).is_number_unsigned() ||
            !array.value("deleteCount", json()).is_number_unsigned()) {
            error = "a structure change needs `array` with `start` and `deleteCount`";
            return false;
        }
        const auto start = std::min<std::size_t>(array["start"].get<std::size_t>(), m_cells.size());
        const auto removed = std::min<std::size_t>(array["deleteCount"].get<std::size_t>(), m_cells.size() - start);
        std::vector<NotebookCell> inserted;
        for (const json& value : array.value("cells", json::array())) {
            NotebookCell cell;
            if (!read_cell(value, cell)) {
                error = "a notebook cell needs `kind` and `document`";
                return false;
            }
            inserted.push_back(std::move(cell));
        }
        m_cells.erase(m_cells.begin() + static_cast<std::ptrdiff_t>(start),
                      m_cells.begin() + static_cast<std::ptrdiff_t>(start + removed));
        m_cells.insert(m_cells.begin() + static_cast<std::ptrdiff_t>(start), inserted.begin(), inserted.end());
        for (const json& closed : structure.value("didClose", json::array()))
            if (closed.is_object() && closed.value("uri", json()).is_string())
                m_texts.erase(closed["uri"].get<std::string>());
        for (const json& item : structure.value("didOpen", json::array()))
            if (!open_cell_document(item, error)) return false;
    }
    for (const json& value : cells.value("data", json::array())) {
        NotebookCell cell;
        if (!read_cell(value, cell)) continue;
        for (NotebookCell& held : m_cells)
            if (held.uri == cell.uri) held.code = cell.code;
    }
    for (const json& content : cells.value("textContent", json::array())) {
        const json document = content.value("document", json());
        if (!document.is_object() || !document.value("uri", json()).is_string()) {
            error = "a cell's text change needs `document.uri`";
            return false;
        }
        auto found = m_texts.find(document["uri"].get<std::string>());
        if (found == m_texts.end()) continue;  // a cell the client never opened: nothing to edit
        for (const json& edit : content.value("changes", json::array()))
            if (!apply_content_change(found->second, edit, encoding, error)) return false;
        if (document.value("version", json()).is_number_integer())
            found->second.set_version(document["version"].get<std::int64_t>());
    }
    return true;
}

const TextDocument* NotebookDocument::cell_text(const std::string& uri) const {
    auto found = m_texts.find(uri);
    return found == m_texts.end() ? nullptr : &found->second;
}

std::vector<TextDocument> NotebookDocument::code_cells() const {
    std::vector<TextDocument> cells;
    for (const NotebookCell& cell : m_cells) {
        if (!cell.code) continue;
        const TextDocument* text = cell_text(cell.uri);
        if (text && (text->language_id() == "python" || text->language_id().empty())) cells.push_back(*text);
    }
    return cells;
}

}  // namespace pygate::lsp
