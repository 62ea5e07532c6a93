#pragma once
// The folders a path names before the part that is not constant:
// `Path(".git/hooks") / name` is somewhere in `.git/hooks/`, and
// `f"/etc/{name}"` somewhere in `/etc/`. A profile that allows paths it
// cannot fold (repo_tooling) still knows those folders, so an absolute
// folder, a `..` escape or a filesystem.write_deny folder is refused even
// when the rest of the path is not known.

#include <optional>
#include <string>

#include "analyzer/model/model.hpp"

namespace pygate::rules {

// The leading folders of `path` (ending with `/`) when the whole path is not
// constant but its start is: literals, f-strings up to their first field,
// pathlib's `/` and `joinpath`, `Path(...)`, os.path.join and `+` of such
// parts; the whole path as a folder when these parts assemble all of it though
// the resolver does not (`Path(*["/etc", "passwd"])`). Nothing for a constant
// path, when the start is not known either, or names no whole folder.
std::optional<std::string> known_folder(analyzer::Node path, analyzer::ScopeId scope, const analyzer::Model& model);

}  // namespace pygate::rules
