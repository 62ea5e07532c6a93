#include "profiles/compiled_profiles.hpp"

namespace pygate::profiles {

ProfileResult resolve_profile(std::string_view name_or_path) {
    if (!names_profile_file(name_or_path))
        if (std::optional<Profile> compiled = compiled_builtin_profile(name_or_path)) return std::move(*compiled);
    return load_profile(name_or_path);
}

}  // namespace pygate::profiles
