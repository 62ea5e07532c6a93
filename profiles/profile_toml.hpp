#pragma once
// A resolved profile written as TOML (`pygate profile show`): every key
// spelled out, no `extends`, so the output loads back to the same profile and
// a user can copy it and edit.

#include <ostream>

#include "analyzer/profile.hpp"

namespace pygate::profiles {

using analyzer::Profile;

void write_profile_toml(std::ostream& out, const Profile& profile);

}  // namespace pygate::profiles
