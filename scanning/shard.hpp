#pragma once
// `--shard K/N`: which inputs one of N independent processes scans, so that
// together they cover a corpus exactly once. An input belongs to shard K when
// a stable hash of its name (a file's path, a record's id) modulo N is K-1:
// the same on every machine and every run, whatever the order of the inputs.

#include <cstdint>
#include <optional>
#include <string_view>

namespace pygate::scanning {

struct Shard {
    std::uint64_t index = 0;  // 0-based: --shard 1/4 is index 0 of count 4
    std::uint64_t count = 1;
};

// "K/N" with 1 <= K <= N; nothing for anything else.
std::optional<Shard> parse_shard(std::string_view text);

// 64-bit FNV-1a: specified byte for byte, unlike std::hash.
std::uint64_t fnv1a_64(std::string_view bytes);

bool in_shard(std::string_view name, const Shard& shard);

}  // namespace pygate::scanning
