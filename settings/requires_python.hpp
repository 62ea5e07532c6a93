#pragma once
// The target version a repository declares: the lowest Python version its
// `[project] requires-python` admits, as Ruff infers its target version from
// the same field (a lower bound's version; `~=3.12` admits 3.12). pygate reads
// 3.11 to 3.14, so the answer is the lowest of those the specifiers admit
// (`>=3.9` admits 3.11): code declared to run on 3.9 and later must also run
// on 3.11. Specifiers that admit none of them are an error, never a guess.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "analyzer/python_version.hpp"

namespace pygate::settings {

// The lowest of 3.11..3.14 that a PEP 440 specifier set (`>=3.12,<4`)
// admits, or why there is none (the specifiers cannot be read, or admit no
// version pygate reads).
std::variant<analyzer::PythonVersion, std::string> lowest_admitted_target(std::string_view specifiers);

// A requires-python found, and what it gives.
struct DeclaredTarget {
    std::string file;  // as shown: relative to the working folder when under it
    std::uint32_t line = 0;
    std::string specifiers;
    std::variant<analyzer::PythonVersion, std::string> target;  // lowest_admitted_target's answer
};

// The `[project] requires-python` of the nearest pyproject.toml at or above
// `start`; nothing when the nearest has none (or there is none). A
// pyproject.toml that cannot be read or parsed is an error ("file: message").
std::variant<std::monostate, DeclaredTarget, std::string> find_requires_python(const std::filesystem::path& start);

}  // namespace pygate::settings
