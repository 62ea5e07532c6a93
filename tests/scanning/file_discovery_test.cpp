#include "scanning/file_discovery.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>

#include "support/run_process.hpp"

using namespace pygate::scanning;
using pygate::testing::TempDir;

TEST_CASE("folders yield *.py files and Python shebang scripts, sorted", "[discovery]") {
    TempDir dir;
    dir.file("b.py", "");
    dir.file("a/z.py", "");
    dir.file("a/run", "#!/usr/bin/python3.11 -u\n");
    dir.file("a/shell", "#!/bin/sh\n");
    dir.file("a/data.csv", "1,2\n");
    auto found = discover_files({dir.path()}, {});
    CHECK(found.files == std::vector<std::string>{dir.path() + "/a/run", dir.path() + "/a/z.py", dir.path() + "/b.py"});
    CHECK(found.missing.empty());
}

TEST_CASE("a folder given with a trailing slash keeps one slash", "[discovery]") {
    TempDir dir;
    dir.file("x.py", "");
    auto found = discover_files({dir.path() + "/"}, {});
    CHECK(found.files == std::vector<std::string>{dir.path() + "/x.py"});
}

TEST_CASE("exclude globs match paths and names and prune folders", "[discovery]") {
    TempDir dir;
    dir.file("keep.py", "");
    dir.file("keep_test.py", "");
    dir.file("vendor/lib.py", "");
    auto found = discover_files({dir.path()}, {"*_test.py", "vendor"});
    CHECK(found.files == std::vector<std::string>{dir.path() + "/keep.py"});
}

TEST_CASE("symlink loops are noticed, not followed forever", "[discovery]") {
    TempDir dir;
    dir.file("a/x.py", "");
    REQUIRE(::symlink("..", (dir.path() + "/a/up").c_str()) == 0);
    auto found = discover_files({dir.path()}, {});
    CHECK(found.files == std::vector<std::string>{dir.path() + "/a/x.py"});
    REQUIRE(found.notices.size() == 1);
    CHECK(found.notices[0].find(dir.path() + "/a/up") == 0);
}

TEST_CASE("files named on the command line are scanned whatever their name", "[discovery]") {
    TempDir dir;
    std::string script = dir.file("script.txt", "x = 1\n");
    auto found = discover_files({script, dir.path() + "/absent.py"}, {});
    CHECK(found.files == std::vector<std::string>{script});
    REQUIRE(found.missing.size() == 1);
    CHECK(found.missing[0].find("absent.py") != std::string::npos);
}
