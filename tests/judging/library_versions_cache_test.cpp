#include "judging/library_versions_cache.hpp"

#include <stdlib.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "judging/target_libraries.hpp"
#include "runner/version_cache.hpp"
#include "support/run_process.hpp"

using pygate::analyzer::LibraryVersions;
using pygate::judging::ask_interpreter;
using pygate::judging::cached_library_versions;
using pygate::judging::store_library_versions;
using pygate::testing::TempDir;
namespace fs = std::filesystem;

namespace {

constexpr std::chrono::seconds k_now{0};  // a test's files are seconds old: trust them at once

std::chrono::system_clock::time_point now() { return std::chrono::system_clock::now(); }

LibraryVersions some_versions() {
    LibraryVersions versions;
    versions.versions = {{"cpython", "3.11"}, {"numpy", "1.24.2"}};
    return versions;
}

std::string only_entry(const std::string& dir) {
    std::vector<std::string> entries = pygate::testing::directory_entries(dir);
    REQUIRE(entries.size() == 1);
    return entries.front();
}

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void append(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::app);
    out << bytes;
}

// Sets XDG_CACHE_HOME for one test, restoring it after.
class CacheHome {
public:
    explicit CacheHome(const std::string& path) {
        if (const char* old = ::getenv("XDG_CACHE_HOME")) m_old = old;
        ::setenv("XDG_CACHE_HOME", path.c_str(), 1);
    }
    ~CacheHome() {
        if (m_old) ::setenv("XDG_CACHE_HOME", m_old->c_str(), 1);
        else ::unsetenv("XDG_CACHE_HOME");
    }
    CacheHome(const CacheHome&) = delete;
    CacheHome& operator=(const CacheHome&) = delete;

private:
    std::optional<std::string> m_old;
};

}  // namespace

TEST_CASE("library versions are remembered while nothing they came from changes", "[judging][library_versions_cache]") {
    TempDir cache, site;
    const std::string metadata = site.file("numpy.dist-info", "Version: 1.24.2\n");
    store_library_versions(cache.path(), "python-a", some_versions(), {site.path(), metadata}, now(), k_now);
    std::optional<LibraryVersions> cached = cached_library_versions(cache.path(), "python-a", k_now);
    REQUIRE(cached);
    CHECK(cached->versions == some_versions().versions);
    CHECK_FALSE(cached_library_versions(cache.path(), "python-b", k_now));  // another interpreter

    SECTION("a watched file that changed is a miss") {
        append(metadata, "Version: 2.2.4\n");
        CHECK_FALSE(cached_library_versions(cache.path(), "python-a", k_now));
    }
    SECTION("a watched path that is gone is a miss") {
        fs::remove(metadata);
        CHECK_FALSE(cached_library_versions(cache.path(), "python-a", k_now));
    }
    SECTION("a path changed within the settling time is a miss") {
        CHECK_FALSE(cached_library_versions(cache.path(), "python-a", std::chrono::seconds(3600)));
    }
    SECTION("an entry with a line it does not expect is a miss") {
        append(only_entry(cache.path()), "version pandas\n");
        CHECK_FALSE(cached_library_versions(cache.path(), "python-a", k_now));
    }
}

TEST_CASE("nothing is stored that could not be checked again", "[judging][library_versions_cache]") {
    TempDir cache, site;
    store_library_versions(cache.path(), "python-a", some_versions(), {site.path() + "/not-there"}, now(), k_now);
    store_library_versions(cache.path(), "python-a", some_versions(), {site.path()}, now(), std::chrono::seconds(3600));
    store_library_versions(cache.path(), "python-a", some_versions(), {"relative/path"}, now(), k_now);
    // A path that changed after the interpreter was asked (an install while it answered).
    const auto before = std::chrono::system_clock::now() - std::chrono::seconds(60);
    store_library_versions(cache.path(), "python-a", some_versions(), {site.path()}, before, k_now);
    LibraryVersions without_cpython;
    without_cpython.versions = {{"numpy", "1.24.2"}};
    store_library_versions(cache.path(), "python-a", without_cpython, {site.path()}, now(), k_now);
    CHECK(fs::is_empty(cache.path()));
}

TEST_CASE("asking the interpreter twice asks it once", "[judging][library_versions_cache]") {
    TempDir home;
    CacheHome cache_home(home.path());
    std::string error;
    const std::optional<LibraryVersions> asked = ask_interpreter(pygate::judging::k_default_target_python, error);
    REQUIRE(asked);
    const std::string entry = only_entry(home.path() + "/pygate");  // the first answer was stored
    CHECK(read(entry).find("\nwatch ") != std::string::npos);

    // The second answer is the entry's: one it could only have read there.
    std::string text = read(entry);
    const std::string line = "version cpython " + asked->versions.at("cpython") + "\n";
    REQUIRE(text.find(line) != std::string::npos);
    text.replace(text.find(line), line.size(), "version cpython 9.99\n");
    { std::ofstream(entry, std::ios::trunc) << text; }
    std::optional<LibraryVersions> again = ask_interpreter(pygate::judging::k_default_target_python, error);
    REQUIRE(again);
    CHECK(again->versions.at("cpython") == "9.99");

    // A watched path whose key no longer matches: the interpreter is asked again.
    const std::size_t watch = text.find("\nwatch ") + 7;
    text[watch] = text[watch] == '1' ? '2' : '1';
    { std::ofstream(entry, std::ios::trunc) << text; }
    again = ask_interpreter(pygate::judging::k_default_target_python, error);
    REQUIRE(again);
    CHECK(again->versions == asked->versions);
}
