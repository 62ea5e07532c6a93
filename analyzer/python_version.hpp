#pragma once
// The CPython version a program is judged for: its syntax is read exactly as
// that version's parser reads it (docs/analysis.md, "Syntax per target
// version"). pygate reads 3.11 to 3.14; any other version is refused where
// it is named, never approximated by a neighbour.

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pygate::analyzer {

struct PythonVersion {
    std::uint8_t major = 3;
    std::uint8_t minor = 11;

    auto operator<=>(const PythonVersion&) const = default;
    // "3.12"
    std::string spelled() const;
};

inline constexpr PythonVersion k_oldest_target{3, 11};
inline constexpr PythonVersion k_newest_target{3, 14};
// Where nothing says otherwise: the version pygate's own library tables describe.
inline constexpr PythonVersion k_default_target = k_oldest_target;

// "3.12" (or "3.12.4": a patch release reads as its minor version's syntax)
// as a version; nothing when the text is not MAJOR.MINOR[.PATCH] in digits.
std::optional<PythonVersion> parse_python_version(std::string_view text);

inline bool is_supported_target(PythonVersion version) {
    return version >= k_oldest_target && version <= k_newest_target;
}

// "3.11, 3.12, 3.13 or 3.14", for messages.
std::string supported_targets_spelled();

}  // namespace pygate::analyzer
