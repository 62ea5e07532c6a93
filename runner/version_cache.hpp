#pragma once
// The interpreter's version for the receipt, remembered between runs.
//
// Asking `python -V` costs a second interpreter start on every run (about as
// much CPU as the program itself when it is short). The answer is kept in a
// small file per interpreter, keyed by what changes whenever the interpreter
// file is replaced or modified: its real path, device, inode, size, and
// modification and status-change times (nanoseconds). Any doubt (no entry, a
// key that differs in any field, a file not owned by this user, a malformed
// line) is a miss, and the caller asks the interpreter again. File times
// advance in clock ticks, so a file changed twice within one tick keeps its
// times: an interpreter whose status changed less than `settle` ago has no
// identity (as git and ccache treat "racy" files).

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

namespace pygate::runner {

// The cache key of an interpreter; nullopt when it cannot be resolved or
// read, is a script ("#!": a wrapper may pick another interpreter each run),
// or changed less than `settle` ago. The key covers the interpreter file
// only, not a shared libpython it may load.
std::optional<std::string> interpreter_identity(const std::string& python,
                                                std::chrono::seconds settle = std::chrono::seconds(2));

// $XDG_CACHE_HOME/pygate, else $HOME/.cache/pygate; empty when neither is set
// to an absolute path.
std::string default_version_cache_dir();

// A cache file's text, when it is a regular file of this user's (not one
// another user planted, nor a link) shorter than `limit` bytes.
std::optional<std::string> read_cache_file(const std::string& path, std::size_t limit);

// Writes a cache file atomically (a temporary file renamed over it), creating
// `cache_dir` (0700) if needed. Failure is silent: the cache is only a cache.
void write_cache_file(const std::string& cache_dir, const std::string& path, const std::string& text);

// The version stored for this identity in `cache_dir`, if it is there and
// sound.
std::optional<std::string> cached_python_version(const std::string& cache_dir, const std::string& identity);

// Stores it (atomically: a temporary file renamed over the entry). Creates
// `cache_dir` (0700) if needed. Failure is silent: the next run asks again.
void store_python_version(const std::string& cache_dir, const std::string& identity, const std::string& version);

}  // namespace pygate::runner
