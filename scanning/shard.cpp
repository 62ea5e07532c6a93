#include "scanning/shard.hpp"

#include <charconv>

namespace pygate::scanning {
namespace {

std::optional<std::uint64_t> parse_positive(std::string_view text) {
    std::uint64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value == 0) return std::nullopt;
    return value;
}

}  // namespace

std::optional<Shard> parse_shard(std::string_view text) {
    auto slash = text.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    auto k = parse_positive(text.substr(0, slash));
    auto n = parse_positive(text.substr(slash + 1));
    if (!k || !n || *k > *n) return std::nullopt;
    return Shard{*k - 1, *n};
}

std::uint64_t fnv1a_64(std::string_view bytes) {
    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (unsigned char byte : bytes) {
        hash ^= byte;
        hash *= 0x100000001b3ull;
    }
    return hash;
}

bool in_shard(std::string_view name, const Shard& shard) {
    return fnv1a_64(name) % shard.count == shard.index;
}

}  // namespace pygate::scanning
