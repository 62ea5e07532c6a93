#pragma once
// TOML text parsed as profiles are parsed (valid UTF-8 without NUL, nesting
// bounded before toml11's recursion, syntax errors placed at toml11's caret),
// for the other TOML files pygate reads: configuration (cli/configuration).

#include <cstdint>
#include <string_view>
#include <variant>

#include "profiles/profile_loader.hpp"
#include "profiles/toml_value.hpp"

namespace pygate::profiles {

using TomlResult = std::variant<TomlValue, ProfileError>;

TomlResult parse_toml_text(std::string_view text, std::string_view file_name);

// "a string", "an integer", ...: for messages that say what a value is.
const char* toml_type_name(const TomlValue& value);

// Where an error about a value, or about the key that holds it, is shown:
// toml11 records where each value starts, so a key's column is found on its
// value's line (1-based, in code points).
struct TomlPlace {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};
TomlPlace place_of_value(const TomlValue& value);
TomlPlace place_of_key(const TomlValue& value, std::string_view key);

}  // namespace pygate::profiles
