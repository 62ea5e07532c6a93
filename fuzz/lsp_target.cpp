// libFuzzer target: bytes as `pygate lsp` reads them. The first byte says
// how the rest is cut into reads (as a pipe may deliver it); the framing
// takes messages out of it within its bounds, each message is bounded in
// shape, parsed and classified as JSON-RPC, and the document sync
// notifications are applied to text documents and notebooks, whose
// positions are then converted both ways. Bad bytes must give an error, never
// a crash; no offset may fall outside its text, no converted range may end
// before it starts, and the framing may never hold more than its bounds.
#include <cstddef>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "lsp/message_framing.hpp"
#include "lsp/notebook_document.hpp"
#include "lsp/text_document.hpp"
#include "serve/request_shape.hpp"
#include "support/jsonrpc.hpp"

namespace {

namespace lsp = pygate::lsp;
using nlohmann::json;

constexpr std::size_t k_max_body = 1 << 16;

struct State {
    std::map<std::string, lsp::TextDocument> documents;
    std::map<std::string, lsp::NotebookDocument> notebooks;
};

void check_positions(const lsp::TextDocument& document) {
    for (auto encoding : {lsp::PositionEncoding::utf8, lsp::PositionEncoding::utf16, lsp::PositionEncoding::utf32}) {
        for (std::uint32_t line = 0; line < document.line_count() + 1 && line < 64; ++line)
            for (std::uint32_t character : {0u, 1u, 3u, 1000u})
                if (document.offset_of({line, character}, encoding) > document.text().size()) __builtin_trap();
        const lsp::Range range = document.range_of({2, 3, 1, 1}, encoding);
        if (range.end.line < range.start.line) __builtin_trap();
    }
}

void one_message(const json& value, State& state) {
    const auto message = pygate::support::jsonrpc::classify(value);
    using Kind = pygate::support::jsonrpc::Message::Kind;
    if (message.kind == Kind::invalid && message.error.empty()) __builtin_trap();
    if (message.kind != Kind::notification) return;
    const json& params = message.params;
    std::string error;
    try {
        if (message.method == "textDocument/didOpen") {
            const json& item = params.at("textDocument");
            const std::string uri = item.at("uri").get<std::string>();
            state.documents.insert_or_assign(uri,
                                             lsp::TextDocument(uri, "python", 1, item.at("text").get<std::string>()));
            check_positions(state.documents.at(uri));
        } else if (message.method == "textDocument/didChange") {
            auto found = state.documents.find(params.at("textDocument").at("uri").get<std::string>());
            if (found == state.documents.end()) return;
            for (const json& change : params.at("contentChanges"))
                if (!lsp::apply_content_change(found->second, change, lsp::PositionEncoding::utf16, error)) break;
            check_positions(found->second);
        } else if (message.method == "notebookDocument/didOpen") {
            lsp::NotebookDocument notebook;
            if (notebook.open(params.at("notebookDocument"), params.value("cellTextDocuments", json::array()), error))
                state.notebooks.insert_or_assign(notebook.uri(), std::move(notebook));
        } else if (message.method == "notebookDocument/didChange") {
            auto found = state.notebooks.find(params.at("notebookDocument").at("uri").get<std::string>());
            if (found == state.notebooks.end()) return;
            (void)found->second.change(2, params.value("change", json::object()), lsp::PositionEncoding::utf8, error);
            for (const auto& cell : found->second.code_cells())
                check_positions(cell);
        }
    } catch (const json::exception&) {
        // A mistyped field: the server answers or ignores it the same way.
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t chunk = 1 + data[0] % 64;
    const std::string_view stream(reinterpret_cast<const char*>(data) + 1, size - 1);
    lsp::FrameDecoder decoder(k_max_body);
    State state;
    for (std::size_t at = 0; at < stream.size(); at += chunk) {
        decoder.feed(stream.substr(at, chunk));
        if (decoder.buffered() > k_max_body + lsp::k_max_header_bytes + chunk) __builtin_trap();
        while (auto frame = decoder.next()) {
            if (frame->kind == lsp::Frame::Kind::error) {
                if (frame->error.empty()) __builtin_trap();
                continue;
            }
            if (frame->body.size() > k_max_body) __builtin_trap();
            if (pygate::serve::request_shape_error(frame->body)) continue;
            json value = json::parse(frame->body, nullptr, false);
            if (!value.is_discarded()) one_message(value, state);
        }
    }
    return 0;
}
