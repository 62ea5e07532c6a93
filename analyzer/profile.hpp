#pragma once
// A profile: what untrusted code may do (imports, builtins, files, syntax),
// how large its source may be, how each rule's severity maps to a gate
// decision, and the runner's limits. Read from TOML by profile_loader; the
// schema is described in docs/profiles.md.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/gate.hpp"

namespace pygate::analyzer {

// What a path that is not a constant may do.
enum class DynamicPaths { deny, review, allow };
const char* dynamic_paths_name(DynamicPaths value);

struct FilesystemPolicy {
    std::vector<std::string> read;  // relative path prefixes, normalised
    std::vector<std::string> write;
    std::vector<std::string> write_deny;  // patterns never writable, even under a write prefix
    DynamicPaths dynamic_paths = DynamicPaths::deny;
    bool operator==(const FilesystemPolicy&) const = default;
};

// An integer key of a profile table and the field it sets; the loader and the
// TOML writer both walk these lists, so a key is named once.
template <class Table>
struct IntegerKey {
    std::string_view key;
    std::int64_t Table::*field;
};

struct SourceLimits {
    std::int64_t max_bytes = 1048576;
    std::int64_t max_lines = 20000;
    std::int64_t max_nodes = 2000000;
    std::int64_t max_depth = 100;
    std::int64_t max_string_bytes = 65536;
    bool operator==(const SourceLimits&) const = default;
};

inline constexpr IntegerKey<SourceLimits> k_source_keys[] = {
    {"max_bytes", &SourceLimits::max_bytes},
    {"max_lines", &SourceLimits::max_lines},
    {"max_nodes", &SourceLimits::max_nodes},
    {"max_depth", &SourceLimits::max_depth},
    {"max_string_bytes", &SourceLimits::max_string_bytes},
};

// A rule's settings in a profile; anything unset keeps the rule's default.
struct RuleSettings {
    std::optional<Severity> severity;
    std::vector<std::string> allow;  // qualified-name patterns exempted from the rule
    bool operator==(const RuleSettings&) const = default;
};

// Limits the runner applies (RUNNER.md).
struct RunnerLimits {
    std::int64_t wall_seconds = 10;
    std::int64_t cpu_seconds = 10;
    std::int64_t memory_mb = 512;
    std::int64_t processes = 1;  // 1 = no child processes
    std::int64_t open_files = 64;
    std::int64_t file_size_mb = 16;
    std::int64_t disk_mb = 256;  // the work directory's total size
    std::int64_t output_bytes = 1048576;
    std::int64_t output_lines = 100000;
    bool network = false;
    bool operator==(const RunnerLimits&) const = default;
};

inline constexpr IntegerKey<RunnerLimits> k_limit_keys[] = {
    {"wall_seconds", &RunnerLimits::wall_seconds}, {"cpu_seconds", &RunnerLimits::cpu_seconds},
    {"memory_mb", &RunnerLimits::memory_mb},       {"processes", &RunnerLimits::processes},
    {"open_files", &RunnerLimits::open_files},     {"file_size_mb", &RunnerLimits::file_size_mb},
    {"disk_mb", &RunnerLimits::disk_mb},
    {"output_bytes", &RunnerLimits::output_bytes}, {"output_lines", &RunnerLimits::output_lines},
};

// What the runner prepares before a run, beyond its limits (docs/runner.md).
struct RunnerSettings {
    // The modules a warm-run template imports once, so that each run forked
    // from it starts with them in sys.modules; empty: no template. Each is a
    // module the profile allows importing (allows_import); a child profile
    // inherits the list unless it sets its own.
    std::vector<std::string> preload;
    bool operator==(const RunnerSettings&) const = default;
};

// More preloaded modules than this is a mistake, not a policy: each one costs
// every template its import time and memory.
inline constexpr std::size_t k_max_preload_modules = 16;

// A fully resolved profile: `extends` has been applied, nothing is left unset
// except `builtins_allow`, whose absence means every builtin the rules allow.
struct Profile {
    std::string name;
    std::string description;
    std::vector<std::string> imports_allow;
    std::optional<std::vector<std::string>> builtins_allow;
    std::vector<std::string> dunders_allow{"__name__", "__doc__", "__qualname__", "__module__", "__file__"};
    FilesystemPolicy filesystem;
    std::vector<std::string> syntax_forbid;
    SourceLimits source;
    std::map<RuleNumber, RuleSettings> rules;
    GatePolicy gate;
    RunnerLimits limits;
    RunnerSettings runner;
    bool operator==(const Profile&) const = default;
};

// The keywords `syntax.forbid` accepts (PG011).
inline constexpr std::string_view k_forbiddable_syntax[] = {
    "import", "class",  "decorator", "lambda", "for",       "while",       "comprehension", "generator",
    "try",    "with",   "async",     "await",  "yield",     "global",      "nonlocal",      "del",
    "raise",  "assert", "match",     "walrus", "star-args", "dunder-name",
};

// The prefix rule of `imports.allow`: allowing `collections` allows
// `collections.abc`; allowing `os.path` allows neither `os` nor `os.listdir`.
bool module_under_prefix(std::string_view module, std::string_view prefix);

// Whether `imports.allow` lets a program import `module`, by the prefix rule
// (PG003 refuses every other import).
bool allows_import(const Profile& profile, std::string_view module);

// Whether the allow list of the finding's rule in `profile` exempts the
// finding's qualified name (networked's PG005 allow list exempts `requests.*`).
bool exempted_by_allow_list(const Profile& profile, const Finding& finding);

}  // namespace pygate::analyzer
