// `pygate lsp` in process, over pipes: the lifecycle's rules, bad input,
// documents kept in sync, pushed and pulled diagnostics, notebooks,
// hover, the baseline code action and workspace diagnostics.
#include "lsp/server.hpp"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <nlohmann/json.hpp>
#include <string>

#include "lsp/message_framing.hpp"
#include "support/write_all.hpp"

using namespace pygate::lsp;
using nlohmann::json;

namespace {

class Client {
public:
    explicit Client(LspOptions options = {}) {
        REQUIRE(::pipe(m_to_server) == 0);
        REQUIRE(::pipe(m_from_server) == 0);
        m_server = std::async(std::launch::async, [this, options] {
            LspEnd end = serve_lsp(m_to_server[0], m_from_server[1], options);
            ::close(m_from_server[1]);
            return end;
        });
    }
    ~Client() {
        close_input();
        if (m_server.valid()) m_server.wait();
        ::close(m_to_server[0]);
        ::close(m_from_server[0]);
    }
    void send_raw(const std::string& bytes) { REQUIRE(pygate::support::write_all(m_to_server[1], bytes)); }
    void send(const json& message) { send_raw(frame_message(message.dump())); }
    void request(int id, const std::string& method, json params = json::object()) {
        send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
    }
    void notify(const std::string& method, json params = json::object()) {
        send({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
    }
    // The next message from the server (null after 20 s or at its end).
    json next() {
        for (;;) {
            if (auto frame = m_frames.next()) return json::parse(frame->body);
            pollfd ready{m_from_server[0], POLLIN, 0};
            if (::poll(&ready, 1, 20000) != 1) return nullptr;
            char buffer[65536];
            const ssize_t n = ::read(m_from_server[0], buffer, sizeof buffer);
            if (n <= 0) return nullptr;
            m_frames.feed(std::string_view(buffer, static_cast<std::size_t>(n)));
        }
    }
    // The next message that answers `id`, or that is the notification `method`.
    json answer(int id) {
        for (json message = next(); !message.is_null(); message = next())
            if (message.contains("id") && message["id"] == id && !message.contains("method")) return message;
        return nullptr;
    }
    json notification(const std::string& method) {
        for (json message = next(); !message.is_null(); message = next())
            if (message.value("method", std::string()) == method) return message["params"];
        return nullptr;
    }
    void initialize(json capabilities = json::object(), const std::string& root = "/nonexistent-root") {
        request(1, "initialize",
                {{"processId", nullptr}, {"rootUri", "file://" + root}, {"capabilities", capabilities}});
        REQUIRE(answer(1).contains("result"));
        notify("initialized");
        json log = notification("window/logMessage");
        REQUIRE(log["message"].get<std::string>().starts_with("pygate: profile"));
    }
    void close_input() {
        if (m_to_server[1] >= 0) ::close(m_to_server[1]);
        m_to_server[1] = -1;
    }
    LspEnd end() { return m_server.get(); }

private:
    int m_to_server[2] = {-1, -1};
    int m_from_server[2] = {-1, -1};
    std::future<LspEnd> m_server;
    FrameDecoder m_frames{std::size_t{1} << 26};
};

json open_params(const std::string& uri, const std::string& text, int version = 1) {
    return {{"textDocument", {{"uri", uri}, {"languageId", "python"}, {"version", version}, {"text", text}}}};
}

std::vector<std::string> codes(const json& diagnostics) {
    std::vector<std::string> all;
    for (const json& diagnostic : diagnostics)
        all.push_back(diagnostic["code"].get<std::string>());
    return all;
}

}  // namespace

TEST_CASE("lsp server: the lifecycle's errors, and exit codes", "[lsp][server]") {
    SECTION("before initialize, requests are refused and notifications dropped") {
        Client client;
        client.request(7, "textDocument/hover");
        CHECK(client.answer(7)["error"]["code"] == -32002);
        client.notify("textDocument/didOpen", open_params("file:///a.py", "import os\n"));
        client.initialize();
        client.request(8, "no/such/method");
        CHECK(client.answer(8)["error"]["code"] == -32601);
        client.notify("no/such/notification");
        client.request(9, "initialize", {{"capabilities", json::object()}});
        CHECK(client.answer(9)["error"]["code"] == -32600);
        client.request(10, "shutdown");
        CHECK(client.answer(10)["result"].is_null());
        client.request(11, "textDocument/hover");
        CHECK(client.answer(11)["error"]["code"] == -32600);
        client.notify("exit");
        CHECK(client.end() == LspEnd::exit_after_shutdown);
    }
    SECTION("exit without shutdown") {
        Client client;
        client.initialize();
        client.notify("exit");
        CHECK(client.end() == LspEnd::exit_without_shutdown);
    }
    SECTION("the process that started it ending ends the server") {
        const pid_t parent = ::fork();
        if (parent == 0) ::_exit(0);
        REQUIRE(::waitpid(parent, nullptr, 0) == parent);  // gone: its pid names no process
        Client client;
        client.request(1, "initialize", {{"processId", parent}, {"capabilities", json::object()}});
        REQUIRE(client.answer(1).contains("result"));
        CHECK(client.end() == LspEnd::exit_without_shutdown);  // within the second it waits on input
    }
    SECTION("a client that goes away ends the server") {
        Client client;
        client.initialize();
        client.close_input();
        CHECK(client.end() == LspEnd::exit_without_shutdown);
    }
}

TEST_CASE("lsp server: malformed messages get JSON-RPC errors and the server goes on", "[lsp][server]") {
    LspOptions options;
    options.max_message = 4096;
    Client client(options);
    client.send_raw("Content-Length: 5\r\n\r\n{bad}");
    CHECK(client.next()["error"]["code"] == -32700);
    client.send_raw("Content-Type: x\r\n\r\n");
    CHECK(client.next()["error"]["code"] == -32600);
    client.send_raw(frame_message(std::string(10000, ' ')));
    CHECK(client.next()["error"]["code"] == -32600);
    client.send_raw(frame_message(std::string(40, '[') + std::string(40, ']')));
    CHECK(client.next()["error"]["code"] == -32600);
    client.send_raw(frame_message(R"({"jsonrpc":"2.0","id":3,"method":"initialize","params":[]})"));
    CHECK(client.next()["error"]["code"] == -32602);
    client.initialize();
    client.request(4, "textDocument/hover", {{"textDocument", 5}});
    CHECK(client.answer(4)["error"]["code"] == -32602);
}

TEST_CASE("lsp server: typing a dangerous line is pushed as diagnostics with the chain", "[lsp][server]") {
    Client client;
    client.initialize();
    client.notify("textDocument/didOpen", open_params("file:///w/a.py", "x = 1\n"));
    json published = client.notification("textDocument/publishDiagnostics");
    CHECK(published["diagnostics"].empty());
    client.notify("textDocument/didChange",
                  {{"textDocument", {{"uri", "file:///w/a.py"}, {"version", 2}}},
                   {"contentChanges",
                    {{{"range", {{"start", {{"line", 1}, {"character", 0}}}, {"end", {{"line", 1}, {"character", 0}}}}},
                      {"text", "import os as t\nr = t.system\nr('id')\n"}}}}});
    published = client.notification("textDocument/publishDiagnostics");
    CHECK(published["version"] == 2);
    CHECK(codes(published["diagnostics"]) == std::vector<std::string>{"PG003", "PG004", "PG004"});
    const json& last = published["diagnostics"][2];
    CHECK(last["range"]["start"] == json{{"line", 3}, {"character", 0}});
    CHECK(last["codeDescription"]["href"].get<std::string>().ends_with("docs/rules.md#pg004-process-execution"));
    REQUIRE(last["relatedInformation"].size() == 2);
    CHECK(last["relatedInformation"][1]["message"] == "`r = t.system`");
    CHECK(last["relatedInformation"][1]["location"]["range"]["start"]["line"] == 2);

    client.request(5, "textDocument/hover",
                   {{"textDocument", {{"uri", "file:///w/a.py"}}}, {"position", {{"line", 3}, {"character", 0}}}});
    const std::string hover = client.answer(5)["result"]["contents"]["value"];
    CHECK(hover.find("PG004 process-execution") != std::string::npos);
    CHECK(hover.find("What it catches") != std::string::npos);
    client.request(6, "textDocument/hover",
                   {{"textDocument", {{"uri", "file:///w/a.py"}}}, {"position", {{"line", 0}, {"character", 0}}}});
    CHECK(client.answer(6)["result"].is_null());
}

TEST_CASE("lsp server: pulled diagnostics, unchanged while the document is", "[lsp][server]") {
    Client client;
    client.initialize({{"textDocument", {{"diagnostic", {{"dynamicRegistration", false}}}}}});
    client.notify("textDocument/didOpen", open_params("file:///w/b.py", "eval('1')\n"));
    client.request(2, "textDocument/diagnostic", {{"textDocument", {{"uri", "file:///w/b.py"}}}});
    json report = client.answer(2)["result"];
    CHECK(report["kind"] == "full");
    CHECK(codes(report["items"]) == std::vector<std::string>{"PG001"});
    client.request(3, "textDocument/diagnostic",
                   {{"textDocument", {{"uri", "file:///w/b.py"}}}, {"previousResultId", report["resultId"]}});
    CHECK(client.answer(3)["result"]["kind"] == "unchanged");
    // A cancelled pull is answered all the same: with its result or RequestCancelled.
    client.notify("textDocument/didChange", {{"textDocument", {{"uri", "file:///w/b.py"}, {"version", 2}}},
                                             {"contentChanges", {{{"text", "x = 1\n"}}}}});
    client.request(4, "textDocument/diagnostic", {{"textDocument", {{"uri", "file:///w/b.py"}}}});
    client.notify("$/cancelRequest", {{"id", 4}});
    json answer = client.answer(4);
    CHECK((answer.contains("result") || answer["error"]["code"] == -32800));
}

TEST_CASE("lsp server: a notebook's cells judged with the cells above them", "[lsp][server][notebook]") {
    Client client;
    client.initialize();
    json cells = json::array();
    json documents = json::array();
    const std::vector<std::string> texts = {"g = getattr\n", "# markdown", "g(print, '__globals__')\n"};
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const std::string uri = "vscode-notebook-cell:/w/n.ipynb#c" + std::to_string(i);
        cells.push_back({{"kind", i == 1 ? 1 : 2}, {"document", uri}});
        documents.push_back(
            {{"uri", uri}, {"languageId", i == 1 ? "markdown" : "python"}, {"version", 1}, {"text", texts[i]}});
    }
    client.notify(
        "notebookDocument/didOpen",
        {{"notebookDocument",
          {{"uri", "file:///w/n.ipynb"}, {"notebookType", "jupyter-notebook"}, {"version", 1}, {"cells", cells}}},
         {"cellTextDocuments", documents}});
    json first = client.notification("textDocument/publishDiagnostics");
    json second = client.notification("textDocument/publishDiagnostics");
    CHECK(first["uri"] == "vscode-notebook-cell:/w/n.ipynb#c0");
    CHECK(first["diagnostics"].empty());
    CHECK(second["uri"] == "vscode-notebook-cell:/w/n.ipynb#c2");
    REQUIRE(codes(second["diagnostics"]) == std::vector<std::string>{"PG009"});
    const json& related = second["diagnostics"][0]["relatedInformation"];
    REQUIRE(!related.empty());
    CHECK(related[0]["location"]["uri"] == "vscode-notebook-cell:/w/n.ipynb#c0");

    // Cell 0 edited so that nothing dangerous is bound: cell 2 is judged again with it.
    client.notify("notebookDocument/didChange",
                  {{"notebookDocument", {{"uri", "file:///w/n.ipynb"}, {"version", 2}}},
                   {"change",
                    {{"cells",
                      {{"textContent",
                        {{{"document", {{"uri", "vscode-notebook-cell:/w/n.ipynb#c0"}, {"version", 2}}},
                          {"changes", {{{"text", "g = print\n"}}}}}}}}}}}});
    client.notification("textDocument/publishDiagnostics");
    json again = client.notification("textDocument/publishDiagnostics");
    CHECK(again["uri"] == "vscode-notebook-cell:/w/n.ipynb#c2");
    for (const json& diagnostic : again["diagnostics"])
        CHECK(diagnostic["code"] != "PG009");
}

TEST_CASE("lsp server: the baseline code action edits the baseline, never the code", "[lsp][server][baseline]") {
    const auto root = std::filesystem::temp_directory_path() / ("pygate-lsp-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(root);
    std::ofstream(root / "pygate.toml") << "profile = \"safe_eval\"\nbaseline = \"pygate-baseline.json\"\n";
    std::ofstream(root / "pygate-baseline.json") << "{\"version\": 1, \"entries\": []}\n";
    Client client;
    client.initialize(json::object(), root.string());
    const std::string uri = "file://" + (root / "tool.py").string();
    client.notify("textDocument/didOpen", open_params(uri, "eval('1')\n"));
    json published = client.notification("textDocument/publishDiagnostics");
    REQUIRE(codes(published["diagnostics"]) == std::vector<std::string>{"PG001"});
    client.request(2, "textDocument/codeAction",
                   {{"textDocument", {{"uri", uri}}},
                    {"range", published["diagnostics"][0]["range"]},
                    {"context", {{"diagnostics", published["diagnostics"]}}}});
    json actions = client.answer(2)["result"];
    REQUIRE(actions.size() == 1);
    CHECK(actions[0]["title"].get<std::string>().starts_with("pygate: add PG001 to the baseline with a reason"));
    const json& changes = actions[0]["edit"]["changes"];
    REQUIRE(changes.size() == 1);
    CHECK(changes.begin().key() == "file://" + (root / "pygate-baseline.json").string());
    const std::string text = changes.begin().value()[0]["newText"];
    CHECK(text.find("\"path\": \"tool.py\"") != std::string::npos);
    CHECK(text.find("\"rule\": \"PG001\"") != std::string::npos);

    // Written as the action says, the baseline absorbs the finding: a hint that no longer counts.
    std::ofstream(root / "pygate-baseline.json") << text;
    client.notify("textDocument/didSave",
                  {{"textDocument", {{"uri", "file://" + (root / "pygate-baseline.json").string()}}}});
    published = client.notification("textDocument/publishDiagnostics");
    REQUIRE(published["diagnostics"].size() == 1);
    CHECK(published["diagnostics"][0]["severity"] == 4);
    std::filesystem::remove_all(root);
}

TEST_CASE("lsp server: workspace diagnostics with progress", "[lsp][server][workspace]") {
    const auto root = std::filesystem::temp_directory_path() / ("pygate-lsp-ws-" + std::to_string(::getpid()));
    std::filesystem::create_directories(root / "pkg");
    std::ofstream(root / "pkg" / "a.py") << "import socket\n";
    std::ofstream(root / "b.py") << "x = 1\n";
    Client client;
    client.initialize(json::object(), root.string());
    client.request(2, "workspace/diagnostic", {{"previousResultIds", json::array()}, {"workDoneToken", "scan-1"}});
    std::vector<std::string> kinds;
    json answer;
    for (json message = client.next(); !message.is_null(); message = client.next()) {
        if (message.value("method", std::string()) == "$/progress") {
            CHECK(message["params"]["token"] == "scan-1");
            kinds.push_back(message["params"]["value"]["kind"]);
        }
        if (message.contains("id") && message["id"] == 2) {
            answer = message;
            break;
        }
    }
    CHECK(kinds.front() == "begin");
    CHECK(kinds.back() == "end");
    REQUIRE(answer["result"]["items"].size() == 2);
    for (const json& item : answer["result"]["items"]) {
        if (item["uri"].get<std::string>().ends_with("a.py"))
            CHECK(codes(item["items"]) == std::vector<std::string>{"PG003"});
        else
            CHECK(item["items"].empty());
    }
    // Asked again with what it has: nothing new, so the request is held until cancelled.
    json previous = json::array();
    for (const json& item : answer["result"]["items"])
        previous.push_back({{"uri", item["uri"]}, {"value", item["resultId"]}});
    const auto asked = std::chrono::steady_clock::now();
    client.request(3, "workspace/diagnostic", {{"previousResultIds", previous}});
    client.notify("$/cancelRequest", {{"id", 3}});
    CHECK(client.answer(3)["error"]["code"] == -32800);
    CHECK(std::chrono::steady_clock::now() - asked < std::chrono::seconds(10));
    // A changed file is answered at once, in full; the others unchanged.
    std::ofstream(root / "b.py") << "eval('x')\n";
    client.request(4, "workspace/diagnostic", {{"previousResultIds", previous}});
    const json again = client.answer(4);  // held: a range-for over a temporary's member would outlive it
    REQUIRE(again["result"]["items"].size() == 2);
    for (const json& item : again["result"]["items"]) {
        if (item["uri"].get<std::string>().ends_with("b.py"))
            CHECK(codes(item["items"]) == std::vector<std::string>{"PG001"});
        else
            CHECK(item["kind"] == "unchanged");
    }
    std::filesystem::remove_all(root);
}

TEST_CASE("lsp server: a request sent just before shutdown is answered before shutdown is", "[lsp][server]") {
    Client client;
    client.initialize({{"textDocument", {{"diagnostic", {{"dynamicRegistration", false}}}}}});
    client.notify("textDocument/didOpen", open_params("file:///w/c.py", "import os\nos.system('id')\n"));
    client.request(2, "textDocument/diagnostic", {{"textDocument", {{"uri", "file:///w/c.py"}}}});
    client.request(3, "shutdown");
    client.notify("exit");
    // Both arrive at once: the pull's answer must not be lost to the exit.
    json pulled = client.answer(2);
    REQUIRE(pulled.contains("result"));
    CHECK(codes(pulled["result"]["items"]) == std::vector<std::string>{"PG003", "PG004"});
    CHECK(client.answer(3).contains("result"));
    CHECK(client.end() == LspEnd::exit_after_shutdown);
}
