#include "serve/template_pool.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <sys/random.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>

#include "runner/template_link.hpp"
#include "serve/workers/worker_job.hpp"
#include "serve/workers/worker_process.hpp"
#include "support/line_reader.hpp"

namespace pygate::serve {
namespace {

using nlohmann::json;
using support::UniqueFd;

// What the template is given before it imports anything: one thread for
// BLAS and OpenMP, so that it can fork (a forked child has only the thread
// that forked), and matplotlib's non-interactive backend.
const json k_template_environment = {{"OPENBLAS_NUM_THREADS", "1"},
                                     {"OMP_NUM_THREADS", "1"},
                                     {"MKL_NUM_THREADS", "1"},
                                     {"NUMEXPR_NUM_THREADS", "1"},
                                     {"MPLBACKEND", "Agg"}};

// Importing the preload modules may take as long as a run may.
constexpr int k_start_seconds = 30;

std::string random_id() {
    unsigned char bytes[6];
    if (::getrandom(bytes, sizeof bytes, 0) != static_cast<ssize_t>(sizeof bytes)) return "template";
    std::string id;
    for (unsigned char byte : bytes)
        id += fmt::format("{:02x}", byte);
    return id;
}

// One line of the worker's output within `seconds`; nullopt when none came.
std::optional<json> worker_line(int fd, int seconds) {
    pollfd ready{fd, POLLIN, 0};
    if (::poll(&ready, 1, seconds * 1000) <= 0) return std::nullopt;
    support::LineReader reader(fd, 1 << 20);
    std::string line;
    if (reader.next(line) != support::LineReader::Next::line) return std::nullopt;
    json parsed = json::parse(line, nullptr, false);
    if (!parsed.is_object()) return std::nullopt;
    return parsed;
}

// Whether the template's end of the link is gone (the template with it).
bool link_closed(int link) {
    pollfd state{link, 0, 0};
    return ::poll(&state, 1, 0) > 0 && (state.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

// A process's address space (VmSize), 0 when it cannot be read.
std::int64_t address_space_kb(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmSize:", 0) == 0) return std::strtoll(line.c_str() + 7, nullptr, 10);
    return 0;
}

}  // namespace

struct TemplatePool::Template {
    std::mutex mutex;
    std::unique_ptr<WorkerProcess> worker;
    UniqueFd link;  // the server's end
    std::string dir;
    pid_t mounts_pid = 0;
    runner::TemplateIdentity identity;
    std::int64_t address_space_kb = 0;  // the template's, once it preloaded: each child starts with it
    std::string failure;  // why no template could be made for this profile
    std::chrono::steady_clock::time_point failed_at;
};

// What a warm run's memory limit must leave beside its template's address
// space, at the least.
constexpr std::int64_t k_headroom_kb = 64 * 1024;

// A template that could not be made is tried again after this long, not for
// every run meanwhile.
constexpr auto k_retry_after = std::chrono::seconds(60);

TemplatePool::TemplatePool(std::size_t max_templates, std::string python)
    : m_max_templates(max_templates), m_python(std::move(python)) {}

// Each template worker is told to end (its input closed): it ends its
// template and removes the template's work directory.
TemplatePool::~TemplatePool() {
    for (auto& [key, made] : m_templates)
        if (made->worker) made->worker->close_input();
    for (auto& [key, made] : m_templates)
        if (made->worker) made->worker->wait();
}

bool TemplatePool::start(Template& made, const analyzer::Profile& profile) {
    made.worker.reset();
    made.link.reset();
    runner::LinkPair link = runner::make_link();
    if (!link.first.valid()) {
        made.failure = std::string("cannot create the template's link: ") + std::strerror(errno);
        return false;
    }
    auto worker = std::make_unique<WorkerProcess>();
    std::string error;
    if (!worker->start(WorkerKind::template_process, error, link.second.get())) {
        made.failure = error;
        return false;
    }
    link.second.reset();
    if (!worker->write(encode_worker_job(template_job(profile, m_python, preload_of(profile))))) {
        made.failure = "cannot hand the template its job";
        return false;
    }
    const std::optional<json> started = worker_line(worker->output_fd(), k_start_seconds);
    if (!started || !started->contains("started")) {
        made.failure = started && started->contains("error")
                           ? (*started)["error"].value("message", std::string("the template worker failed"))
                           : "the template's interpreter did not start";
        return false;
    }
    made.dir = (*started)["started"].value("dir", std::string());
    made.mounts_pid = (*started)["started"].value("mounts_pid", 0);
    const json preload = {{"op", "preload"}, {"modules", preload_of(profile)}, {"environment", k_template_environment}};
    // What the template's worker says of its end, for a failure's message.
    auto ended = [&worker]() -> std::string {
        worker->close_input();
        const std::optional<json> line = worker_line(worker->output_fd(), 5);
        if (!line || !line->contains("ended")) return "";
        const json& end = (*line)["ended"];
        std::string text = ": " + end.value("status", std::string("?"));
        if (end.contains("error")) text += ", " + end.value("error", std::string());
        if (const std::string err = end.value("stderr", std::string()); !err.empty()) text += ", stderr: " + err;
        return text;
    };
    if (runner::send_link_message(link.first.get(), preload.dump()) != 0) {
        made.failure = "the template ended before it could preload" + ended();
        return false;
    }
    runner::LinkMessage message;
    const runner::LinkRead read = runner::receive_link_message(link.first.get(), k_start_seconds * 1000, message);
    const json ready = read == runner::LinkRead::message ? json::parse(message.text, nullptr, false) : json();
    if (!ready.is_object() || !ready.contains("ready") || !ready["ready"].is_object()) {
        made.failure = read == runner::LinkRead::timeout
                           ? fmt::format("the template did not finish preloading within {} s", k_start_seconds)
                           : "the template ended while preloading" + ended();
        return false;
    }
    const json& report = ready["ready"];
    if (report.contains("failed") && !report["failed"].empty()) {
        made.failure = "preloading failed: " + report["failed"].dump() + ended();
        return false;
    }
    made.address_space_kb = address_space_kb((*started)["started"].value("template_pid", -1));
    made.identity.id = random_id();
    made.identity.python = report.value("python", std::string());
    made.identity.modules.clear();
    if (report.contains("modules") && report["modules"].is_object())
        for (const auto& [name, version] : report["modules"].items())
            made.identity.modules.emplace_back(name, version.is_string() ? version.get<std::string>() : "");
    made.link = std::move(link.first);
    made.worker = std::move(worker);
    made.failure.clear();
    return true;
}

std::variant<WarmLease, std::string> TemplatePool::lease(const analyzer::Profile& profile,
                                                         const std::string& profile_sha256, std::int64_t memory_mb) {
    // A child's own children would be orphaned to the template's worker,
    // which reaps only its template: runs that may start processes are cold.
    if (profile.limits.processes > 1)
        return std::string("the profile allows processes (limits.processes > 1): its runs are cold");
    std::shared_ptr<Template> made;
    {
        std::lock_guard lock(m_mutex);
        auto found = m_templates.find(profile_sha256);
        if (found == m_templates.end()) {
            if (m_templates.size() >= m_max_templates)
                return fmt::format("the server holds {} templates, its most (--max-templates)", m_max_templates);
            found = m_templates.emplace(profile_sha256, std::make_shared<Template>()).first;
        }
        made = found->second;
    }
    std::lock_guard lock(made->mutex);
    const auto now = std::chrono::steady_clock::now();
    if (!made->worker && !made->failure.empty() && now - made->failed_at < k_retry_after) return made->failure;
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (made->worker && link_closed(made->link.get())) {
            made->worker.reset();  // the template is gone: a new one
            made->link.reset();
        }
        if (!made->worker && !start(*made, profile)) {
            made->failed_at = now;
            return made->failure;
        }
        // A child starts with the template's address space, all of it
        // counted against the run's RLIMIT_AS: a run allowed little more
        // than that would fail where a cold run of the same code would not.
        if (memory_mb * 1024 < made->address_space_kb + k_headroom_kb)
            return fmt::format("the run's memory limit ({} MiB) leaves too little beside the template's {} MiB",
                               memory_mb, made->address_space_kb / 1024);
        runner::LinkPair link = runner::make_link();
        if (!link.first.valid()) return std::string("cannot create a run's link: ") + std::strerror(errno);
        if (runner::send_link_message(made->link.get(), R"({"op":"fork"})", {link.second.get()}) == 0) {
            WarmLease lease;
            lease.link = std::move(link.first);
            lease.start.link = k_worker_link_fd;
            lease.start.template_dir = made->dir;
            lease.start.identity = made->identity;
            lease.mounts_pid = made->mounts_pid;
            return lease;
        }
        // The template is gone (killed, or over its limits): a new one.
        made->worker.reset();
        made->link.reset();
    }
    return std::string("the template ended and a new one could not take the run");
}

}  // namespace pygate::serve

namespace pygate::serve {

const std::vector<std::string>& preload_of(const analyzer::Profile& profile) {
    return profile.runner.preload;
}

}  // namespace pygate::serve
