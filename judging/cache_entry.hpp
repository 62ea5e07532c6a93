#pragma once
// One entry of the result cache (judging/result_cache): a file's judged findings
// and decision, with what they were computed from. The text is read back
// only when every part checks out: the format, pygate's identity, the
// profile's digest and the content's digest must be the expected ones, every
// field must parse, and the findings must give the stored decision again
// under the profile. Anything else is no entry (the file is analysed afresh):
// a cache file is never trusted for more than it proves.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/gate.hpp"
#include "analyzer/profile.hpp"

namespace pygate::judging {

// What an entry must have been computed from.
struct CacheEntryOrigin {
    std::string pygate;   // pygate's version and the digest of its binary
    std::string profile;  // the resolved profile's digest
    std::string content;  // the SHA-256 of the bytes analysed
};

struct CachedResult {
    analyzer::Decision decision = analyzer::Decision::deny;
    std::vector<analyzer::Finding> findings;
};

std::string encode_cache_entry(const CacheEntryOrigin& origin, const CachedResult& result);

// Nothing unless `text` is an entry of `expected` that `profile` judges as it says.
std::optional<CachedResult> decode_cache_entry(std::string_view text, const CacheEntryOrigin& expected,
                                               const analyzer::Profile& profile);

}  // namespace pygate::judging
