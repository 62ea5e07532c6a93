#include "serve/capacity.hpp"

#include <catch2/catch.hpp>
#include <cstdint>

using namespace pygate::serve;

namespace {
constexpr std::uint64_t k_gib = std::uint64_t{1} << 30;
}

TEST_CASE("serve capacity: sessions whose memory limits fit in half the memory", "[serve]") {
    // 8 GiB: 4 GiB for sessions of 512 MiB each.
    CHECK(default_max_sessions(64, 8 * k_gib) == 8);
    CHECK(default_max_sessions(64, 24 * k_gib) == 24);
}

TEST_CASE("serve capacity: at most eight sessions per core", "[serve]") {
    CHECK(default_max_sessions(2, 256 * k_gib) == 16);
    CHECK(default_max_sessions(0, 256 * k_gib) == 8);  // an unknown core count counts as one
}

TEST_CASE("serve capacity: at least one session, even with memory unknown", "[serve]") {
    CHECK(default_max_sessions(4, 0) == 1);
    CHECK(default_max_sessions(4, k_gib / 2) == 1);
}

TEST_CASE("serve capacity: the machine's memory is known on Linux", "[serve]") {
    CHECK(physical_memory_bytes() > 0);
}
