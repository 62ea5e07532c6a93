#include "scanning/input_lines.hpp"

#include <zlib.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <vector>

#include "support/run_process.hpp"
using namespace pygate::scanning;
using pygate::testing::TempDir;

namespace {

struct Read {
    std::vector<std::string> lines;  // "<too long>" for a skipped line
    std::vector<std::uint64_t> numbers;
    std::string error;
};

Read read_all(const std::string& path, std::size_t max_line_bytes = 1 << 20, char separator = '\n') {
    std::string open_error;
    auto reader = InputLines::open(path, max_line_bytes, separator, open_error);
    INFO(open_error);
    REQUIRE(reader);
    Read read;
    std::string line;
    for (;;) {
        auto status = reader->next(line);
        if (status == InputLines::Status::end) break;
        if (status == InputLines::Status::failed) {
            read.error = reader->error();
            break;
        }
        read.lines.push_back(status == InputLines::Status::too_long ? "<too long>" : line);
        read.numbers.push_back(reader->line_number());
    }
    return read;
}

std::string gzip_file(const TempDir& dir, const std::string& name, const std::string& bytes) {
    std::string path = dir.path() + "/" + name;
    gzFile file = gzopen(path.c_str(), "wb");
    REQUIRE(file != nullptr);
    REQUIRE(gzwrite(file, bytes.data(), static_cast<unsigned>(bytes.size())) == static_cast<int>(bytes.size()));
    REQUIRE(gzclose(file) == Z_OK);
    return path;
}

}  // namespace

TEST_CASE("lines are returned without their newline, empty ones and an unterminated last one included",
          "[input_lines]") {
    TempDir dir;
    Read read = read_all(dir.file("a.jsonl", "one\n\ntwo\r\nlast"));
    CHECK(read.lines == std::vector<std::string>{"one", "", "two\r", "last"});
    CHECK(read.numbers == std::vector<std::uint64_t>{1, 2, 3, 4});
    CHECK(read.error.empty());
    CHECK(read_all(dir.file("b.jsonl", "")).lines.empty());
    CHECK(read_all(dir.file("c.jsonl", "x\n")).lines == std::vector<std::string>{"x"});
}

TEST_CASE("lines longer than the limit are skipped whole, across buffer refills", "[input_lines]") {
    TempDir dir;
    std::string big(300000, 'y');  // several 64 KiB reads
    Read read = read_all(dir.file("a.jsonl", "short\n" + big + "\nafter\n" + big), 1000);
    CHECK(read.lines == std::vector<std::string>{"short", "<too long>", "after", "<too long>"});
    CHECK(read.numbers == std::vector<std::uint64_t>{1, 2, 3, 4});
    // Exactly at the limit is a line.
    CHECK(read_all(dir.file("b.jsonl", std::string(1000, 'z') + "\n"), 1000).lines ==
          std::vector<std::string>{std::string(1000, 'z')});
}

TEST_CASE("gzip-compressed files read as the plain file", "[input_lines]") {
    TempDir dir;
    std::string text;
    for (int i = 0; i < 20000; ++i)
        text += "{\"id\": " + std::to_string(i) + "}\n";
    std::string plain = dir.file("a.jsonl", text);
    std::string compressed = gzip_file(dir, "a.jsonl.gz", text);
    Read from_plain = read_all(plain);
    Read from_gzip = read_all(compressed);
    CHECK(from_gzip.lines.size() == 20000);
    CHECK(from_gzip.lines == from_plain.lines);
    CHECK(from_gzip.error.empty());
}

TEST_CASE("a truncated gzip stream fails with a reason, never ends quietly", "[input_lines]") {
    TempDir dir;
    std::string text;
    for (int i = 0; i < 5000; ++i)
        text += "line " + std::to_string(i) + "\n";
    std::string compressed = gzip_file(dir, "a.gz", text);
    std::ifstream in(compressed, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Read read = read_all(dir.file("cut.gz", bytes.substr(0, bytes.size() / 2)));
    CHECK(read.lines.size() < 5000);
    CHECK(read.error.find("unexpected end of file") != std::string::npos);
}

TEST_CASE("NUL-separated lists keep newlines inside a path", "[input_lines]") {
    TempDir dir;
    Read read = read_all(dir.file("list", std::string("a\nb.py\0c.py\0", 12)), 4096, '\0');
    CHECK(read.lines == std::vector<std::string>{"a\nb.py", "c.py"});
}

TEST_CASE("a file that cannot be opened says why", "[input_lines]") {
    TempDir dir;
    std::string error;
    CHECK_FALSE(InputLines::open(dir.path() + "/absent", 100, '\n', error));
    CHECK(error.find("No such file") != std::string::npos);
    CHECK_FALSE(InputLines::open(dir.path(), 100, '\n', error));
    CHECK(error.find("a folder") != std::string::npos);
}
