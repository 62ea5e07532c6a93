#pragma once
// The built-in profiles: profiles/*.toml, compiled into the binary at build
// time (embed_profiles.cmake) so `--profile NAME` needs no installed files.

#include <span>
#include <string_view>

namespace pygate::profiles {

struct BuiltinProfile {
    std::string_view name;
    std::string_view toml;
};

// In the order `pygate profiles` lists them; safe_eval, the default, first.
std::span<const BuiltinProfile> builtin_profiles();
const BuiltinProfile* find_builtin_profile(std::string_view name);

inline constexpr std::string_view k_default_profile = "safe_eval";

}  // namespace pygate::profiles
