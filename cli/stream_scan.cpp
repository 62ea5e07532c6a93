#include "cli/stream_scan.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <set>
#include <thread>

#include "analyzer/analyze.hpp"
#include "analyzer/source.hpp"
#include "profiles/profile_gate.hpp"
#include "rules/registry.hpp"

namespace pygate::cli {
namespace {

analyzer::ReadResult read_path(const std::string& path) {
    return path == "-" ? analyzer::read_source_stream(STDIN_FILENO) : analyzer::read_source_file(path);
}

// The bytes of an input; or, when it has none to analyse, its finding.
std::variant<std::string, std::vector<analyzer::Finding>> bytes_of(
    std::variant<FileToRead, analyzer::ReadResult, Unreadable>& what) {
    if (auto* unreadable = std::get_if<Unreadable>(&what))
        return std::vector{analyzer::unsafe_source_finding({}, std::move(unreadable->message))};
    analyzer::ReadResult read = std::holds_alternative<FileToRead>(what)
                                    ? read_path(std::get<FileToRead>(what).path)
                                    : std::move(std::get<analyzer::ReadResult>(what));
    if (auto* failure = std::get_if<analyzer::ReadFailure>(&read))
        return analyzer::analyze_read_failure(*failure).findings;
    return std::move(std::get<std::string>(read));
}

// Analyses and judges `bytes` into `report`, or takes the result the cache
// holds for them (and stores a new one).
void judge_bytes(std::string bytes, analyzer::Parser& parser, const analyzer::Profile& profile, ResultCache* cache,
                 reporters::FileReport& report) {
    std::string key;
    if (cache != nullptr) {
        key = ResultCache::content_key(bytes);
        if (std::optional<CachedResult> cached = cache->load(key)) {
            report.findings = std::move(cached->findings);
            report.decision = cached->decision;
            return;
        }
    }
    const analyzer::AnalysisOptions options{&profile, rules::all_hooks()};
    report.findings = analyzer::analyze_bytes(std::move(bytes), parser, options).findings;
    report.decision = profiles::judge_findings(report.findings, profile);
    if (cache != nullptr) cache->store(key, {report.decision, report.findings});
}

// Keeps the decoded lines around the file's first findings (a finding's own
// lines, up to 10 of them, and `around` either side) in `report.context`.
// Decoded again, as the analyzer decodes them: only a report that shows
// source (html) asks for this.
void keep_context(std::string bytes, unsigned around, reporters::FileReport& report) {
    constexpr std::uint32_t k_lines_of_a_finding = 10;
    if (report.findings.empty()) return;
    const analyzer::LoadedSource loaded = analyzer::load_source(std::move(bytes));
    if (!loaded.decodable) return;
    std::uint32_t last = loaded.source.lines.line_count();
    // The empty "line" after a final newline is no line of the file.
    if (last > 1 && loaded.source.line_text(last).empty()) --last;
    std::set<std::uint32_t> wanted;
    const std::size_t count = std::min(report.findings.size(), k_findings_with_context);
    for (std::size_t i = 0; i < count; ++i) {
        const analyzer::SourceRange& range = report.findings[i].range;
        const std::uint32_t first = range.line > around ? range.line - around : 1;
        const std::uint32_t end =
            std::min(std::max(range.end_line, range.line), range.line + k_lines_of_a_finding - 1) + around;
        for (std::uint32_t line = first; line <= std::min(end, last); ++line)
            wanted.insert(line);
    }
    report.context.reserve(wanted.size());
    for (std::uint32_t line : wanted)
        report.context.push_back({line, std::string(loaded.source.line_text(line))});
}

// One input in flight: written by the emitting thread before a worker takes
// it, by that worker until `done`, read by the emitting thread after.
struct Slot {
    ScanInput input;
    ScanOutcome outcome;
    std::string internal_error;
    bool done = false;
};

class Pipeline {
public:
    Pipeline(const StreamOptions& options, const StreamCallbacks& callbacks)
        : m_options(options),
          m_callbacks(callbacks),
          m_slots(std::max<std::size_t>(1, options.window_per_job) * std::max(1u, options.jobs)) {}

    void run() {
        std::vector<std::thread> workers;
        try {
            for (unsigned t = 0; t < std::max(1u, m_options.jobs); ++t)
                workers.emplace_back([this] { work(); });
            feed_and_emit();
        } catch (...) {
            stop(workers);
            throw;
        }
        stop(workers);
        if (m_worker_error) std::rethrow_exception(m_worker_error);
    }

private:
    void stop(std::vector<std::thread>& workers) {
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_work_ready.notify_all();
        for (auto& worker : workers)
            worker.join();
    }

    void work() {
        try {
            analyzer::Parser parser;
            for (;;) {
                std::unique_lock lock(m_mutex);
                m_work_ready.wait(lock, [&] { return m_taken < m_filled || m_stopping; });
                if (m_taken == m_filled) return;  // stopping, nothing left
                Slot& slot = m_slots[m_taken++ % m_slots.size()];
                lock.unlock();
                slot.outcome = judge_input(std::move(slot.input), parser, *m_options.profile, slot.internal_error,
                                           m_options.cache, m_options.context_lines);
                lock.lock();
                slot.done = true;
                m_slot_done.notify_one();
            }
        } catch (...) {
            // A worker that cannot run (no parser: out of memory) ends the
            // scan with an error rather than leave its inputs unjudged.
            std::lock_guard lock(m_mutex);
            if (!m_worker_error) m_worker_error = std::current_exception();
            m_slot_done.notify_one();
        }
    }

    void feed_and_emit() {
        bool input_ended = false;
        for (;;) {
            while (!input_ended && m_filled_local - m_emitted < m_slots.size()) {
                std::optional<ScanInput> input = m_callbacks.next();
                if (!input) {
                    input_ended = true;
                    break;
                }
                Slot& slot = m_slots[m_filled_local % m_slots.size()];
                slot = Slot{std::move(*input), {}, {}, false};
                ++m_filled_local;
                {
                    std::lock_guard lock(m_mutex);
                    m_filled = m_filled_local;
                }
                m_work_ready.notify_one();
            }
            if (m_emitted == m_filled_local) return;
            Slot& head = m_slots[m_emitted % m_slots.size()];
            {
                std::unique_lock lock(m_mutex);
                if (!head.done && !m_worker_error) {
                    lock.unlock();
                    if (m_callbacks.before_waiting) m_callbacks.before_waiting();
                    lock.lock();
                    m_slot_done.wait(lock, [&] { return head.done || m_worker_error; });
                }
                if (m_worker_error) return;
            }
            ++m_emitted;
            if (!head.internal_error.empty()) m_callbacks.internal_error(std::move(head.internal_error));
            m_callbacks.emit(std::move(head.outcome));
        }
    }

    const StreamOptions& m_options;
    const StreamCallbacks& m_callbacks;
    std::vector<Slot> m_slots;  // a ring: input i lives in slot i % size
    std::mutex m_mutex;
    std::condition_variable m_work_ready;
    std::condition_variable m_slot_done;
    // Guarded by m_mutex:
    std::uint64_t m_filled = 0;  // inputs handed to the workers
    std::uint64_t m_taken = 0;   // inputs a worker has taken
    bool m_stopping = false;
    std::exception_ptr m_worker_error;
    // The emitting thread's own:
    std::uint64_t m_filled_local = 0;
    std::uint64_t m_emitted = 0;
};

}  // namespace

ScanOutcome judge_input(ScanInput input, analyzer::Parser& parser, const analyzer::Profile& profile,
                        std::string& internal_error, ResultCache* cache, unsigned context_lines) {
    ScanOutcome outcome;
    reporters::FileReport& report = outcome.report;
    report.path = std::move(input.name);
    try {
        auto bytes = bytes_of(input.what);
        if (auto* findings = std::get_if<std::vector<analyzer::Finding>>(&bytes)) {
            report.findings = std::move(*findings);
            report.decision = profiles::judge_findings(report.findings, profile);
            outcome.unreadable = true;
        } else {
            std::string& text = std::get<std::string>(bytes);
            std::string copy = context_lines > 0 ? text : std::string();
            judge_bytes(std::move(text), parser, profile, cache, report);
            if (context_lines > 0) keep_context(std::move(copy), context_lines, report);
        }
    } catch (const std::exception& error) {
        report.findings = {analyzer::unsafe_source_finding(
            {}, fmt::format("internal error while analysing this file: {}", error.what()))};
        report.decision = profiles::judge_findings(report.findings, profile);
        outcome.unreadable = true;
        internal_error = fmt::format("{}: {}", report.path, error.what());
    }
    return outcome;
}

void scan_stream(const StreamOptions& options, const StreamCallbacks& callbacks) {
    Pipeline(options, callbacks).run();
}

}  // namespace pygate::cli
