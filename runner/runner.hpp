#pragma once
// The runner: executes one Python file under layered limits (RUNNER.md).
// It knows nothing of the analyzer or the rules: a file, limits, an I/O
// contract in; a result out.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "runner/layers/limits.hpp"
#include "runner/workdir.hpp"

namespace pygate::runner {

inline constexpr unsigned k_nobody = 65534;

// The interpreter a warm run is forked from (runner/template_driver.py).
struct TemplateIdentity {
    std::string id;      // one template, for as long as it lives
    std::string python;  // its version, "3.11.2"
    std::vector<std::pair<std::string, std::string>> modules;  // preloaded: name, __version__
};

// A warm run: its program is forked from a template instead of started.
struct WarmStart {
    // This run's link to the template (runner/template_link.hpp), already
    // handed to the template with a `fork` request. The caller keeps it.
    int link = -1;
    // The template's work directory: the run's own is made in it, where the
    // template's Landlock rules let the child reach it.
    std::string template_dir;
    TemplateIdentity identity;
};

struct RunRequest {
    std::string code;                         // written as main.py
    std::vector<std::string> inputs;          // copied into input/
    std::vector<InputFile> input_files;       // written into input/
    std::string output_dir;                   // output/ is copied there; empty: not copied
    std::string python = "/usr/bin/python3";  // absolute
    std::string stdin_path;                   // empty: stdin_data, else /dev/null
    std::optional<std::string> stdin_data;    // the program's standard input, when stdin_path is empty
    Limits limits;
    unsigned run_as_uid = k_nobody;  // used only when started as root
    unsigned run_as_gid = k_nobody;
    // Where the interpreter's version is remembered between runs
    // (version_cache.hpp); empty: ask the interpreter on every run.
    std::string version_cache_dir;
    // Descriptors the program inherits as 3, 4, ... in this order (a
    // session's driver talks to its worker through them); every other one is
    // closed at exec. The caller keeps and closes its own.
    std::vector<int> pass_fds;
    // Readable (a byte written, or closed): the run is cancelled, its
    // process group killed, and its status is `cancelled`. -1: none.
    int cancel_fd = -1;
    // Called with each piece of output as it is kept (within the limits),
    // in order, on the calling thread; `from_stderr` says which stream.
    std::function<void(bool from_stderr, std::string_view kept)> on_output;
    // Called once the program has started (its setup done), with the work
    // directory's path and the program's pid: a session lists its output/
    // while it runs, and interrupts a step with SIGINT.
    std::function<void(const std::string& workdir, pid_t program)> on_started;
    // Set: a warm run, forked from this template; the child takes every layer
    // a cold run's program gets before any of the run's code executes.
    std::optional<WarmStart> warm;
    // This run is a template (runner/template_driver.py): it may fork, so it
    // gets neither the process filter nor the signal filter nor a cgroup
    // (each child takes its run's), and its memory is bounded by RLIMIT_AS.
    bool template_process = false;
};

enum class Status {
    ok,
    exit_nonzero,
    timeout,
    cpu_limit,
    memory_limit,
    output_truncated,
    killed,
    disk_limit,
    cancelled,
    internal_error
};
const char* status_name(Status status);

// What held, as measured in this run: a layer the machine could not provide
// is false or 0 here, never assumed.
struct Isolation {
    bool netns = false;             // a new, empty network namespace
    std::string netns_error;        // why not, when network was to be cut
    bool pidns = false;             // the program is the init of a PID namespace of its own
    std::string pidns_error;        // why not
    int landlock_abi = 0;           // 0: no Landlock
    bool landlock_fs = false;       // the filesystem rules are in force
    bool landlock_tcp = false;      // TCP bind/connect denied (ABI 4+)
    bool landlock_signals = false;  // no signal outside the sandbox (ABI 6+)
    std::string landlock_error;
    bool seccomp = false;
    bool socket_filter = false;   // socket() only for AF_UNIX
    bool process_filter = false;  // fork/vfork/non-thread clone denied
    bool signal_filter = false;   // it may signal only itself (runner/layers/signal_filter.hpp)
    bool no_new_privs = false;
    bool rlimits = false;
    bool cgroup = false;       // in a per-run cgroup bounding tasks and memory
    std::string cgroup_error;  // why not
    bool disk = false;         // the work directory's total size is bounded (disk_mb)
    std::string disk_error;    // why not
    long uid = -1;             // the uid the program ran as
    long gid = -1;
};

struct StreamCapture {
    std::string kept;         // at most output_bytes and output_lines
    std::uint64_t bytes = 0;  // everything the program wrote
    std::uint64_t lines = 0;  // newlines in `kept`
    bool truncated = false;
    std::string tail;  // the last bytes written, kept or not
};

struct RunResult {
    Status status = Status::internal_error;
    std::optional<int> exit_code;
    std::optional<int> signal;
    StreamCapture out;
    StreamCapture err;
    double duration_ms = 0;
    double cpu_user_ms = 0;
    double cpu_sys_ms = 0;
    long max_rss_kb = 0;
    Isolation isolation;
    std::vector<FileDigest> inputs;
    std::vector<FileDigest> outputs;
    std::vector<std::string> notes;  // outputs not copied, and the like
    std::string python_version;      // "3.11.2"; empty when it could not be asked
    std::string started_at;          // ISO-8601 UTC
    std::string ended_at;
    std::string error;  // internal_error: which setup step failed, and why
    bool workdir_removed = false;
    std::optional<TemplateIdentity> warm;  // a warm run: its template
    std::string warm_unavailable;          // a warm run that started cold instead: why
};

// A problem with the request itself (an unreadable input, a missing
// interpreter): nothing was run.
struct RunRequestError {
    std::string message;
};

std::variant<RunResult, RunRequestError> run(const RunRequest& request);

}  // namespace pygate::runner
