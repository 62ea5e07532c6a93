#include "runner/version_cache.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/run_process.hpp"

using pygate::runner::cached_python_version;
using pygate::runner::default_version_cache_dir;
using pygate::runner::interpreter_identity;
using pygate::runner::store_python_version;
using pygate::testing::TempDir;
namespace fs = std::filesystem;

namespace {

// What an interpreter binary starts with (not "#!": scripts are never keyed).
const std::string k_binary = std::string(1, '\x7f') + "ELF\n";

std::string only_entry(const std::string& dir) {
    std::vector<std::string> entries = pygate::testing::directory_entries(dir);
    REQUIRE(entries.size() == 1);
    return entries.front();
}

void overwrite(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

}  // namespace

// The tests' interpreters are new files: no settling time.
constexpr std::chrono::seconds k_now{0};

TEST_CASE("the version cache gives back what was stored for the same interpreter file", "[runner][version_cache]") {
    TempDir dir;
    const std::string python = dir.file("python3", k_binary);
    const std::string cache = dir.path() + "/cache/pygate";  // neither folder exists yet
    auto identity = interpreter_identity(python, k_now);
    REQUIRE(identity);
    CHECK(cached_python_version(cache, *identity) == std::nullopt);
    store_python_version(cache, *identity, "3.11.2");
    CHECK(cached_python_version(cache, *identity) == std::optional<std::string>("3.11.2"));
    CHECK((fs::status(cache).permissions() & fs::perms::all) == fs::perms::owner_all);
    // Through a symbolic link it is the same interpreter.
    fs::create_symlink(python, dir.path() + "/python");
    CHECK(interpreter_identity(dir.path() + "/python", k_now) == identity);
    // No temporary file is left beside the entry.
    only_entry(cache);
}

TEST_CASE("an interpreter changed in the last seconds has no identity", "[runner][version_cache]") {
    TempDir dir;
    // Written within the same clock tick, two versions of a file can carry
    // the same times: only a settled file is keyed.
    const std::string python = dir.file("python3", k_binary);
    // An hour, not the default two seconds: a loaded machine may take longer
    // than the default between writing the file and asking.
    CHECK(interpreter_identity(python, std::chrono::hours(1)) == std::nullopt);
    CHECK(interpreter_identity(python, k_now));
    CHECK(interpreter_identity("/usr/bin/python3"));  // installed long ago
}

TEST_CASE("a script is never keyed: the interpreter it starts may change", "[runner][version_cache]") {
    TempDir dir;
    const std::string shim = dir.file("python3", "#!/bin/sh\nexec \"$(cat ~/.python-version)\" \"$@\"\n");
    CHECK(interpreter_identity(shim, k_now) == std::nullopt);
    const std::string empty = dir.file("empty", "");
    CHECK(interpreter_identity(empty, k_now));
}

TEST_CASE("the version cache misses once the interpreter file changes", "[runner][version_cache]") {
    TempDir dir;
    const std::string python = dir.file("python3", k_binary);
    const std::string cache = dir.path() + "/cache";
    auto before = interpreter_identity(python, k_now);
    REQUIRE(before);
    store_python_version(cache, *before, "3.11.2");

    SECTION("its modification time set back") {
        timespec times[2] = {{0, UTIME_NOW}, {1, 0}};
        REQUIRE(::utimensat(AT_FDCWD, python.c_str(), times, 0) == 0);
    }
    SECTION("rewritten with another size") {
        overwrite(python, k_binary + "\n");
    }
    SECTION("replaced by another file") {
        const std::string other = dir.file("other", k_binary);
        fs::rename(other, python);
    }
    auto after = interpreter_identity(python, k_now);
    REQUIRE(after);
    CHECK(after != before);
    CHECK(cached_python_version(cache, *after) == std::nullopt);
}

TEST_CASE("the version cache refuses doubtful entries", "[runner][version_cache]") {
    TempDir dir;
    const std::string python = dir.file("python3", k_binary);
    const std::string cache = dir.path() + "/cache";
    auto identity = interpreter_identity(python, k_now);
    REQUIRE(identity);
    store_python_version(cache, *identity, "3.11.2");
    const std::string entry = only_entry(cache);

    SECTION("a version that is no version is never stored") {
        fs::remove(entry);
        store_python_version(cache, *identity, "3.11.2\nextra");
        store_python_version(cache, *identity, "");
        CHECK(fs::is_empty(cache));
    }
    SECTION("another key in the entry") {
        overwrite(entry, "pygate-python-version 1\n/other 1 2 3 4 5 6 7\n3.11.2\n");
        CHECK(cached_python_version(cache, *identity) == std::nullopt);
    }
    SECTION("a truncated entry") {
        overwrite(entry, "pygate-python-version 1\n" + *identity + "\n3.11");
        CHECK(cached_python_version(cache, *identity) == std::nullopt);
    }
    SECTION("an unknown format") {
        overwrite(entry, "pygate-python-version 2\n" + *identity + "\n3.11.2\n");
        CHECK(cached_python_version(cache, *identity) == std::nullopt);
    }
    SECTION("a link in place of the entry") {
        const std::string target = dir.file("target", "pygate-python-version 1\n" + *identity + "\n3.11.2\n");
        fs::remove(entry);
        fs::create_symlink(target, entry);
        CHECK(cached_python_version(cache, *identity) == std::nullopt);
    }
    SECTION("an entry owned by another user") {
        if (::geteuid() != 0) {
            WARN("SKIP: giving a file to another user needs root");
            return;
        }
        REQUIRE(::chown(entry.c_str(), pygate::testing::k_nobody_uid, pygate::testing::k_nobody_uid) == 0);
        CHECK(cached_python_version(cache, *identity) == std::nullopt);
    }
    CHECK(cached_python_version("", *identity) == std::nullopt);
    CHECK(interpreter_identity(dir.path() + "/missing", k_now) == std::nullopt);
    CHECK(interpreter_identity(dir.path(), k_now) == std::nullopt);  // not a regular file
}

TEST_CASE("the version cache lives under XDG_CACHE_HOME, else HOME/.cache", "[runner][version_cache]") {
    const char* saved_xdg = ::getenv("XDG_CACHE_HOME");
    const char* saved_home = ::getenv("HOME");
    const std::string xdg = saved_xdg ? saved_xdg : "";
    const std::string home = saved_home ? saved_home : "";
    ::setenv("XDG_CACHE_HOME", "/x/cache", 1);
    ::setenv("HOME", "/h", 1);
    CHECK(default_version_cache_dir() == "/x/cache/pygate");
    ::setenv("XDG_CACHE_HOME", "relative", 1);  // the spec says: ignore a relative one
    CHECK(default_version_cache_dir() == "/h/.cache/pygate");
    ::unsetenv("XDG_CACHE_HOME");
    CHECK(default_version_cache_dir() == "/h/.cache/pygate");
    ::unsetenv("HOME");
    CHECK(default_version_cache_dir().empty());
    if (saved_xdg) ::setenv("XDG_CACHE_HOME", xdg.c_str(), 1);
    if (saved_home) ::setenv("HOME", home.c_str(), 1);
}
