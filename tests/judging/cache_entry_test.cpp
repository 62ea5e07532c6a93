#include "judging/cache_entry.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "analyzer/text/source.hpp"
#include "profiles/compiled_profiles.hpp"
#include "profiles/profile_gate.hpp"

using namespace pygate;
using namespace pygate::judging;

namespace {

const analyzer::Profile& safe_eval() {
    static const analyzer::Profile profile = std::get<analyzer::Profile>(profiles::resolve_profile("safe_eval"));
    return profile;
}

const CacheEntryOrigin k_origin{"0.1.0 b1n4ry", "pr0f1le", "c0ntent"};

// Findings with every field set, odd bytes in the texts, judged by safe_eval.
CachedResult sample() {
    CachedResult result;
    analyzer::Finding imported;
    imported.rule = 3;
    imported.range = {1, 8, 1, 10};
    imported.message = "import of `os`, which profile safe_eval does not allow";
    imported.source_line = "import os";
    analyzer::Finding executed;
    executed.rule = 4;
    executed.range = {2, 1, 2, 10};
    executed.message = "runs a shell command\nwith: a newline, 12:colons and \xff bytes";
    executed.qualified_name = "os.system";
    executed.source_line = std::string("os.system('\0')", 14);
    executed.chain = {{{1, 1, 1, 10}, "import os"}, {{3, 5, 3, 6}, ""}};
    result.findings = {imported, executed};
    result.decision = profiles::judge_findings(result.findings, safe_eval());
    return result;
}

bool same(const CachedResult& a, const CachedResult& b) {
    if (a.decision != b.decision || a.findings.size() != b.findings.size()) return false;
    for (std::size_t i = 0; i < a.findings.size(); ++i) {
        const auto &x = a.findings[i], &y = b.findings[i];
        if (x.rule != y.rule || x.severity != y.severity || x.range != y.range || x.message != y.message ||
            x.qualified_name != y.qualified_name || x.source_line != y.source_line || x.chain != y.chain)
            return false;
    }
    return true;
}

}  // namespace

TEST_CASE("a cache entry decodes to exactly what was encoded", "[cache]") {
    CachedResult result = sample();
    REQUIRE(result.decision == analyzer::Decision::deny);
    auto decoded = decode_cache_entry(encode_cache_entry(k_origin, result), k_origin, safe_eval());
    REQUIRE(decoded);
    CHECK(same(*decoded, result));

    CachedResult clean{analyzer::Decision::allow, {}};
    auto empty = decode_cache_entry(encode_cache_entry(k_origin, clean), k_origin, safe_eval());
    REQUIRE(empty);
    CHECK(same(*empty, clean));
}

TEST_CASE("an entry of another pygate, profile or content is no entry", "[cache]") {
    std::string text = encode_cache_entry(k_origin, sample());
    for (CacheEntryOrigin other : {CacheEntryOrigin{"0.1.0 other", k_origin.profile, k_origin.content},
                                   CacheEntryOrigin{k_origin.pygate, "other", k_origin.content},
                                   CacheEntryOrigin{k_origin.pygate, k_origin.profile, "other"}})
        CHECK_FALSE(decode_cache_entry(text, other, safe_eval()));
}

TEST_CASE("every truncation and any trailing byte of an entry is refused", "[cache]") {
    std::string text = encode_cache_entry(k_origin, sample());
    for (std::size_t size = 0; size < text.size(); ++size) {
        INFO(size);
        CHECK_FALSE(decode_cache_entry(text.substr(0, size), k_origin, safe_eval()));
    }
    CHECK_FALSE(decode_cache_entry(text + "\n", k_origin, safe_eval()));
    CHECK_FALSE(decode_cache_entry(text + "x", k_origin, safe_eval()));
}

TEST_CASE("an entry whose findings the profile would judge otherwise is refused", "[cache]") {
    CachedResult allowed_forgery = sample();
    allowed_forgery.decision = analyzer::Decision::allow;  // findings that deny, said to allow
    CHECK_FALSE(decode_cache_entry(encode_cache_entry(k_origin, allowed_forgery), k_origin, safe_eval()));

    // PG000 is an error under every profile.
    CachedResult lowered{analyzer::Decision::allow, {analyzer::unsafe_source_finding({}, "cannot read")}};
    lowered.findings[0].severity = analyzer::Severity::note;
    CHECK_FALSE(decode_cache_entry(encode_cache_entry(k_origin, lowered), k_origin, safe_eval()));

    // A finding the profile's allow list drops is not one this profile produced.
    const auto networked = std::get<analyzer::Profile>(profiles::resolve_profile("networked"));
    analyzer::Finding client;
    client.rule = 5;
    client.qualified_name = "requests.get";
    client.message = "network access";
    CachedResult foreign{analyzer::Decision::deny, {client}};
    CHECK_FALSE(decode_cache_entry(encode_cache_entry(k_origin, foreign), k_origin, networked));
    CHECK(decode_cache_entry(encode_cache_entry(k_origin, foreign), k_origin, safe_eval()));

    CachedResult unknown_rule = sample();
    unknown_rule.findings[0].rule = 999;
    CHECK_FALSE(decode_cache_entry(encode_cache_entry(k_origin, unknown_rule), k_origin, safe_eval()));
}

TEST_CASE("damaged counts, lengths and numbers are refused, never trusted or overread", "[cache]") {
    std::string text = encode_cache_entry(k_origin, sample());
    // Each byte in turn replaced by characters that change a number or a length.
    for (std::size_t i = 0; i < text.size(); ++i) {
        for (char replacement : {'9', '0', ':', ' ', '\n', '-'}) {
            if (text[i] == replacement) continue;
            std::string damaged = text;
            damaged[i] = replacement;
            auto decoded = decode_cache_entry(damaged, k_origin, safe_eval());
            // Inside a message a changed byte decodes to another message: that
            // is the only change an entry may survive, and it must still judge alike.
            if (decoded) CHECK(decoded->decision == analyzer::Decision::deny);
        }
    }
    CHECK_FALSE(decode_cache_entry("pygate-result-cache 1\n99999999999999999999:", k_origin, safe_eval()));
    CHECK_FALSE(decode_cache_entry("", k_origin, safe_eval()));
}
