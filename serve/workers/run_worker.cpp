#include "serve/workers/run_worker.hpp"

#include <unistd.h>

#include <cerrno>
#include <nlohmann/json.hpp>
#include <string>

#include "judging/gated_run.hpp"
#include "runner/layers/private_mounts.hpp"
#include "serve/protocol.hpp"
#include "serve/workers/worker_job.hpp"
#include "serve/workers/worker_signals.hpp"
#include "support/write_all.hpp"

namespace pygate::serve {

using judging::GatedRun;
using judging::GatedRunOutcome;
using support::write_all;

namespace {

using nlohmann::ordered_json;

void write_line(const ordered_json& line) {
    write_all(STDOUT_FILENO, line.dump(-1, ' ', false, ordered_json::error_handler_t::replace) + "\n");
}

void write_error(const char* code, const std::string& message) {
    write_line({{"error", {{"code", code}, {"message", message}}}});
}

// Output comes in pieces that may end inside a UTF-8 sequence; a piece's
// unfinished tail waits for the next, so an event never splits a character.
class Utf8Pieces {
public:
    std::string take(std::string_view piece) {
        std::string text = std::move(m_carry);
        m_carry.clear();
        text.append(piece);
        std::size_t keep = text.size();
        // At most 3 bytes can be the start of an unfinished sequence.
        for (std::size_t back = 1; back <= 3 && back <= text.size(); ++back) {
            const auto byte = static_cast<unsigned char>(text[text.size() - back]);
            if ((byte & 0xC0) == 0x80) continue;  // a continuation byte: look further back
            const std::size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
            if (length > back) keep = text.size() - back;
            break;
        }
        m_carry = text.substr(keep);
        text.resize(keep);
        return text;
    }
    std::string rest() { return std::exchange(m_carry, {}); }

private:
    std::string m_carry;
};

}  // namespace

int run_worker_main(pid_t parent) {
    const int cancel_fd = cancel_on_stop_signals(parent);
    if (cancel_fd < 0) return 4;

    std::string text;
    char buffer[65536];
    for (;;) {
        ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
    }
    try {
        auto decoded = decode_worker_job(text);
        if (auto* error = std::get_if<std::string>(&decoded)) {
            write_error(error_code::internal_error, *error);
            return 0;
        }
        const WorkerJob& job = std::get<WorkerJob>(decoded);
        if (job.kind != WorkerJob::Kind::run) {
            write_error(error_code::internal_error, "a run worker was handed a session's job");
            return 0;
        }
        auto loaded = job_profile(job);
        if (auto* error = std::get_if<std::string>(&loaded)) {
            write_error(error_code::internal_error, *error);
            return 0;
        }
        const analyzer::Profile profile = std::move(std::get<analyzer::Profile>(loaded));
        GatedRun request;
        request.profile = &profile;
        request.code = job.code;
        request.input_files = job.files;
        request.stdin_data = job.stdin_data;
        request.overrides = job.overrides;
        request.allow_review = job.allow_review;
        request.python = job.python;
        request.cancel_fd = cancel_fd;
        request.cold_reason = job.cold_reason;
        request.skip_gate = job.skip_gate;
        if (job.warm && job.warm_mounts_pid > 0) {
            // The template's work directory, where this run's is made, is
            // mounted in its worker's mount namespace: this process enters it
            // (it has one thread yet, as setns wants).
            if (std::string error = runner::enter_private_mounts_of(job.warm_mounts_pid); error.empty())
                request.warm = job.warm;
            else
                request.cold_reason = "cannot enter the template's mount namespace: " + error;
        } else if (job.warm) {
            // Where no mount namespace can be private (a chroot), no work
            // directory is a tmpfs, cold or warm: the run's is an ordinary
            // directory in its template's, as a cold run's is in $TMPDIR.
            request.warm = job.warm;
        }
        Utf8Pieces out_pieces, err_pieces;
        if (job.stream) {
            request.on_output = [&](bool from_stderr, std::string_view kept) {
                std::string data = (from_stderr ? err_pieces : out_pieces).take(kept);
                if (!data.empty()) write_line({{"event", from_stderr ? "stderr" : "stdout"}, {"data", data}});
            };
        }
        GatedRunOutcome outcome = gated_run(request);
        for (auto* pieces : {&out_pieces, &err_pieces}) {
            std::string rest = pieces->rest();
            if (!rest.empty()) write_line({{"event", pieces == &out_pieces ? "stdout" : "stderr"}, {"data", rest}});
        }
        switch (outcome.kind) {
            case GatedRunOutcome::Kind::gate_stopped:
                write_line({{"result", outcome.json}});
                break;
            case GatedRunOutcome::Kind::ran:
                if (outcome.result->status == runner::Status::cancelled)
                    write_error(error_code::cancelled, "the run was cancelled: its processes were killed");
                else
                    write_line({{"result", outcome.json}});
                break;
            case GatedRunOutcome::Kind::request_error:
                write_error(error_code::run_error, outcome.error);
                break;
            case GatedRunOutcome::Kind::internal_error:
                write_error(error_code::internal_error, outcome.error);
                break;
        }
    } catch (const std::exception& error) {
        write_error(error_code::internal_error, std::string("the run worker failed: ") + error.what());
    }
    return 0;
}

}  // namespace pygate::serve
