#pragma once
// What a dotted name is once the modules and builtins that other modules hold
// as attributes are seen through: `pathlib.os.system` is `os.system`,
// `enum.bltns.eval` is `builtins.eval`, `tokenize._builtin_open` is
// `builtins.open`. Allowing a module must not grant what it imported, and the
// rules' tables name only the canonical names.
//
// The standard library's aliases are a table generated from CPython 3.11
// (scripts/list-module-reexports.py); those of the third-party packages the
// built-in profiles allow, from Debian 12's packages
// (scripts/list-third-party-reexports.py). Under any other third-party root, a segment named like a
// module that reaches processes, the network, files or the interpreter
// (`matplotlib.subprocess`, `numpy.os`, `pkg._sys`) is taken for that module:
// it fails closed.

#include <optional>
#include <string>
#include <string_view>

namespace pygate::analyzer {

// The canonical form of a module path or qualified name, or nothing when it
// is canonical already. Relative names (`.os.system`) are left as they are.
std::optional<std::string> canonical_dotted_name(std::string_view dotted);

}  // namespace pygate::analyzer
