#include "profiles/builtin_profiles.hpp"

namespace pygate::profiles {

const BuiltinProfile* find_builtin_profile(std::string_view name) {
    for (const BuiltinProfile& profile : builtin_profiles())
        if (profile.name == name) return &profile;
    return nullptr;
}

}  // namespace pygate::profiles
