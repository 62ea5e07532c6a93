#include "scanning/shard.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace pygate::scanning;

TEST_CASE("the shard option takes K/N with 1 <= K <= N", "[shard]") {
    auto first = parse_shard("1/4");
    REQUIRE(first);
    CHECK(first->index == 0);
    CHECK(first->count == 4);
    auto last = parse_shard("4/4");
    REQUIRE(last);
    CHECK(last->index == 3);
    for (const char* bad : {"0/4", "5/4", "1/0", "4", "/4", "1/", "a/b", "-1/4", "1/4/2", " 1/4", "1/4 ", ""})
        CHECK_FALSE(parse_shard(bad));
}

TEST_CASE("FNV-1a is the published function, byte for byte", "[shard]") {
    // Test vectors of the FNV reference (Fowler, Noll, Vo: "FNV-1a 64").
    CHECK(fnv1a_64("") == 0xcbf29ce484222325ull);
    CHECK(fnv1a_64("a") == 0xaf63dc4c8601ec8cull);
    CHECK(fnv1a_64("foobar") == 0x85944171f73967e8ull);
}

TEST_CASE("N shards cover every name exactly once", "[shard]") {
    std::vector<std::string> names;
    for (int i = 0; i < 3000; ++i)
        names.push_back("corpus/pkg" + std::to_string(i % 17) + "/module_" + std::to_string(i) + ".py");
    for (std::uint64_t count = 1; count <= 6; ++count) {
        std::vector<std::size_t> per_shard(count, 0);
        for (const auto& name : names) {
            int owners = 0;
            for (std::uint64_t index = 0; index < count; ++index) {
                if (in_shard(name, {index, count})) {
                    ++owners;
                    ++per_shard[index];
                }
            }
            CHECK(owners == 1);
        }
        // Not a test of the hash's quality, only that no shard is left empty or takes all.
        for (std::size_t size : per_shard)
            CHECK(size > names.size() / count / 2);
    }
}
