#pragma once
// A resolved profile written as C++ statements that rebuild it. The build
// compiles the built-in profiles this way (compile_profiles.cpp), so running
// with a built-in profile parses no TOML: toml11 took 72% of the instructions
// of `pygate run` on a one-line program.

#include <ostream>
#include <string_view>

#include "analyzer/profile.hpp"

namespace pygate::profiles {

using analyzer::Profile;

// Writes the body of a function that returns `profile`: statements that fill
// a local `Profile profile` field by field, then `return profile;`.
void write_profile_cpp(std::ostream& out, const Profile& profile);

// `text` as a C++ string literal (escaped bytes, so any UTF-8 survives).
std::string cpp_string_literal(std::string_view text);

}  // namespace pygate::profiles
