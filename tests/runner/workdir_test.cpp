#include "runner/workdir.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "runner/sha256.hpp"
#include "support/run_process.hpp"

using namespace pygate::runner;
using pygate::testing::TempDir;
namespace fs = std::filesystem;

namespace {

unsigned mode_of(const std::string& path) {
    struct stat info {};
    REQUIRE(::lstat(path.c_str(), &info) == 0);
    return info.st_mode & 07777;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("the work directory holds main.py, input/ and output/ with their modes", "[runner][workdir]") {
    TempDir sources;
    std::string data = sources.file("data.csv", "a,b\n1,2\n");
    auto created = create_workdir("print(1)\n", {data}, std::nullopt);
    REQUIRE(std::holds_alternative<Workdir>(created));
    const Workdir& workdir = std::get<Workdir>(created);
    CHECK(mode_of(workdir.path) == 0700);
    CHECK(mode_of(workdir.path + "/main.py") == 0444);
    CHECK(slurp(workdir.path + "/main.py") == "print(1)\n");
    CHECK(mode_of(workdir.path + "/input") == 0555);
    CHECK(mode_of(workdir.path + "/input/data.csv") == 0444);
    CHECK(slurp(workdir.path + "/input/data.csv") == "a,b\n1,2\n");
    CHECK(mode_of(workdir.output) == 0700);
    REQUIRE(workdir.inputs.size() == 1);
    CHECK(workdir.inputs[0].path == "input/data.csv");
    CHECK(workdir.inputs[0].sha256 == sha256_hex("a,b\n1,2\n"));
    CHECK(remove_workdir(workdir.path));
    CHECK(!fs::exists(workdir.path));
}

TEST_CASE("inputs that cannot be copied are errors, and nothing is left", "[runner][workdir]") {
    TempDir a, b;
    auto missing = create_workdir("", {a.path() + "/nope.csv"}, std::nullopt);
    REQUIRE(std::holds_alternative<std::string>(missing));
    CHECK(std::get<std::string>(missing).find("nope.csv") != std::string::npos);
    auto twice = create_workdir("", {a.file("x.csv", "1"), b.file("x.csv", "2")}, std::nullopt);
    REQUIRE(std::holds_alternative<std::string>(twice));
    CHECK(std::get<std::string>(twice).find("x.csv") != std::string::npos);
}

TEST_CASE("outputs: regular files are hashed and copied, links are not followed", "[runner][workdir]") {
    TempDir outside, destination;
    std::string secret = outside.file("secret.txt", "do not copy");
    auto created = create_workdir("", {}, std::nullopt);
    REQUIRE(std::holds_alternative<Workdir>(created));
    const Workdir& workdir = std::get<Workdir>(created);
    std::ofstream(workdir.output + "/result.txt") << "42\n";
    fs::create_directories(workdir.output + "/sub");
    std::ofstream(workdir.output + "/sub/more.txt") << "more";
    fs::create_symlink(secret, workdir.output + "/link.txt");
    REQUIRE(::mkfifo((workdir.output + "/fifo").c_str(), 0600) == 0);

    CollectedOutputs collected = collect_outputs(workdir, destination.path() + "/out");
    REQUIRE(collected.files.size() == 2);
    CHECK(collected.files[0].path == "output/result.txt");
    CHECK(collected.files[0].bytes == 3);
    CHECK(collected.files[0].sha256 == sha256_hex("42\n"));
    CHECK(collected.files[1].path == "output/sub/more.txt");
    CHECK(slurp(destination.path() + "/out/result.txt") == "42\n");
    CHECK(slurp(destination.path() + "/out/sub/more.txt") == "more");
    CHECK(!fs::exists(fs::symlink_status(destination.path() + "/out/link.txt")));
    CHECK(!fs::exists(fs::symlink_status(destination.path() + "/out/fifo")));
    CHECK(collected.notes.size() == 2);
    CHECK(remove_workdir(workdir.path));
}

TEST_CASE("outputs: at most k_max_output_files are listed, and a note says so", "[runner][workdir]") {
    auto created = create_workdir("", {}, std::nullopt);
    REQUIRE(std::holds_alternative<Workdir>(created));
    const Workdir& workdir = std::get<Workdir>(created);
    for (std::size_t i = 0; i < k_max_output_files + 50; ++i)
        std::ofstream(workdir.output + "/" + std::to_string(i));
    for (int i = 0; i < 200; ++i)
        REQUIRE(::mkfifo((workdir.output + "/fifo" + std::to_string(i)).c_str(), 0600) == 0);
    CollectedOutputs collected = collect_outputs(workdir, "");
    CHECK(collected.files.size() <= k_max_output_files);
    CHECK(collected.notes.size() <= k_max_output_notes + 2);  // and "more than 1000 files", "N more notes"
    CHECK(collected.notes.back().find(" more notes left out") != std::string::npos);
    bool said = false;
    for (const std::string& note : collected.notes)
        said = said || note.find("more than 1000 files") != std::string::npos;
    CHECK(said);
    CHECK(remove_workdir(workdir.path));
}

TEST_CASE("as root, the work directory's tmpfs holds workdir_inodes(disk_mb) files at most", "[runner][workdir]") {
    if (::geteuid() != 0) return;
    auto created = create_workdir("", {}, WorkdirOwner{0, 0}, {}, 1);
    REQUIRE(std::holds_alternative<Workdir>(created));
    const Workdir& workdir = std::get<Workdir>(created);
    REQUIRE(workdir.disk_bounded);
    CHECK(!workdir_disk_full(workdir));
    std::int64_t made = 0;
    while (made < 1000 && std::ofstream(workdir.output + "/" + std::to_string(made)))
        ++made;
    CHECK(made < workdir_inodes(1));
    CHECK(made >= workdir_inodes(1) - 4);  // main.py, input/, output/ and the root take theirs
    CHECK(workdir_disk_full(workdir));
    CHECK(remove_workdir(workdir.path));
}

TEST_CASE("the work directory goes whatever modes the program left", "[runner][workdir]") {
    auto created = create_workdir("", {}, std::nullopt);
    REQUIRE(std::holds_alternative<Workdir>(created));
    const Workdir& workdir = std::get<Workdir>(created);
    fs::create_directories(workdir.output + "/locked/inner");
    std::ofstream(workdir.output + "/locked/inner/file") << "x";
    ::chmod((workdir.output + "/locked/inner").c_str(), 0);
    ::chmod((workdir.output + "/locked").c_str(), 0);
    CHECK(remove_workdir(workdir.path));
    CHECK(!fs::exists(workdir.path));
}
