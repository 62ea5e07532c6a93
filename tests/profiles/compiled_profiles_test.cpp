#include "profiles/compiled_profiles.hpp"

#include <catch2/catch.hpp>

#include "profiles/builtin_profiles.hpp"
#include "profiles/profile_cpp.hpp"
#include "support/run_process.hpp"

using namespace pygate::profiles;

TEST_CASE("each compiled built-in profile equals its TOML as the loader reads it", "[profiles]") {
    for (const BuiltinProfile& builtin : builtin_profiles()) {
        INFO("profile " << builtin.name);
        ProfileResult from_toml = load_profile(builtin.name);
        REQUIRE(std::holds_alternative<Profile>(from_toml));
        std::optional<Profile> compiled = compiled_builtin_profile(builtin.name);
        REQUIRE(compiled.has_value());
        CHECK(*compiled == std::get<Profile>(from_toml));
    }
    CHECK_FALSE(compiled_builtin_profile("no_such_profile").has_value());
}

TEST_CASE("resolve_profile answers built-in names from the compiled profiles and files from TOML", "[profiles]") {
    ProfileResult builtin = resolve_profile("repo_tooling");
    REQUIRE(std::holds_alternative<Profile>(builtin));
    CHECK(std::get<Profile>(builtin) == std::get<Profile>(load_profile("repo_tooling")));

    // An unknown name and a missing file fail exactly as the loader fails.
    ProfileResult unknown = resolve_profile("no_such_profile");
    REQUIRE(std::holds_alternative<ProfileError>(unknown));
    CHECK(std::get<ProfileError>(unknown).to_string() ==
          std::get<ProfileError>(load_profile("no_such_profile")).to_string());
    ProfileResult missing = resolve_profile("missing/profile.toml");
    REQUIRE(std::holds_alternative<ProfileError>(missing));
    CHECK(std::get<ProfileError>(missing).to_string() ==
          std::get<ProfileError>(load_profile("missing/profile.toml")).to_string());

    // A file that happens to be named like a built-in is read from disk, not
    // answered by the compiled built-in of that name.
    pygate::testing::TempDir dir;
    std::string path = dir.file("safe_eval.toml",
                                "name = \"safe_eval\"\nextends = \"safe_eval\"\n"
                                "description = \"the copy on disk\"\n[imports]\nallow_add = [\"csv\"]\n");
    ProfileResult file = resolve_profile(path);
    REQUIRE(std::holds_alternative<Profile>(file));
    CHECK(std::get<Profile>(file).description == "the copy on disk");
    CHECK(std::get<Profile>(file) != *compiled_builtin_profile("safe_eval"));
}

TEST_CASE("cpp_string_literal escapes what a C++ literal cannot hold as is", "[profiles]") {
    CHECK(cpp_string_literal("plain/path") == "\"plain/path\"");
    CHECK(cpp_string_literal("say \"hi\" \\ now") == "\"say \\\"hi\\\" \\\\ now\"");
    CHECK(cpp_string_literal("tab\there") == "\"tab\\011here\"");
    // Octal escapes are at most three digits, so a following digit stays a digit.
    CHECK(cpp_string_literal("\xC3\xA9" "1") == "\"\\303\\2511\"");
}
