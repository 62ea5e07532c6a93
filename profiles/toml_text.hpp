#pragma once
// TOML text parsed as profiles are parsed (valid UTF-8 without NUL, nesting
// bounded before toml11's recursion, syntax errors placed at toml11's caret),
// for the other TOML files pygate reads: configuration (cli/configuration).

#include <string_view>
#include <variant>

#include "profiles/profile_loader.hpp"
#include "profiles/toml_value.hpp"

namespace pygate::profiles {

using TomlResult = std::variant<TomlValue, ProfileError>;

TomlResult parse_toml_text(std::string_view text, std::string_view file_name);

// "a string", "an integer", ...: for messages that say what a value is.
const char* toml_type_name(const TomlValue& value);

}  // namespace pygate::profiles
