#include "mcp/server.hpp"

#include <signal.h>

#include <algorithm>
#include <condition_variable>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "support/line_reader.hpp"
#include "mcp/jsonrpc.hpp"
#include "mcp/resources.hpp"
#include "mcp/tools.hpp"
#include "serve/serve_child.hpp"
#include "support/version.hpp"
#include "support/write_all.hpp"
#include "profiles/compiled_profiles.hpp"

namespace pygate::mcp {

using serve::ServeChild;
using support::LineReader;
using support::k_pygate_version;
using support::write_all;

namespace {

using nlohmann::json;

// The answers to one JSON-RPC batch, written as one array when the last of
// its messages is done.
struct Batch {
    std::mutex mutex;
    std::size_t remaining = 1;  // one more than its messages while they are being read
    json responses = json::array();
};

// A tools/call waiting for the server.
struct PendingCall {
    json mcp_id;
    std::shared_ptr<Batch> batch;
    ToolCall call;
    std::vector<json> results;  // the server's results so far, one per request of `call`
    bool cancelled = false;     // the client cancelled it: it gets no answer
};

// The operator's options as a policy: the default profile is always among those allowed.
ToolPolicy policy_of(const McpOptions& options) {
    ToolPolicy policy;
    policy.default_profile = options.profile;
    policy.allowed_profiles = options.allow_profiles;
    if (std::find(policy.allowed_profiles.begin(), policy.allowed_profiles.end(), options.profile) ==
        policy.allowed_profiles.end())
        policy.allowed_profiles.insert(policy.allowed_profiles.begin(), options.profile);
    policy.run = !options.no_run;
    return policy;
}

class McpServer {
public:
    McpServer(int out_fd, const McpOptions& options, std::map<std::string, analyzer::Profile> profiles)
        : m_out(out_fd), m_options(options), m_profiles(std::move(profiles)), m_tools(policy_of(options)) {}

    void read_line(const std::string& line) {
        json value = json::parse(line, nullptr, false);
        if (value.is_discarded()) {
            write(error_message(nullptr, error_code::parse_error, "Parse error: the message is not one JSON value"));
            return;
        }
        if (!value.is_array()) {
            handle(value, nullptr);
            return;
        }
        // Batches exist in revision 2025-03-26 only (2025-06-18 removed them).
        if (version() != "2025-03-26") {
            write(error_message(nullptr, error_code::invalid_request,
                                "Invalid Request: batches are not part of protocol revision " +
                                    (version().empty() ? std::string("(not initialized)") : version())));
            return;
        }
        if (value.empty()) {
            write(error_message(nullptr, error_code::invalid_request, "Invalid Request: an empty batch"));
            return;
        }
        auto batch = std::make_shared<Batch>();
        batch->remaining += value.size();
        for (const auto& element : value) handle(element, batch);
        complete(batch, nullptr);
    }

    void line_too_long() {
        write(error_message(nullptr, error_code::invalid_request,
                            "Invalid Request: a message over " + std::to_string(m_options.max_message) +
                                " bytes (--max-message); it was skipped"));
    }

    // End of input: the server answers what is in flight, then exits.
    void finish() {
        ServeChild* child = nullptr;
        {
            // Every call is answered first: a run_python still has its run to
            // send after its check.
            std::unique_lock lock(m_mutex);
            m_settled.wait(lock, [this] { return m_pending.empty() || !m_child_alive; });
            child = m_child.get();
        }
        if (!child) return;
        child->close_input();
        if (m_answers.joinable()) m_answers.join();
        child->stop();
    }

private:
    std::string version() {
        std::lock_guard lock(m_mutex);
        return m_version;
    }

    void write(const json& message) {
        const std::string line = message.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
        std::lock_guard lock(m_out_mutex);
        // A client that stopped reading is gone; its end of input follows.
        (void)write_all(m_out, line);
    }

    void respond(const json& message, const std::shared_ptr<Batch>& batch) {
        if (batch)
            complete(batch, &message);
        else
            write(message);
    }

    void complete(const std::shared_ptr<Batch>& batch, const json* message) {
        if (!batch) return;
        std::lock_guard lock(batch->mutex);
        if (message) batch->responses.push_back(*message);
        if (--batch->remaining == 0 && !batch->responses.empty()) write(batch->responses);
    }

    void handle(const json& value, const std::shared_ptr<Batch>& batch) {
        Message message = classify(value);
        switch (message.kind) {
            case Message::Kind::invalid:
                respond(error_message(message.id, message.error_code,
                                      (message.error_code == error_code::invalid_params ? "Invalid params: "
                                                                                        : "Invalid Request: ") +
                                          message.error),
                        batch);
                return;
            case Message::Kind::ignored:
            case Message::Kind::response:  // the server sends no requests
                complete(batch, nullptr);
                return;
            case Message::Kind::notification:
                notification(message);
                complete(batch, nullptr);
                return;
            case Message::Kind::request:
                request(message, batch);
                return;
        }
    }

    void notification(const Message& message) {
        if (message.method != "notifications/cancelled") return;
        const json id = message.params.value("requestId", json());
        std::lock_guard lock(m_mutex);
        for (auto& [serve_id, pending] : m_pending) {
            if (pending.mcp_id != id || pending.cancelled) continue;
            pending.cancelled = true;
            if (m_child) m_child->send({{"id", ++m_next_id}, {"op", "cancel"}, {"target", serve_id}});
        }
    }

    void request(const Message& message, const std::shared_ptr<Batch>& batch) {
        const json& params = message.params;
        const std::string& method = message.method;
        auto answer = [&](json result) { respond(result_message(message.id, std::move(result)), batch); };
        auto fail = [&](int code, const std::string& text, const json& data = nullptr) {
            respond(error_message(message.id, code, text, data), batch);
        };
        if (method == "ping") return answer(json::object());
        if (method == "initialize") {
            if (!params.contains("protocolVersion") || !params["protocolVersion"].is_string())
                return fail(error_code::invalid_params, "Invalid params: initialize needs a `protocolVersion` string");
            std::string version = negotiate_version(params["protocolVersion"].get<std::string>());
            {
                std::lock_guard lock(m_mutex);
                if (!m_version.empty())
                    return fail(error_code::invalid_request, "Invalid Request: the session is already initialized");
                m_version = version;
            }
            json server_info = {{"name", "pygate"}, {"version", k_pygate_version}};
            if (structured()) server_info["title"] = "pygate: a gate for untrusted Python";
            return answer({{"protocolVersion", version},
                           {"capabilities",
                            {{"tools", {{"listChanged", false}}},
                             {"resources", {{"listChanged", false}, {"subscribe", false}}}}},
                           {"serverInfo", server_info},
                           {"instructions", instructions()}});
        }
        if (version().empty())
            return fail(error_code::invalid_request,
                        "Invalid Request: the session is not initialized (send initialize first)");
        if (method == "tools/list") return answer({{"tools", m_tools.list(structured())}});
        if (method == "resources/list") return answer({{"resources", resource_list()}});
        if (method == "resources/templates/list") return answer({{"resourceTemplates", resource_templates()}});
        if (method == "resources/read") {
            if (!params.contains("uri") || !params["uri"].is_string())
                return fail(error_code::invalid_params, "Invalid params: resources/read needs a `uri` string");
            auto contents = read_resource(params["uri"].get<std::string>());
            if (!contents) return fail(error_code::resource_not_found, "Resource not found", {{"uri", params["uri"]}});
            return answer(std::move(*contents));
        }
        if (method == "tools/call") return call_tool(message, batch);
        fail(error_code::method_not_found, "Method not found: " + method);
    }

    bool structured() {
        return version() >= "2025-06-18";
    }

    std::string instructions() const {
        return "Python given to these tools is judged by pygate before it runs, under profile " +
               m_tools.policy().default_profile +
               (m_tools.policy().run ? ", and runs in a sandbox only if allowed." : "; this server only checks, it runs nothing.") +
               " A refused call lists each finding with what the profile allows: rewrite the code to comply and "
               "call again. The resources pygate://profiles/NAME and pygate://rules say what is allowed.";
    }

    void call_tool(const Message& message, const std::shared_ptr<Batch>& batch) {
        auto read = m_tools.read_call(message.params);
        if (auto* problem = std::get_if<std::string>(&read)) {
            respond(error_message(message.id, error_code::invalid_params, "Invalid params: " + *problem), batch);
            return;
        }
        PendingCall pending{message.id, batch, std::move(std::get<ToolCall>(read)), {}, false};
        std::lock_guard lock(m_mutex);
        for (const auto& [serve_id, other] : m_pending) {
            if (other.mcp_id == message.id && !other.cancelled) {
                respond(error_message(message.id, error_code::invalid_request,
                                      "Invalid Request: a request with this id is still in flight"),
                        batch);
                return;
            }
        }
        if (pending.call.tool == "python_session_exec") {
            auto session = m_session_profiles.find(pending.call.requests[0].value("session", ""));
            if (session != m_session_profiles.end()) pending.call.profile = session->second;
        }
        std::string error;
        if (!ensure_child(error)) {
            respond(error_message(message.id, error_code::internal_error,
                                  "Internal error: cannot start pygate serve: " + error + "; nothing was run"),
                    batch);
            return;
        }
        send_next(std::move(pending));
    }

    // Sends the call's next request; m_mutex held.
    void send_next(PendingCall pending) {
        const long long id = ++m_next_id;
        json request = pending.call.requests[pending.results.size()];
        request["id"] = id;
        m_pending.emplace(id, std::move(pending));
        // A send that fails means the server is gone: its reader fails every
        // pending call when it sees the end.
        m_child->send(request);
    }

    // Starts the server, or starts it again after it died; m_mutex held.
    bool ensure_child(std::string& error) {
        if (m_child && m_child_alive) return true;
        if (m_child) {
            // Its reader thread has failed every call it had and is ending.
            m_answers.join();
            m_child->stop();
            m_child.reset();
            m_session_profiles.clear();
        }
        auto child = std::make_unique<ServeChild>();
        std::vector<std::string> args{"--profile", m_options.profile, "--python", m_options.python,
                                      "--max-line", std::to_string(std::min<std::size_t>(
                                                        m_options.max_message * 2 + 65536, std::size_t{1} << 30))};
        if (m_options.jobs) args.insert(args.end(), {"--jobs", std::to_string(m_options.jobs)});
        if (m_options.max_runs) args.insert(args.end(), {"--max-runs", std::to_string(m_options.max_runs)});
        if (m_options.max_sessions)
            args.insert(args.end(), {"--max-sessions", std::to_string(m_options.max_sessions)});
        if (!child->start(args, error)) {
            child->kill();
            child->stop();
            return false;
        }
        m_child = std::move(child);
        m_child_alive = true;
        ServeChild* raw = m_child.get();
        m_answers = std::thread([this, raw] { read_answers(*raw); });
        return true;
    }

    void read_answers(ServeChild& child) {
        while (auto message = child.next_message()) {
            if (message->contains("event") || !(*message)["id"].is_number_integer()) continue;
            answer((*message)["id"].get<long long>(), *message);
        }
        // The server ended (or wrote what a server never writes): nothing it
        // had can be trusted, and nothing was allowed.
        child.kill();
        std::map<long long, PendingCall> lost;
        {
            std::lock_guard lock(m_mutex);
            m_child_alive = false;
            lost.swap(m_pending);
        }
        m_settled.notify_all();
        for (auto& [id, pending] : lost) {
            if (pending.cancelled) {
                complete(pending.batch, nullptr);
                continue;
            }
            respond(error_message(pending.mcp_id, error_code::internal_error,
                                  "Internal error: pygate serve ended before answering; nothing was allowed"),
                    pending.batch);
        }
    }

    void answer(long long serve_id, const json& message) {
        std::unique_lock lock(m_mutex);
        auto found = m_pending.find(serve_id);
        if (found == m_pending.end()) return;  // a cancel's own answer
        PendingCall pending = std::move(found->second);
        m_pending.erase(found);
        // Told after this answer's bookkeeping, whichever way it returns.
        struct Notify {
            std::condition_variable& settled;
            ~Notify() { settled.notify_all(); }
        } notify{m_settled};
        if (pending.cancelled) {
            lock.unlock();
            complete(pending.batch, nullptr);
            return;
        }
        const std::string& tool = pending.call.tool;
        if (message.contains("error")) {
            const json& error = message["error"];
            const std::string code = error.value("code", "internal_error");
            if (code == "session_closed" && tool != "python_session_open")
                m_session_profiles.erase(pending.call.requests[0].value("session", ""));
            lock.unlock();
            if (code == "internal_error")
                respond(error_message(pending.mcp_id, error_code::internal_error,
                                      "Internal error: " + error.value("message", "") + "; nothing was allowed"),
                        pending.batch);
            else if (code == "invalid_request" || code == "unknown_op")
                respond(error_message(pending.mcp_id, error_code::invalid_params,
                                      "Invalid params: " + error.value("message", "")),
                        pending.batch);
            else
                respond(result_message(pending.mcp_id, tool_error_result(error.value("message", code))),
                        pending.batch);
            return;
        }
        pending.results.push_back(message.value("result", json::object()));
        if (pending.results.size() < pending.call.requests.size() && gate_lets_run(pending.results.back())) {
            send_next(std::move(pending));
            return;
        }
        if (tool == "python_session_open")
            m_session_profiles[pending.results[0].value("session", "")] = pending.call.profile;
        if (tool == "python_session_close") m_session_profiles.erase(pending.results[0].value("session", ""));
        if (tool == "python_session_exec" && pending.results[0].value("session_ended", false))
            m_session_profiles.erase(pending.call.requests[0].value("session", ""));
        lock.unlock();
        const analyzer::Profile& profile = profile_named(pending.call.profile);
        respond(result_message(pending.mcp_id, tool_result(pending.call, pending.results, profile, structured())),
                pending.batch);
    }

    const analyzer::Profile& profile_named(const std::string& name) const {
        auto found = m_profiles.find(name);
        return found != m_profiles.end() ? found->second : m_profiles.at(m_tools.policy().default_profile);
    }

    int m_out;
    std::mutex m_out_mutex;
    McpOptions m_options;
    const std::map<std::string, analyzer::Profile> m_profiles;
    const ToolCatalog m_tools;

    std::mutex m_mutex;  // everything below
    std::condition_variable m_settled;  // a call was answered, or the server ended
    std::string m_version;  // negotiated; empty until initialize
    std::map<long long, PendingCall> m_pending;  // by the server request's id
    std::map<std::string, std::string> m_session_profiles;
    long long m_next_id = 0;
    std::unique_ptr<ServeChild> m_child;
    bool m_child_alive = false;
    std::thread m_answers;
};

}  // namespace

bool serve_mcp(int in_fd, int out_fd, const McpOptions& options) {
    ::signal(SIGPIPE, SIG_IGN);
    // Every profile a call may name must load now: a server that would fail
    // calls later is a configuration error, said at once.
    std::map<std::string, analyzer::Profile> loaded;
    std::vector<std::string> names = options.allow_profiles;
    names.push_back(options.profile);
    for (const auto& name : names) {
        auto result = profiles::resolve_profile(name);
        if (auto* error = std::get_if<profiles::ProfileError>(&result)) {
            std::cerr << "pygate: error: " << error->to_string() << '\n';
            return false;
        }
        loaded.emplace(name, std::get<analyzer::Profile>(std::move(result)));
    }
    McpServer server(out_fd, options, std::move(loaded));
    LineReader reader(in_fd, options.max_message);
    std::string line;
    for (;;) {
        const auto next = reader.next(line);
        if (next == LineReader::Next::end) break;
        if (next == LineReader::Next::too_long) {
            server.line_too_long();
            continue;
        }
        if (next != LineReader::Next::line || line.find_first_not_of(" \t\r") == std::string::npos) continue;
        server.read_line(line);
    }
    server.finish();
    return true;
}

}  // namespace pygate::mcp
