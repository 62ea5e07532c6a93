#pragma once
// The built-in profiles as compiled C++. pygate-compile-profiles
// (compile_profiles.cpp) loads each profiles/*.toml through the TOML loader at
// build time and writes the result out as code, so a run with a built-in
// profile parses no TOML; a test checks each against the TOML it came from.

#include <optional>
#include <string_view>

#include "profiles/profile_loader.hpp"

namespace pygate::profiles {

// The built-in profile `name`, `extends` applied; nullopt for any other name.
std::optional<Profile> compiled_builtin_profile(std::string_view name);

// What load_profile returns, with built-in names answered by the compiled
// profiles; files are loaded from TOML.
ProfileResult resolve_profile(std::string_view name_or_path);

}  // namespace pygate::profiles
