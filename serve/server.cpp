#include "serve/server.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include "analyzer/batch_memory.hpp"
#include "analyzer/syntax/parse.hpp"
#include "serve/answer_writer.hpp"
#include "serve/capacity.hpp"
#include "serve/ops/check_op.hpp"
#include "serve/ops/information_ops.hpp"
#include "serve/ops/run_op.hpp"
#include "serve/ops/session_ops.hpp"
#include "serve/profile_cache.hpp"
#include "serve/protocol.hpp"
#include "serve/request_queue.hpp"
#include "serve/template_pool.hpp"
#include "support/line_reader.hpp"

namespace pygate::serve {

using support::LineReader;

namespace {

// How many checks may wait per check thread before the reading of requests
// waits for one to start.
constexpr std::size_t k_queued_checks_per_job = 16;

// Reads requests and hands each to what answers its op: the check and run
// threads through the queue, the sessions, a cancel, or an answer at once.
class Server {
public:
    Server(int output_fd, const ServeOptions& options)
        : m_out(output_fd),
          m_options(options),
          m_facts{options.python, options.default_profile},
          m_requests(k_queued_checks_per_job * options.jobs),
          m_sessions(m_requests, m_out, m_profiles, options.python, options.max_sessions),
          m_templates(options.max_templates, options.python) {
        for (unsigned i = 0; i < m_options.jobs; ++i)
            m_threads.emplace_back([this] { check_loop(); });
        for (unsigned i = 0; i < m_options.max_runs; ++i)
            m_threads.emplace_back([this] { run_loop(); });
    }

    AnswerWriter& output() { return m_out; }

    void handle_line(std::string_view line) {
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) return;  // blank lines are no requests
        auto parsed = parse_request(line, m_options.default_profile);
        if (auto* error = std::get_if<ProtocolError>(&parsed)) {
            m_out.write(error_line(error->id, error->code, error->message));
            return;
        }
        Request& request = std::get<Request>(parsed);
        // Only this thread adds requests: one found not in flight here is
        // not in flight when its op adds it.
        if (m_requests.in_flight(request.id)) return duplicate(request.id);
        // One overload of accept() per op, and none for ops in general: an
        // op without its own answer does not compile.
        std::visit([&](auto& op) { accept(request.id, std::move(op)); }, request.op);
    }

    // End of input: everything in flight is finished and answered.
    void finish() {
        m_requests.wait_until_idle();
        m_sessions.wait_for_requests();
        m_sessions.close_all();
        m_requests.stop();
        for (auto& thread : m_threads)
            thread.join();
        m_threads.clear();
    }

    // SIGTERM, SIGINT, or a client that stopped reading: queued requests are
    // dropped and runs killed, each answered `cancelled`; checks under way end.
    void cancel_everything() {
        cancel_in_flight();
        finish();
    }

    // The same, while another thread finishes (the input ended before the
    // signal came): what is queued is answered `cancelled` and dropped, what
    // runs is signalled, so that finishing takes no longer than they do.
    void cancel_in_flight() {
        std::vector<std::string> answers = m_requests.cancel_everything();
        m_sessions.signal_workers();
        for (const auto& answer : answers)
            m_out.write(answer);
    }

private:
    void duplicate(const RequestId& id) {
        m_out.write(error_line(id.value, error_code::duplicate_id,
                               fmt::format("a request with id {} is still in flight", id.value.dump())));
    }

    void accept(const RequestId& id, CheckOp op) {
        if (!m_requests.add_check({id, std::move(op)})) duplicate(id);
    }

    void accept(const RequestId& id, RunOp op) {
        if (!m_requests.add_run({id, std::move(op)})) duplicate(id);
    }

    template <class SessionOp>
    void start_session_op(const RequestId& id, SessionOp op) {
        if (!m_requests.add_running(id)) return duplicate(id);
        m_sessions.start(id, std::move(op));
    }
    void accept(const RequestId& id, SessionOpenOp op) { start_session_op(id, std::move(op)); }
    void accept(const RequestId& id, SessionExecOp op) { start_session_op(id, std::move(op)); }
    void accept(const RequestId& id, SessionFilesOp op) { start_session_op(id, std::move(op)); }
    void accept(const RequestId& id, SessionCloseOp op) { start_session_op(id, std::move(op)); }

    void accept(const RequestId& id, CancelOp op) {
        std::string dropped;
        const std::string answer = m_requests.cancel(op.target, dropped);
        if (!dropped.empty()) m_out.write(dropped);
        m_out.write(result_line(id.value, answer));
    }

    // Answered at once, on the reading thread.
    void accept(const RequestId& id, ProfilesOp op) { m_out.write(answer_profiles(id.value, op, m_profiles, m_facts)); }
    void accept(const RequestId& id, RulesOp op) { m_out.write(answer_rules(id.value, op)); }
    void accept(const RequestId& id, ExplainOp op) { m_out.write(answer_explain(id.value, op)); }
    void accept(const RequestId& id, VersionOp op) { m_out.write(answer_version(id.value, op, m_facts)); }

    void check_loop() {
        analyzer::Parser parser;
        CheckJob job;
        while (m_requests.next_check(job))
            m_out.write(m_requests.complete(job.id, answer_check(job, parser, m_profiles)));
    }

    void run_loop() {
        RunJob job;
        while (m_requests.next_run(job))
            m_out.write(m_requests.complete(job.id, answer_run(job, m_profiles, m_requests, m_out, m_options.python,
                                                                      m_templates, m_options.unsafe_skip_gate)));
    }

    AnswerWriter m_out;
    ServeOptions m_options;
    ServerFacts m_facts;
    ProfileCache m_profiles;
    RequestQueue m_requests;
    Sessions m_sessions;
    TemplatePool m_templates;
    std::vector<std::thread> m_threads;
};

// End of input: everything in flight is finished and answered, unless a stop
// signal comes meanwhile (the client went away, then its supervisor sent
// SIGTERM): then what is queued is cancelled and what runs is killed, as for
// a signal before the end of input, and the server ends once they have.
void finish_unless_stopped(Server& server, int signal_fd) {
    int done[2];
    if (signal_fd < 0 || ::pipe2(done, O_CLOEXEC) != 0) {
        server.finish();
        return;
    }
    std::thread finishing([&server, &done] {
        server.finish();
        const char byte = 1;
        ssize_t ignored = ::write(done[1], &byte, 1);
        (void)ignored;
    });
    for (;;) {
        pollfd fds[2] = {{signal_fd, POLLIN, 0}, {done[0], POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (fds[1].revents != 0) break;
        if (fds[0].revents != 0) {
            signalfd_siginfo info{};
            ssize_t ignored = ::read(signal_fd, &info, sizeof info);
            (void)ignored;
            server.cancel_in_flight();
        }
    }
    finishing.join();
    ::close(done[0]);
    ::close(done[1]);
}

}  // namespace

int serve(int input_fd, int output_fd, const ServeOptions& given) {
    ServeOptions options = given;
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    if (options.jobs == 0) options.jobs = cores;
    if (options.max_runs == 0) options.max_runs = cores;
    if (options.max_sessions == 0) options.max_sessions = default_max_sessions(cores, physical_memory_bytes());
    if (options.max_templates == 0) options.max_templates = std::min(k_default_max_templates, options.max_sessions);
    analyzer::keep_freed_memory_for_reuse();
    // A client that closes its end makes writes fail, not the process die.
    ::signal(SIGPIPE, SIG_IGN);
    // SIGTERM and SIGINT are read through a descriptor by the reading loop;
    // blocked here, before any thread starts, so every thread has them blocked.
    sigset_t stop_signals;
    ::sigemptyset(&stop_signals);
    ::sigaddset(&stop_signals, SIGTERM);
    ::sigaddset(&stop_signals, SIGINT);
    ::pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    const int signal_fd = ::signalfd(-1, &stop_signals, SFD_CLOEXEC);

    Server server(output_fd, options);
    server.output().write(hello_line(options.max_line, options.max_runs, options.jobs, options.max_sessions));
    LineReader reader(input_fd, options.max_line, signal_fd);
    std::string line;
    for (;;) {
        LineReader::Next next = reader.next(line);
        if (next == LineReader::Next::line) {
            server.handle_line(line);
        } else if (next == LineReader::Next::too_long) {
            server.output().write(error_line(nullptr, error_code::line_too_long,
                                             fmt::format("the line is over {} bytes (--max-line); it was skipped",
                                                         options.max_line)));
        } else if (next == LineReader::Next::woken) {
            server.cancel_everything();
            break;
        } else {
            finish_unless_stopped(server, signal_fd);
            break;
        }
        if (server.output().broken()) {
            server.cancel_everything();
            break;
        }
    }
    if (signal_fd >= 0) ::close(signal_fd);
    return 0;
}

}  // namespace pygate::serve
