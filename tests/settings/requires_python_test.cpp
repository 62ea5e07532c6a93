#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <variant>

#include "settings/requires_python.hpp"

using pygate::analyzer::PythonVersion;
using pygate::settings::DeclaredTarget;
using pygate::settings::find_requires_python;
using pygate::settings::lowest_admitted_target;

namespace {

std::string lowest(std::string_view specifiers) {
    auto answer = lowest_admitted_target(specifiers);
    if (auto* version = std::get_if<PythonVersion>(&answer)) return version->spelled();
    return "none: " + std::get<std::string>(answer);
}

}  // namespace

TEST_CASE("requires-python gives the lowest of 3.11..3.14 it admits", "[settings][target]") {
    CHECK(lowest(">=3.12") == "3.12");
    CHECK(lowest(">=3.12,<4") == "3.12");
    CHECK(lowest(">= 3.13.1") == "3.13");
    CHECK(lowest("~=3.13.1") == "3.13");
    CHECK(lowest("~=3.12") == "3.12");
    CHECK(lowest("==3.14.*") == "3.14");
    CHECK(lowest(">3.11") == "3.11");  // 3.11.1 is admitted
    CHECK(lowest(">=3.8") == "3.11");  // code for 3.8 and later must run on 3.11
    CHECK(lowest(">=3.9, !=3.11.*") == "3.12");
    CHECK(lowest("<3.11").starts_with("none: it admits none"));
    CHECK(lowest(">=3.15").starts_with("none: it admits none"));
    CHECK(lowest("3.12").starts_with("none: `3.12` is not"));
    CHECK(lowest(">=3.12a1").starts_with("none:"));
    CHECK(lowest("").starts_with("none:"));
}

TEST_CASE("requires-python is read from the nearest pyproject.toml", "[settings][target]") {
    namespace fs = std::filesystem;
    fs::path root = fs::temp_directory_path() / ("pygate-requires-python-" + std::to_string(::getpid()));
    fs::create_directories(root / "pkg" / "sub");
    std::ofstream(root / "pyproject.toml") << "[project]\nname = \"x\"\nrequires-python = \">=3.13\"\n";
    auto found = find_requires_python(root / "pkg" / "sub");
    REQUIRE(std::holds_alternative<DeclaredTarget>(found));
    const auto& declared = std::get<DeclaredTarget>(found);
    CHECK(declared.line == 3);
    CHECK(declared.specifiers == ">=3.13");
    CHECK(std::get<PythonVersion>(declared.target) == PythonVersion{3, 13});
    // The nearest pyproject.toml decides, even without requires-python.
    std::ofstream(root / "pkg" / "pyproject.toml") << "[project]\nname = \"y\"\n";
    CHECK(std::holds_alternative<std::monostate>(find_requires_python(root / "pkg" / "sub")));
    std::ofstream(root / "pkg" / "pyproject.toml") << "[project\n";
    CHECK(std::holds_alternative<std::string>(find_requires_python(root / "pkg")));
    fs::remove_all(root);
}
