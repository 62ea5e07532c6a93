// libFuzzer target: bytes as a result-cache entry (`pygate check --cache`),
// whose folder other scans write too. Whatever the bytes, decoding must
// refuse them or give findings that the profile judges as the entry says,
// never crash, hang or read out of bounds. The first byte picks whether the
// expected origin is the one the seeds carry, so mutants reach the findings.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "judging/cache_entry.hpp"
#include "profiles/compiled_profiles.hpp"
#include "profiles/profile_gate.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const pygate::analyzer::Profile profile =
        std::get<pygate::analyzer::Profile>(pygate::profiles::resolve_profile("safe_eval"));
    if (size == 0) return 0;
    const pygate::judging::CacheEntryOrigin origin{data[0] % 2 == 0 ? "fuzz" : "other", "profile", "content"};
    std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    auto decoded = pygate::judging::decode_cache_entry(text, origin, profile);
    if (!decoded) return 0;
    // What decodes must encode back to the same bytes: nothing was guessed.
    if (pygate::judging::encode_cache_entry(origin, *decoded) != text) __builtin_trap();
    std::vector<pygate::analyzer::Finding> rejudged = decoded->findings;
    if (pygate::profiles::judge_findings(rejudged, profile) != decoded->decision) __builtin_trap();
    return 0;
}
