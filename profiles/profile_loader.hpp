#pragma once
// Reads a profile from TOML (a built-in name or a file), follows `extends`,
// and validates it strictly: a syntax error, an unknown key, a wrong type, an
// unknown rule or severity, an unknown parent or a cycle is a ProfileError
// naming the file, line and column. A typo in a security policy must never
// weaken it silently.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <variant>

#include "analyzer/profile.hpp"

namespace pygate::profiles {

using analyzer::Profile;

struct ProfileError {
    std::string file;          // as the user named it; built-ins are "builtin:NAME.toml"
    std::uint32_t line = 0;    // 1-based; 0 when the problem has no place in the file
    std::uint32_t column = 0;  // 1-based, in code points
    std::string message;

    std::string to_string() const;  // "file:line:column: message"
};

using ProfileResult = std::variant<Profile, ProfileError>;

// `--profile` and `extends` name a TOML file when they contain '/' or end in
// ".toml"; otherwise they name a built-in profile.
bool names_profile_file(std::string_view name);

ProfileResult load_profile(std::string_view name_or_path);

// Loads TOML text as if it were read from `file_name`; a relative `extends`
// path is looked up in `base_folder`.
ProfileResult load_profile_text(std::string_view text, std::string_view file_name,
                                const std::filesystem::path& base_folder = ".");

// The profile a built-in extends, as its file says (empty for a root profile).
std::string builtin_parent(std::string_view builtin_name);

}  // namespace pygate::profiles
