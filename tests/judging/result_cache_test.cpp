#include "judging/result_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "profiles/compiled_profiles.hpp"
#include "profiles/profile_gate.hpp"
#include "support/run_process.hpp"

using namespace pygate;
using namespace pygate::judging;
using pygate::testing::TempDir;

namespace {

const analyzer::Profile& profile_named(const std::string& name) {
    static std::map<std::string, analyzer::Profile> loaded;
    auto [it, added] = loaded.try_emplace(name);
    if (added) it->second = std::get<analyzer::Profile>(profiles::resolve_profile(name));
    return it->second;
}

std::unique_ptr<ResultCache> open_cache(const std::string& folder, std::uint64_t max_bytes = 1 << 30,
                                        const std::string& profile = "safe_eval") {
    std::string error;
    auto cache = ResultCache::open(folder, max_bytes, profile_named(profile), error);
    INFO(error);
    REQUIRE(cache);
    return cache;
}

// A result for `n`: a finding whose message says n, judged by safe_eval.
CachedResult result_for(int n) {
    analyzer::Finding finding;
    finding.rule = 1;
    finding.range = {static_cast<std::uint32_t>(n + 1), 1, static_cast<std::uint32_t>(n + 1), 5};
    finding.message = "finding " + std::to_string(n);
    CachedResult result{analyzer::Decision::allow, {finding}};
    result.decision = profiles::judge_findings(result.findings, profile_named("safe_eval"));
    return result;
}

std::set<std::string> entry_files(const std::string& folder) {
    std::set<std::string> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
        if (entry.is_regular_file()) files.insert(entry.path().string());
    return files;
}

// Stores result_for(n) under key n and returns the file it went to.
std::string store_and_find(ResultCache& cache, const std::string& folder, int n) {
    auto before = entry_files(folder);
    cache.store(ResultCache::content_key("bytes " + std::to_string(n)), result_for(n));
    auto after = entry_files(folder);
    std::vector<std::string> added;
    for (const auto& file : after)
        if (!before.count(file)) added.push_back(file);
    REQUIRE(added.size() == 1);
    return added[0];
}

void set_mtime(const std::string& path, time_t seconds) {
    struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    REQUIRE(::utimensat(AT_FDCWD, path.c_str(), times, 0) == 0);
}

}  // namespace

TEST_CASE("a stored result is found again by its bytes' key, and only by it", "[cache]") {
    TempDir dir;
    auto cache = open_cache(dir.path() + "/cache");
    std::string key = ResultCache::content_key("import os\n");
    CHECK_FALSE(cache->load(key));
    cache->store(key, result_for(7));
    auto loaded = cache->load(key);
    REQUIRE(loaded);
    CHECK(loaded->findings.at(0).message == "finding 7");
    CHECK(cache->hits() == 1);
    CHECK_FALSE(cache->load(ResultCache::content_key("import os\n ")));
    // Another process (a new ResultCache) finds it too; under another profile it does not.
    CHECK(open_cache(dir.path() + "/cache")->load(key));
    CHECK_FALSE(open_cache(dir.path() + "/cache", 1 << 30, "data_processing")->load(key));
}

TEST_CASE("a corrupt entry is ignored, and the next store replaces it", "[cache]") {
    TempDir dir;
    auto cache = open_cache(dir.path());
    std::string file = store_and_find(*cache, dir.path(), 1);
    std::string key = ResultCache::content_key("bytes 1");
    for (std::string garbage : {std::string(), std::string("pygate-result-cache 1\n"), std::string(5000, '\xff')}) {
        std::ofstream(file, std::ios::binary | std::ios::trunc) << garbage;
        CHECK_FALSE(cache->load(key));
    }
    cache->store(key, result_for(1));
    CHECK(cache->load(key));
}

TEST_CASE("past the limit the least recently used entries go", "[cache]") {
    TempDir dir;
    std::vector<std::string> files;
    {
        auto cache = open_cache(dir.path());
        for (int n = 0; n < 20; ++n)
            files.push_back(store_and_find(*cache, dir.path(), n));
    }
    // Entry n last used at 1000 + n seconds (file times are too coarse to order writes).
    for (int n = 0; n < 20; ++n)
        set_mtime(files[n], 1000 + n);
    // Using entry 2 makes it the most recent.
    auto cache = open_cache(dir.path());
    REQUIRE(cache->load(ResultCache::content_key("bytes 2")));
    // Ten 4 KiB entries' worth: opening evicts down to 90% of it, nine entries.
    auto small = open_cache(dir.path(), 10 * 4096);
    std::set<std::string> left = entry_files(dir.path());
    CHECK(left.size() == 9);
    CHECK(left.count(files[2]));  // used last
    for (int n = 12; n < 20; ++n)
        CHECK(left.count(files[n]));  // the newest
    for (int n : {0, 1, 3, 11})
        CHECK_FALSE(left.count(files[n]));
    // Storing past the limit evicts again.
    for (int n = 20; n < 40; ++n)
        small->store(ResultCache::content_key("bytes " + std::to_string(n)), result_for(n));
    CHECK(entry_files(dir.path()).size() <= 10);
}

TEST_CASE("a cache folder others can write is refused", "[cache]") {
    TempDir dir;
    std::string folder = dir.path() + "/shared";
    REQUIRE(::mkdir(folder.c_str(), 0777) == 0);
    REQUIRE(::chmod(folder.c_str(), 0777) == 0);
    std::string error;
    CHECK_FALSE(ResultCache::open(folder, 1 << 20, profile_named("safe_eval"), error));
    CHECK(error.find("writable by no one else") != std::string::npos);
    CHECK_FALSE(ResultCache::open(dir.file("file", "x"), 1 << 20, profile_named("safe_eval"), error));
}

TEST_CASE("scans sharing a folder never see half an entry", "[cache]") {
    TempDir dir;
    auto first = open_cache(dir.path());
    auto second = open_cache(dir.path());
    std::atomic<int> wrong{0}, found{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            ResultCache& cache = t % 2 == 0 ? *first : *second;
            for (int round = 0; round < 200; ++round) {
                int n = (round * 7 + t) % 10;
                std::string key = ResultCache::content_key("bytes " + std::to_string(n));
                if (auto loaded = cache.load(key)) {
                    ++found;
                    if (loaded->findings.at(0).message != "finding " + std::to_string(n)) ++wrong;
                } else {
                    cache.store(key, result_for(n));
                }
            }
        });
    }
    for (auto& thread : threads)
        thread.join();
    CHECK(wrong == 0);
    CHECK(found > 0);
    for (const auto& file : entry_files(dir.path()))
        CHECK(std::filesystem::path(file).filename().string().rfind(".tmp-", 0) == std::string::npos);
}
