#include "lsp/server.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <span>
#include <thread>

#include "analyzer/syntax/parse.hpp"
#include "lsp/baseline_action.hpp"
#include "lsp/baseline_file.hpp"
#include "lsp/diagnostics.hpp"
#include "lsp/document_judging.hpp"
#include "lsp/message_framing.hpp"
#include "lsp/notebook_document.hpp"
#include "lsp/server_settings.hpp"
#include "lsp/text_document.hpp"
#include "lsp/uri.hpp"
#include "lsp/workspace_scan.hpp"
#include "serve/request_shape.hpp"
#include "settings/baseline.hpp"
#include "support/jsonrpc.hpp"
#include "support/version.hpp"
#include "support/write_all.hpp"

namespace pygate::lsp {

using nlohmann::json;
using support::jsonrpc::Message;
namespace error_code = support::jsonrpc::error_code;

namespace {

// The error codes LSP adds to JSON-RPC's.
constexpr int k_server_not_initialized = -32002;
constexpr int k_request_cancelled = -32800;

// How long a workspace diagnostic request that would bring nothing new is held.
constexpr std::chrono::seconds k_unchanged_workspace_hold{30};

bool judged_language(const std::string& language_id, const std::string& uri) {
    return language_id == "python" || uri.ends_with(".py");
}

bool contains(const json& range, const Position& position) {
    auto before = [](const json& a, const Position& b) {
        const auto line = a["line"].get<std::uint32_t>();
        return line < b.line || (line == b.line && a["character"].get<std::uint32_t>() <= b.character);
    };
    auto after = [](const json& a, const Position& b) {
        const auto line = a["line"].get<std::uint32_t>();
        return line > b.line || (line == b.line && a["character"].get<std::uint32_t>() >= b.character);
    };
    return before(range["start"], position) && after(range["end"], position);
}

bool overlaps(const json& a, const Range& b) {
    auto position = [](const json& p) {
        return Position{p["line"].get<std::uint32_t>(), p["character"].get<std::uint32_t>()};
    };
    auto less = [](const Position& x, const Position& y) {
        return x.line < y.line || (x.line == y.line && x.character < y.character);
    };
    const Position start = position(a["start"]);
    const Position end = position(a["end"]);
    return !less(end, b.start) && !less(b.end, start);
}

json position_json(const Position& position) {
    return {{"line", position.line}, {"character", position.character}};
}

// The diagnostics one document shows, from one judgement.
struct Shown {
    std::string uri;
    std::int64_t version = 0;
    std::vector<LocatedFinding> findings;  // parallel to items
    json items = json::array();
};

// The last judgement of a text document or a notebook.
struct Judgement {
    std::int64_t version = 0;
    std::uint64_t generation = 0;  // of the settings it was judged under
    std::vector<Shown> shown;      // a text document: itself; a notebook: each code cell
};

struct Pull {
    json id;
    std::string uri;
    std::string previous_result_id;
};

std::string result_id(std::uint64_t generation, std::int64_t version) {
    return fmt::format("{}:{}", generation, version);
}

}  // namespace

class LspServer {
public:
    LspServer(int out_fd, const LspOptions& options)
        : m_out(out_fd), m_options(options), m_frames(options.max_message) {}

    LspEnd serve(int in_fd) {
        m_worker = std::thread([this] { work(); });
        std::string buffer(std::size_t{1} << 16, '\0');
        while (!m_exit_received && !m_client_gone) {
            pollfd ready{in_fd, POLLIN, 0};
            const int polled = ::poll(&ready, 1, 1000);
            if (polled < 0 && errno == EINTR) continue;
            if (polled == 0) {
                if (parent_gone()) break;
                continue;
            }
            const ssize_t n = ::read(in_fd, buffer.data(), buffer.size());
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;  // the client went away
            m_frames.feed(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
            while (!m_exit_received) {
                std::optional<Frame> frame = m_frames.next();
                if (!frame) break;
                on_frame(*frame);
            }
        }
        stop();
        return m_shutdown ? LspEnd::exit_after_shutdown : LspEnd::exit_without_shutdown;
    }

private:
    using Handler = void (LspServer::*)(const Message&);
    struct Method {
        std::string_view name;
        Handler handler;
    };
    // Every method the server answers, and every notification it reads: a
    // request not here is MethodNotFound, a notification not here is ignored.
    static std::span<const Method> requests() {
        static constexpr Method table[] = {
            {"initialize", &LspServer::initialize},
            {"shutdown", &LspServer::shutdown},
            {"textDocument/diagnostic", &LspServer::pull_diagnostics},
            {"textDocument/hover", &LspServer::hover},
            {"textDocument/codeAction", &LspServer::code_actions},
            {"workspace/diagnostic", &LspServer::workspace_diagnostics},
        };
        return table;
    }
    static std::span<const Method> notifications() {
        static constexpr Method table[] = {
            {"initialized", &LspServer::initialized},
            {"exit", &LspServer::exit},
            {"$/cancelRequest", &LspServer::cancel},
            {"textDocument/didOpen", &LspServer::did_open},
            {"textDocument/didChange", &LspServer::did_change},
            {"textDocument/didSave", &LspServer::did_save},
            {"textDocument/didClose", &LspServer::did_close},
            {"notebookDocument/didOpen", &LspServer::notebook_did_open},
            {"notebookDocument/didChange", &LspServer::notebook_did_change},
            {"notebookDocument/didSave", &LspServer::did_save},
            {"notebookDocument/didClose", &LspServer::notebook_did_close},
            {"workspace/didChangeConfiguration", &LspServer::did_change_configuration},
        };
        return table;
    }

    // ---- reading ----

    void on_frame(const Frame& frame) {
        if (frame.kind == Frame::Kind::error) {
            write(support::jsonrpc::error_message(nullptr, error_code::invalid_request,
                                                  "Invalid Request: " + frame.error));
            return;
        }
        if (auto refused = serve::request_shape_error(frame.body)) {
            write(
                support::jsonrpc::error_message(nullptr, error_code::invalid_request, "Invalid Request: " + *refused));
            return;
        }
        json value = json::parse(frame.body, nullptr, false);
        if (value.is_discarded()) {
            write(support::jsonrpc::error_message(nullptr, error_code::parse_error,
                                                  "Parse error: the message is not one JSON value"));
            return;
        }
        Message message = support::jsonrpc::classify(value);
        switch (message.kind) {
            case Message::Kind::invalid:
                write(support::jsonrpc::error_message(message.id, message.error_code, message.error));
                return;
            case Message::Kind::ignored:
                return;
            case Message::Kind::response:
                return response(message);
            case Message::Kind::notification:
                return notification(message);
            case Message::Kind::request:
                return request(message);
        }
    }

    // An answer to a request of ours: a refresh (nothing to do) or the
    // creation of a progress token a workspace scan waits for.
    void response(const Message& message) {
        if (!message.id.is_string()) return;
        std::lock_guard lock(m_mutex);
        if (m_tokens_asked.erase(message.id.get<std::string>()) == 0) return;
        if (!message.params.contains("error")) m_tokens_created.insert(message.id.get<std::string>());
        m_wake.notify_all();
    }

    void request(const Message& message) {
        if (!m_initialized && message.method != "initialize")
            return fail(message, k_server_not_initialized, "the server is not initialized yet: send `initialize`");
        if (m_shutdown) return fail(message, error_code::invalid_request, "the server is shutting down");
        for (const Method& method : requests())
            if (method.name == message.method) {
                try {
                    return (this->*method.handler)(message);
                } catch (const json::exception& error) {
                    // A field of the wrong type deep in the params.
                    return fail(message, error_code::invalid_params, fmt::format("Invalid params: {}", error.what()));
                }
            }
        fail(message, error_code::method_not_found, fmt::format("Method not found: {}", message.method));
    }

    void notification(const Message& message) {
        if (!m_initialized && message.method != "exit") return;  // dropped, as the protocol says
        for (const Method& method : notifications())
            if (method.name == message.method) {
                try {
                    (this->*method.handler)(message);
                } catch (const json::exception& error) {
                    log(1, fmt::format("pygate: {} ignored: {}", message.method, error.what()));
                }
                return;
            }
    }

    // ---- writing ----

    void write(const json& message) {
        const std::string body = message.dump(-1, ' ', false, json::error_handler_t::replace);
        std::lock_guard lock(m_out_mutex);
        if (m_client_gone) return;
        if (!support::write_all(m_out, frame_message(body))) m_client_gone = true;
    }
    void answer(const Message& message, json result) {
        write(support::jsonrpc::result_message(message.id, std::move(result)));
    }
    void fail(const Message& message, int code, const std::string& text) {
        write(support::jsonrpc::error_message(message.id, code, text));
    }
    void notify(const char* method, json params) {
        write({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
    }
    // MessageType: 1 error, 3 info.
    void log(int type, const std::string& text) { notify("window/logMessage", {{"type", type}, {"message", text}}); }

    // ---- lifecycle ----

    void initialize(const Message& message) {
        if (m_initialized) return fail(message, error_code::invalid_request, "the server is already initialized");
        const json& params = message.params;
        if (params.value("processId", json()).is_number_integer()) m_parent = params["processId"].get<long>();
        const json capabilities = params.value("capabilities", json::object());
        m_encoding = negotiate_encoding(capabilities);
        auto has = [&](std::initializer_list<const char*> path) {
            const json* at = &capabilities;
            for (const char* key : path) {
                if (!at->is_object() || !at->contains(key)) return false;
                at = &(*at)[key];
            }
            return !at->is_null() && *at != false;
        };
        m_push = !has({"textDocument", "diagnostic"});
        m_refresh = has({"workspace", "diagnostics", "refreshSupport"});
        m_server_progress = has({"window", "workDoneProgress"});
        const json operations = capabilities.value("workspace", json::object())
                                    .value("workspaceEdit", json::object())
                                    .value("resourceOperations", json::array());
        m_can_create =
            operations.is_array() && std::find(operations.begin(), operations.end(), "create") != operations.end();
        m_root = root_of(params);
        m_client_settings = read_client_settings(params.value("initializationOptions", json::object()));
        settle();
        const json selector =
            json::array({{{"notebook", {{"notebookType", "jupyter-notebook"}}}, {"cells", {{{"language", "python"}}}}},
                         {{"notebook", {{"pattern", "**/*.ipynb"}}}, {"cells", {{{"language", "python"}}}}}});
        m_initialized = true;
        answer(message,
               {{"capabilities",
                 {{"positionEncoding", encoding_name(m_encoding)},
                  {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
                  {"notebookDocumentSync", {{"notebookSelector", selector}, {"save", true}}},
                  {"diagnosticProvider",
                   {{"identifier", "pygate"}, {"interFileDependencies", false}, {"workspaceDiagnostics", true}}},
                  {"hoverProvider", true},
                  {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}}}},
                {"serverInfo", {{"name", "pygate"}, {"version", support::k_pygate_version}}}});
    }

    static PositionEncoding negotiate_encoding(const json& capabilities) {
        const json offered = capabilities.value("general", json::object()).value("positionEncodings", json::array());
        if (!offered.is_array()) return PositionEncoding::utf16;
        // The client's order is its preference; UTF-16 is what every client speaks.
        for (const json& name : offered) {
            if (name == "utf-8") return PositionEncoding::utf8;
            if (name == "utf-32") return PositionEncoding::utf32;
            if (name == "utf-16") return PositionEncoding::utf16;
        }
        return PositionEncoding::utf16;
    }

    static std::filesystem::path root_of(const json& params) {
        const json folders = params.value("workspaceFolders", json());
        if (folders.is_array() && !folders.empty() && folders[0].is_object() &&
            folders[0].value("uri", json()).is_string())
            if (auto path = path_of_uri(folders[0]["uri"].get<std::string>())) return *path;
        if (params.value("rootUri", json()).is_string())
            if (auto path = path_of_uri(params["rootUri"].get<std::string>())) return *path;
        if (params.value("rootPath", json()).is_string()) return params["rootPath"].get<std::string>();
        std::error_code error;
        return std::filesystem::current_path(error);
    }

    void initialized(const Message&) { log(3, m_settings_message); }

    // The requests sent before shutdown are answered first (no client's
    // answer is lost to an early exit); a held workspace request ends now.
    void shutdown(const Message& message) {
        m_shutdown = true;
        {
            std::unique_lock lock(m_mutex);
            if (m_scan_id && m_pending.contains(m_scan_id->dump())) m_cancelled.insert(m_scan_id->dump());
            m_wake.notify_all();
            m_settled.wait_for(lock, std::chrono::seconds(120),
                               [this] { return m_pending.empty() && m_answers_unwritten == 0; });
        }
        answer(message, nullptr);
    }

    void exit(const Message&) { m_exit_received = true; }

    bool parent_gone() const { return m_parent > 0 && ::kill(static_cast<pid_t>(m_parent), 0) != 0 && errno == ESRCH; }

    void stop() {
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
            for (const auto& id : m_pending)
                m_cancelled.insert(id);
        }
        m_wake.notify_all();
        if (m_worker.joinable()) m_worker.join();
        if (m_scan.joinable()) m_scan.join();
    }

    // ---- settings ----

    // Called with no judging in flight, or under m_mutex.
    void settle() {
        CommandLineSettings command_line{m_options.profile, m_options.isolated};
        auto settled = settle_server_settings(m_root, command_line, m_client_settings);
        auto shared = std::make_shared<ServerSettings>();
        if (auto* error = std::get_if<std::string>(&settled)) {
            m_settings_error = *error;
            m_settings_message = fmt::format("pygate: the settings do not load, nothing is judged: {}", *error);
            shared->load_error = m_settings_message;
        } else {
            *shared = std::get<ServerSettings>(std::move(settled));
            m_settings_error.clear();
            m_settings_message = describe(*shared) + fmt::format("; workspace {}", m_root.string());
        }
        std::lock_guard lock(m_mutex);
        m_settings = std::move(shared);
        ++m_generation;
        for (const auto& [uri, document] : m_documents)
            m_dirty.insert(uri);
        for (const auto& [uri, notebook] : m_notebooks)
            m_dirty.insert(uri);
        m_wake.notify_all();
    }

    void did_change_configuration(const Message& message) {
        m_client_settings = read_client_settings(message.params.value("settings", json::object()));
        settle();
        log(m_settings_error.empty() ? 3 : 1, m_settings_message);
        if (m_refresh && !m_push)
            write({{"jsonrpc", "2.0"},
                   {"id", fmt::format("pygate-refresh-{}", ++m_requests_sent)},
                   {"method", "workspace/diagnostic/refresh"}});
    }

    // ---- documents ----

    void did_open(const Message& message) {
        const json& item = message.params.at("textDocument");
        const std::string uri = item.at("uri").get<std::string>();
        const std::string language = item.value("languageId", std::string());
        if (!judged_language(language, uri)) return;
        std::lock_guard lock(m_mutex);
        m_documents.insert_or_assign(uri, TextDocument(uri, language, item.value("version", std::int64_t{0}),
                                                       item.at("text").get<std::string>()));
        m_dirty.insert(uri);
        m_wake.notify_all();
    }

    void did_change(const Message& message) {
        const json& item = message.params.at("textDocument");
        const std::string uri = item.at("uri").get<std::string>();
        std::string error;
        {
            std::lock_guard lock(m_mutex);
            auto found = m_documents.find(uri);
            if (found == m_documents.end()) return;
            for (const json& change : message.params.at("contentChanges"))
                if (!apply_content_change(found->second, change, m_encoding, error)) break;
            if (item.value("version", json()).is_number_integer())
                found->second.set_version(item["version"].get<std::int64_t>());
            m_dirty.insert(uri);
        }
        m_wake.notify_all();
        if (!error.empty()) log(1, fmt::format("pygate: a change of {} partly ignored: {}", uri, error));
    }

    void did_close(const Message& message) {
        const std::string uri = message.params.at("textDocument").at("uri").get<std::string>();
        {
            std::lock_guard lock(m_mutex);
            if (m_documents.erase(uri) == 0) return;
            m_judged.erase(uri);
            m_dirty.erase(uri);
        }
        if (m_push) notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}});
    }

    // A saved baseline changes what every document shows.
    void did_save(const Message& message) {
        const json document =
            message.params.value("textDocument", message.params.value("notebookDocument", json::object()));
        const auto path = path_of_uri(document.value("uri", std::string()));
        std::lock_guard lock(m_mutex);
        if (!path || !m_settings || m_settings->baseline.empty() || *path != m_settings->baseline) return;
        for (const auto& [uri, text] : m_documents)
            m_dirty.insert(uri);
        m_wake.notify_all();
    }

    void notebook_did_open(const Message& message) {
        NotebookDocument notebook;
        std::string error;
        if (!notebook.open(message.params.at("notebookDocument"),
                           message.params.value("cellTextDocuments", json::array()), error)) {
            log(1, "pygate: notebookDocument/didOpen ignored: " + error);
            return;
        }
        std::lock_guard lock(m_mutex);
        const std::string uri = notebook.uri();
        for (const NotebookCell& cell : notebook.cells())
            m_cell_owner[cell.uri] = uri;
        m_notebooks.insert_or_assign(uri, std::move(notebook));
        m_dirty.insert(uri);
        m_wake.notify_all();
    }

    void notebook_did_change(const Message& message) {
        const json& identifier = message.params.at("notebookDocument");
        const std::string uri = identifier.at("uri").get<std::string>();
        std::string error;
        {
            std::lock_guard lock(m_mutex);
            auto found = m_notebooks.find(uri);
            if (found == m_notebooks.end()) return;
            found->second.change(identifier.value("version", found->second.version() + 1),
                                 message.params.value("change", json::object()), m_encoding, error);
            // Cells removed are no longer this notebook's.
            std::erase_if(m_cell_owner, [&](const auto& entry) { return entry.second == uri; });
            for (const NotebookCell& cell : found->second.cells())
                m_cell_owner[cell.uri] = uri;
            m_dirty.insert(uri);
        }
        m_wake.notify_all();
        if (!error.empty()) log(1, "pygate: notebookDocument/didChange partly ignored: " + error);
    }

    void notebook_did_close(const Message& message) {
        const std::string uri = message.params.at("notebookDocument").at("uri").get<std::string>();
        std::vector<std::string> cells;
        {
            std::lock_guard lock(m_mutex);
            auto found = m_notebooks.find(uri);
            if (found == m_notebooks.end()) return;
            for (const NotebookCell& cell : found->second.cells()) {
                cells.push_back(cell.uri);
                m_cell_owner.erase(cell.uri);
            }
            m_notebooks.erase(found);
            m_judged.erase(uri);
            m_dirty.erase(uri);
        }
        if (m_push)
            for (const std::string& cell : cells)
                notify("textDocument/publishDiagnostics", {{"uri", cell}, {"diagnostics", json::array()}});
    }

    // ---- requests answered from the last judgement ----

    // Under m_mutex: what `uri` (a text document or a cell) shows, if judged.
    const Shown* shown_locked(const std::string& uri) const {
        std::string owner = uri;
        if (auto cell = m_cell_owner.find(uri); cell != m_cell_owner.end()) owner = cell->second;
        auto judged = m_judged.find(owner);
        if (judged == m_judged.end()) return nullptr;
        for (const Shown& shown : judged->second.shown)
            if (shown.uri == uri) return &shown;
        return nullptr;
    }

    void hover(const Message& message) {
        const std::string uri = message.params.at("textDocument").at("uri").get<std::string>();
        const json& at = message.params.at("position");
        const Position position{at.at("line").get<std::uint32_t>(), at.at("character").get<std::uint32_t>()};
        json result = nullptr;
        {
            std::lock_guard lock(m_mutex);
            if (const Shown* shown = shown_locked(uri))
                for (std::size_t i = 0; i < shown->findings.size(); ++i)
                    if (contains(shown->items[i]["range"], position)) {
                        result = {{"contents", {{"kind", "markdown"}, {"value", hover_markdown(shown->findings[i])}}},
                                  {"range", shown->items[i]["range"]}};
                        break;
                    }
        }
        answer(message, std::move(result));
    }

    // "Add to the baseline with a reason": the only code action, for a
    // repository's owner, and only where a baseline is configured. It edits
    // the baseline file (docs/baselines.md), never the code: nothing in the
    // source can silence the gate.
    void code_actions(const Message& message) {
        const std::string uri = message.params.at("textDocument").at("uri").get<std::string>();
        Range range;
        if (!read_range(message.params.at("range"), range))
            return fail(message, error_code::invalid_params, "Invalid params: `range` is not a range");
        json actions = json::array();
        std::vector<std::pair<LocatedFinding, json>> chosen;
        std::shared_ptr<const ServerSettings> settings;
        {
            std::lock_guard lock(m_mutex);
            settings = m_settings;
            const Shown* shown = m_documents.contains(uri) ? shown_locked(uri) : nullptr;  // not a notebook's cell
            if (shown)
                for (std::size_t i = 0; i < shown->findings.size(); ++i)
                    if (!shown->findings[i].baselined && settings::can_be_baselined(shown->findings[i].finding) &&
                        overlaps(shown->items[i]["range"], range))
                        chosen.emplace_back(shown->findings[i], shown->items[i]);
        }
        const auto path = path_of_uri(uri);
        if (!settings || settings->baseline.empty() || m_options.isolated || !path || chosen.empty())
            return answer(message, std::move(actions));
        const BaselineFile baseline{settings->baseline, m_can_create, m_encoding};
        for (const auto& [located, diagnostic] : chosen)
            if (auto action = baseline_action(baseline, report_path(m_root, *path), located.finding, diagnostic))
                actions.push_back(std::move(*action));
        answer(message, std::move(actions));
    }

    // ---- pulled diagnostics and cancellation ----

    void pull_diagnostics(const Message& message) {
        Pull pull{message.id, message.params.at("textDocument").at("uri").get<std::string>(),
                  message.params.value("previousResultId", std::string())};
        {
            std::lock_guard lock(m_mutex);
            m_pending.insert(pull.id.dump());
            m_pulls.push_back(std::move(pull));
        }
        m_wake.notify_all();
    }

    void cancel(const Message& message) {
        const json id = message.params.value("id", json());
        std::lock_guard lock(m_mutex);
        if (m_pending.contains(id.dump())) m_cancelled.insert(id.dump());
        m_wake.notify_all();  // a held workspace request ends now
    }

    // An answer settle_request_locked settled is on the wire.
    void answer_written() {
        std::lock_guard lock(m_mutex);
        --m_answers_unwritten;
        m_settled.notify_all();
    }

    // Under m_mutex: the request is answered; true when it had been cancelled.
    // The caller writes the answer, then calls answer_written().
    bool settle_request_locked(const json& id) {
        const std::string key = id.dump();
        m_pending.erase(key);
        ++m_answers_unwritten;  // until answer_written(): shutdown's answer comes after it
        return m_cancelled.erase(key) > 0;
    }

    // ---- the worker ----

    void work() {
        analyzer::Parser parser;
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [this] { return m_stopping || !m_dirty.empty() || !m_pulls.empty(); });
            if (m_stopping) return;
            if (!m_pulls.empty()) {
                Pull& pull = m_pulls.front();
                std::string owner = pull.uri;
                if (auto cell = m_cell_owner.find(owner); cell != m_cell_owner.end()) owner = cell->second;
                if (m_dirty.contains(owner) && !m_cancelled.contains(pull.id.dump())) {
                    m_dirty.erase(owner);
                    judge(owner, parser, lock);
                    continue;
                }
                Pull taken = std::move(pull);
                m_pulls.pop_front();
                const bool cancelled = settle_request_locked(taken.id);
                json answer = cancelled ? json() : pull_answer_locked(taken);
                lock.unlock();
                if (cancelled)
                    write(support::jsonrpc::error_message(taken.id, k_request_cancelled, "the request was cancelled"));
                else
                    write(support::jsonrpc::result_message(taken.id, std::move(answer)));
                answer_written();
                lock.lock();
                continue;
            }
            const std::string uri = *m_dirty.begin();
            m_dirty.erase(m_dirty.begin());
            judge(uri, parser, lock);
        }
    }

    json pull_answer_locked(const Pull& pull) const {
        std::string owner = pull.uri;
        if (auto cell = m_cell_owner.find(owner); cell != m_cell_owner.end()) owner = cell->second;
        auto judged = m_judged.find(owner);
        const Shown* shown = shown_locked(pull.uri);
        if (judged == m_judged.end() || shown == nullptr) return {{"kind", "full"}, {"items", json::array()}};
        const std::string id =
            fmt::format("{}:{}", result_id(judged->second.generation, judged->second.version), shown->version);
        if (id == pull.previous_result_id) return {{"kind", "unchanged"}, {"resultId", id}};
        return {{"kind", "full"}, {"resultId", id}, {"items", shown->items}};
    }

    // Judges one text document or notebook as it is now, without holding
    // the lock while it analyses; a judgement that a newer version overtook
    // is dropped (the newer one is queued already).
    void judge(const std::string& uri, analyzer::Parser& parser, std::unique_lock<std::mutex>& lock) {
        std::shared_ptr<const ServerSettings> settings = m_settings;
        const std::uint64_t generation = m_generation;
        std::optional<TextDocument> text;
        std::vector<TextDocument> cells;
        std::int64_t version = 0;
        std::uint64_t revision = 0;
        if (auto document = m_documents.find(uri); document != m_documents.end()) {
            text = document->second;
            version = text->version();
            revision = text->revision();
        } else if (auto notebook = m_notebooks.find(uri); notebook != m_notebooks.end()) {
            cells = notebook->second.code_cells();
            version = notebook->second.version();
            revision = notebook->second.revision();
        } else {
            m_notebook_judging.erase(uri);  // closed
            return;
        }
        std::erase_if(m_notebook_judging, [this](const auto& entry) { return !m_notebooks.contains(entry.first); });
        lock.unlock();
        Judgement judgement{version, generation, {}};
        auto lookup_text = [&](const std::string& wanted) -> const TextDocument* {
            if (text && text->uri() == wanted) return &*text;
            for (const TextDocument& cell : cells)
                if (cell.uri() == wanted) return &cell;
            return nullptr;
        };
        auto add_shown = [&](const TextDocument& document, std::vector<LocatedFinding> findings) {
            std::erase_if(findings,
                          [](const LocatedFinding& f) { return f.finding.severity == analyzer::Severity::off; });
            Shown shown{document.uri(), document.version(), std::move(findings), json::array()};
            shown.items = diagnostics_json(shown.findings, document, lookup_text, m_encoding);
            judgement.shown.push_back(std::move(shown));
        };
        if (!settings->profile) {
            for (const TextDocument* document : text ? std::vector<const TextDocument*>{&*text} : pointers(cells)) {
                add_shown(*document, {});
                judgement.shown.back().items.push_back(
                    {{"range", {{"start", position_json({0, 0})}, {"end", position_json({0, 0})}}},
                     {"severity", 1},
                     {"source", "pygate"},
                     {"message", settings->load_error}});
            }
        } else if (text) {
            const auto path = path_of_uri(text->uri());
            std::optional<settings::BaselineMatcher> matcher = baseline_matcher(*settings);
            add_shown(*text, judge_text(*text, path ? report_path(m_root, *path) : text->uri(), parser,
                                        *settings->profile, matcher ? &*matcher : nullptr));
        } else {
            auto& [judged_under, notebook_judging] = m_notebook_judging[uri];
            if (judged_under != generation) notebook_judging = NotebookJudging();  // another profile
            judged_under = generation;
            auto by_cell = notebook_judging.judge(cells, parser, *settings->profile);
            for (const TextDocument& cell : cells)
                add_shown(cell, std::move(by_cell[cell.uri()]));
        }
        lock.lock();
        const bool current = m_generation == generation &&
                             ((text && m_documents.contains(uri) && m_documents.at(uri).revision() == revision) ||
                              (!text && m_notebooks.contains(uri) && m_notebooks.at(uri).revision() == revision));
        if (!current) return;
        std::vector<json> published;
        if (m_push)
            for (const Shown& shown : judgement.shown)
                published.push_back({{"uri", shown.uri}, {"version", shown.version}, {"diagnostics", shown.items}});
        m_judged[uri] = std::move(judgement);
        lock.unlock();
        for (json& params : published)
            notify("textDocument/publishDiagnostics", std::move(params));
        lock.lock();
    }

    static std::vector<const TextDocument*> pointers(const std::vector<TextDocument>& documents) {
        std::vector<const TextDocument*> all;
        for (const TextDocument& document : documents)
            all.push_back(&document);
        return all;
    }

    // The configured baseline as it is on disk; none when it does not read (the log says why).
    std::optional<settings::BaselineMatcher> baseline_matcher(const ServerSettings& settings) {
        std::string error;
        const settings::Baseline* baseline = m_baseline.get(settings.baseline, error);
        if (!error.empty()) log(1, "pygate: " + error);
        if (baseline == nullptr) return std::nullopt;
        return settings::BaselineMatcher(*baseline, settings::today_utc());
    }

    // ---- workspace diagnostics ----

    void workspace_diagnostics(const Message& message) {
        std::unique_lock lock(m_mutex);
        // One scan at a time: a newer request makes the running one stale.
        if (m_scan_id && m_pending.contains(m_scan_id->dump())) m_cancelled.insert(m_scan_id->dump());
        if (m_scan.joinable()) {
            m_wake.notify_all();  // it may be held (nothing new): it answers now
            lock.unlock();
            m_scan.join();
            lock.lock();
        }
        m_scan_id = message.id;
        m_pending.insert(message.id.dump());
        WorkspaceScan request;
        request.root = m_root;
        request.excludes = m_settings->excludes;
        request.profile = m_settings->profile.get();
        request.generation = m_generation;
        request.encoding = m_encoding;
        for (const json& entry : message.params.value("previousResultIds", json::array()))
            if (entry.is_object() && entry.value("uri", json()).is_string() && entry.value("value", json()).is_string())
                request.previous[entry["uri"].get<std::string>()] = entry["value"].get<std::string>();
        for (const auto& [uri, document] : m_documents)
            request.open.insert(uri);
        // The settings are held by the thread: a change of settings while it scans leaves its profile alive.
        m_scan = std::thread([this, id = message.id, token = message.params.value("workDoneToken", json()),
                              settings = m_settings, request = std::move(request)]() mutable {
            std::string error;                // the worker's judgements log it
            BaselineFileCache baseline_file;  // named: the entries it returns live in it
            if (const settings::Baseline* baseline = baseline_file.get(settings->baseline, error))
                request.baseline = *baseline;
            scan(id, token, std::move(request));
        });
    }

    bool cancelled(const json& id) {
        std::lock_guard lock(m_mutex);
        return m_stopping || m_cancelled.contains(id.dump());
    }

    void scan(const json& id, json token, WorkspaceScan request) {
        if (token.is_null() && m_server_progress) token = server_progress_token();
        auto progress = [&](json value) {
            if (!token.is_null()) notify("$/progress", {{"token", token}, {"value", std::move(value)}});
        };
        WorkspaceScanResult result = scan_workspace(
            request, [&] { return cancelled(id); }, progress);
        bool was_cancelled = false;
        {
            std::unique_lock lock(m_mutex);
            // A client that asks again as soon as it is answered (VS Code's) is held while nothing it
            // already has changed, instead of reading the whole workspace again and again.
            if (!request.previous.empty() && !result.anything_new && !result.cancelled)
                m_wake.wait_for(lock, k_unchanged_workspace_hold, [&] {
                    return m_stopping || m_cancelled.contains(id.dump()) || m_generation != request.generation;
                });
            was_cancelled = settle_request_locked(id) || result.cancelled;
        }
        if (was_cancelled)
            write(support::jsonrpc::error_message(id, k_request_cancelled, "the request was cancelled"));
        else
            write(support::jsonrpc::result_message(id, {{"items", std::move(result.items)}}));
        answer_written();
    }

    // A progress token of the server's own, for a client that gave none but
    // shows progress (window/workDoneProgress/create, answered before its
    // first use, as the protocol says); null when the client does not answer
    // within a second or refuses.
    json server_progress_token() {
        std::string token;
        {
            std::lock_guard lock(m_mutex);
            token = fmt::format("pygate-progress-{}", ++m_tokens_made);
            m_tokens_asked.insert(token);
        }
        write({{"jsonrpc", "2.0"},
               {"id", token},
               {"method", "window/workDoneProgress/create"},
               {"params", {{"token", token}}}});
        std::unique_lock lock(m_mutex);
        m_wake.wait_for(lock, std::chrono::seconds(1), [&] {
            return m_stopping || m_tokens_created.contains(token) || !m_tokens_asked.contains(token);
        });
        m_tokens_asked.erase(token);
        return m_tokens_created.erase(token) > 0 ? json(token) : json();
    }

    // ---- state ----

    int m_out;
    LspOptions m_options;
    FrameDecoder m_frames;
    std::mutex m_out_mutex;
    std::atomic<bool> m_client_gone = false;  // a write failed: the client is gone

    // Read and written by the reading thread only.
    bool m_initialized = false;
    bool m_shutdown = false;
    bool m_exit_received = false;
    long m_parent = 0;
    bool m_push = true;
    bool m_refresh = false;
    bool m_can_create = false;
    std::uint64_t m_requests_sent = 0;
    ClientSettings m_client_settings;
    std::string m_settings_message;
    std::string m_settings_error;
    // Set at initialize, before any judging; read by the threads after.
    PositionEncoding m_encoding = PositionEncoding::utf16;
    std::filesystem::path m_root;

    // Shared, under m_mutex.
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::shared_ptr<const ServerSettings> m_settings;
    std::uint64_t m_generation = 0;
    std::map<std::string, TextDocument> m_documents;
    std::map<std::string, NotebookDocument> m_notebooks;
    std::map<std::string, std::string> m_cell_owner;  // cell URI -> notebook URI
    std::map<std::string, Judgement> m_judged;
    std::set<std::string> m_dirty;  // documents and notebooks to judge again
    std::deque<Pull> m_pulls;
    std::set<std::string> m_pending;    // ids (as JSON text) of requests not answered yet
    std::condition_variable m_settled;  // a pending request's answer was written
    int m_answers_unwritten = 0;        // settled, their answers not yet written
    std::set<std::string> m_cancelled;  // of those, the ones the client cancelled
    std::optional<json> m_scan_id;
    bool m_server_progress = false;  // the client shows progress the server starts (set at initialize)
    std::uint64_t m_tokens_made = 0;
    std::set<std::string> m_tokens_asked;    // window/workDoneProgress/create sent, not answered
    std::set<std::string> m_tokens_created;  // answered with a result: the token may be used

    // The worker's own.
    std::map<std::string, std::pair<std::uint64_t, NotebookJudging>> m_notebook_judging;  // by notebook URI
    BaselineFileCache m_baseline;

    std::thread m_worker;
    std::thread m_scan;
};

LspEnd serve_lsp(int in_fd, int out_fd, const LspOptions& options) {
    ::signal(SIGPIPE, SIG_IGN);  // a client that went away is seen as a failed write
    LspServer server(out_fd, options);
    return server.serve(in_fd);
}

}  // namespace pygate::lsp
