#pragma once
// The one way a qualified-name pattern matches a qualified name, shared by
// the rules' tables and the profiles' per-rule allow lists: `*` matches any
// run of characters, dots included (`os.exec*`, `requests.*`, `pickle.*load*`);
// everything else matches itself. `requests.*` matches `requests.get` but not
// `requests`, which needs its own entry.

#include <string_view>

namespace pygate::analyzer {

bool matches_qualified_name(std::string_view pattern, std::string_view name);

}  // namespace pygate::analyzer
