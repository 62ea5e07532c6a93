// NameTable (rules/utils/name_table): the most specific entry matching a name or one
// of its dotted prefixes, each table answering for itself from the one
// combined index, and the same answer every time, whatever the per-thread
// memory of answers holds.
#include "rules/utils/name_table.hpp"

#include <catch2/catch.hpp>
#include <cstring>
#include <string>

using pygate::rules::NameEntry;
using pygate::rules::NameTable;

namespace {

constexpr NameEntry k_entries[] = {
    {"os.system", "runs a shell command"},
    {"os.exec*", "replaces the process"},
    {"subprocess.*", "starts a process"},
    {"subprocess.run", "runs a process"},
};
const NameTable k_table{k_entries};

constexpr NameEntry k_other_entries[] = {{"os.*", "touches the operating system"}};
const NameTable k_other{k_other_entries};

std::string_view what(const NameEntry* entry) {
    return entry == nullptr ? "none" : entry->what;
}

}  // namespace

TEST_CASE("name table: exact, wildcard, prefix and no match") {
    CHECK(what(k_table.match("os.system")) == "runs a shell command");
    CHECK(what(k_table.match("os.execvp")) == "replaces the process");
    CHECK(what(k_table.match("subprocess.run")) == "runs a process");  // more specific than subprocess.*
    CHECK(what(k_table.match("subprocess.Popen")) == "starts a process");
    CHECK(what(k_table.match("os.system.__doc__")) == "runs a shell command");  // a dotted prefix
    CHECK(what(k_table.match("os.path.join")) == "none");
    CHECK(what(k_table.match("builtins.len")) == "none");
    CHECK(what(k_table.match("")) == "none");
}

TEST_CASE("name table: a name stored where another was asked about gets its own answer") {
    // Answers are remembered by the name's text: the same buffer holding
    // another name, or another table asked about it, must not reuse the answer.
    char buffer[32] = {};
    std::string_view name(buffer, std::strlen("os.system"));
    std::memcpy(buffer, "os.system", name.size());
    CHECK(what(k_table.match(name)) == "runs a shell command");
    CHECK(what(k_other.match(name)) == "touches the operating system");
    std::memcpy(buffer, "os.chdirx", name.size());  // same address, same length, other text
    CHECK(what(k_table.match(name)) == "none");
    CHECK(what(k_other.match(name)) == "touches the operating system");
    std::memcpy(buffer, "os.execve", name.size());
    CHECK(what(k_table.match(name)) == "replaces the process");
    for (int round = 0; round < 3; ++round) {  // answers from the cache are the same as the first
        CHECK(what(k_table.match(name)) == "replaces the process");
        CHECK(what(k_table.match("subprocess.run")) == "runs a process");
    }
}

TEST_CASE("name table: names too long to cache are matched all the same") {
    std::string long_name = "subprocess." + std::string(100, 'x');
    CHECK(what(k_table.match(long_name)) == "starts a process");
    CHECK(what(k_table.match(long_name)) == "starts a process");
}

TEST_CASE("name table: each table answers from its own longest matching prefix") {
    // One search answers for both tables: k_table only through the prefix
    // `os.system`, k_other through its wildcard on the whole name.
    CHECK(what(k_table.match("os.system.__call__")) == "runs a shell command");
    CHECK(what(k_other.match("os.system.__call__")) == "touches the operating system");
    CHECK(what(k_other.match("subprocess.run")) == "none");
    CHECK(what(k_table.match("subprocess.run")) == "runs a process");
}
