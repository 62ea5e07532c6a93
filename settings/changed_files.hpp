#pragma once
// `pygate check --changed-since REF`: the files git reports added, modified
// or renamed between REF and the working tree (staged or not), plus the
// untracked files git does not ignore, as pre-commit and `ruff check` users
// expect a new file to be checked before it is committed. Deleted files are
// not listed. git runs with no shell, REF cannot be read as an option, and the
// repository's core.fsmonitor hook is switched off.

#include <set>
#include <string>
#include <variant>

namespace pygate::settings {

// Canonical absolute paths; or why git could not say (not a repository, an
// unknown REF, git missing).
std::variant<std::set<std::string>, std::string> files_changed_since(const std::string& ref);

// The form of a path files_changed_since() lists, for comparing with it.
std::string canonical_path(const std::string& path);

}  // namespace pygate::settings
