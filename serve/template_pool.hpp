#pragma once
// The server's warm-run templates: one per profile (by the digest of the
// resolved profile) and interpreter, each in its template worker
// (serve/workers/template_worker), started when a run under that profile
// first asks for one, and kept until the server ends. A lease is one run's
// link to its template, already handed a `fork` request: the run's worker
// takes it as its descriptor 3 (runner::WarmStart). A template found dead
// is started again, once per lease; one that cannot be made (a preload that
// fails, a layer the host refuses) makes the runs cold, with the reason.

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <variant>

#include "analyzer/profile.hpp"
#include "runner/runner.hpp"
#include "support/unique_fd.hpp"

namespace pygate::serve {

struct WarmLease {
    support::UniqueFd link;      // the run's end of its link to the template
    runner::WarmStart start;     // as the run's worker sees it
    pid_t mounts_pid = 0;        // whose mount namespace holds the template's work directory; 0: none (no tmpfs)
};

class TemplatePool {
public:
    TemplatePool(std::size_t max_templates, std::string python);
    ~TemplatePool();
    TemplatePool(const TemplatePool&) = delete;
    TemplatePool& operator=(const TemplatePool&) = delete;

    // A warm start for a run under `profile` (digest `profile_sha256`) with
    // `memory_mb` of address space, or why the run is cold.
    std::variant<WarmLease, std::string> lease(const analyzer::Profile& profile, const std::string& profile_sha256,
                                               std::int64_t memory_mb);


private:
    struct Template;
    bool start(Template& made, const analyzer::Profile& profile);

    std::size_t m_max_templates;
    std::string m_python;
    std::mutex m_mutex;
    std::map<std::string, std::shared_ptr<Template>> m_templates;
};

// The modules a profile's template imports: its `[runner] preload`.
const std::vector<std::string>& preload_of(const analyzer::Profile& profile);

}  // namespace pygate::serve
