#pragma once
// What the target interpreter said of its library versions, remembered
// between processes.
//
// Asking costs an interpreter start and importlib.metadata's search (30-40 ms
// on a 2-core machine), more than judging a short program. The answer is
// kept in a small file per interpreter, next to the receipt's version cache
// (runner/version_cache.hpp), and trusted only while nothing it came from
// has changed: the interpreter file (its identity), every directory on its
// sys.path (installing or removing a package adds or removes an entry there),
// the `.pth` files in them, and the metadata directory of each library found.
// Each is recorded with its device, inode, size and modification and
// status-change times; any that differs, is gone, or changed less than two
// seconds ago (a file time advances in clock ticks) is a miss, and the caller
// asks the interpreter again. So is any doubt about the entry itself: not a
// regular file of this user's, too long, or malformed.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/library/library_tables.hpp"

namespace pygate::judging {

// The versions stored for an interpreter of this identity
// (runner::interpreter_identity), if the entry is there and everything it
// watches is as it was.
std::optional<analyzer::LibraryVersions> cached_library_versions(
    const std::string& cache_dir, const std::string& identity, std::chrono::seconds settle = std::chrono::seconds(2));

// Stores them with the paths to watch (absolute). `asked_at` is when the
// interpreter was started: nothing is stored when a path cannot be read or
// changed later than `settle` before it (a package installed while the
// interpreter was answering may or may not be in its answer); failure is
// silent: the next process asks again.
void store_library_versions(const std::string& cache_dir, const std::string& identity,
                            const analyzer::LibraryVersions& versions, const std::vector<std::string>& watched,
                            std::chrono::system_clock::time_point asked_at,
                            std::chrono::seconds settle = std::chrono::seconds(2));

}  // namespace pygate::judging
