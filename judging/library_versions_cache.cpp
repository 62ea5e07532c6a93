#include "judging/library_versions_cache.hpp"

#include <sys/stat.h>

#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <sstream>
#include <string_view>

#include "runner/sha256.hpp"
#include "runner/version_cache.hpp"

namespace pygate::judging {
namespace {

constexpr std::string_view k_format = "pygate-library-versions 1\n";
constexpr std::size_t k_entry_limit = 256 * 1024;
std::string entry_path(const std::string& cache_dir, const std::string& identity) {
    return cache_dir + "/libraries-" + runner::sha256_hex(identity).substr(0, 32);
}

// What is recorded of a watched path; nothing when it cannot be read or
// changed less than `settle` before `reference` (it may change again within
// the same clock tick and keep its times: runner/version_cache.hpp).
std::optional<std::string> stat_key(const std::string& path, std::chrono::seconds settle,
                                    std::chrono::system_clock::time_point reference) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return std::nullopt;
    const auto changed = std::chrono::system_clock::time_point(
        std::chrono::duration_cast<std::chrono::system_clock::duration>(
            std::chrono::seconds(info.st_ctim.tv_sec) + std::chrono::nanoseconds(info.st_ctim.tv_nsec)));
    if (reference - changed < settle) return std::nullopt;
    return fmt::format("{} {} {} {}.{:09} {}.{:09}", info.st_dev, info.st_ino, info.st_size, info.st_mtim.tv_sec,
                       info.st_mtim.tv_nsec, info.st_ctim.tv_sec, info.st_ctim.tv_nsec);
}

bool one_line(std::string_view text) {
    return !text.empty() && text.find('\n') == std::string_view::npos && text.find('\0') == std::string_view::npos;
}

}  // namespace

std::optional<analyzer::LibraryVersions> cached_library_versions(const std::string& cache_dir,
                                                                 const std::string& identity,
                                                                 std::chrono::seconds settle) {
    if (cache_dir.empty()) return std::nullopt;
    const std::optional<std::string> text = runner::read_cache_file(entry_path(cache_dir, identity), k_entry_limit);
    const std::string head = std::string(k_format) + identity + "\n";
    if (!text || text->compare(0, head.size(), head) != 0 || text->back() != '\n') return std::nullopt;
    // Then `watch <key>\t<path>` and `version <dist> <version>` lines.
    analyzer::LibraryVersions versions;
    std::istringstream lines(text->substr(head.size()));
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("watch ")) {
            const std::size_t tab = line.find('\t');
            if (tab == std::string::npos) return std::nullopt;
            const std::optional<std::string> now =
                stat_key(line.substr(tab + 1), settle, std::chrono::system_clock::now());
            if (!now || *now != line.substr(6, tab - 6)) return std::nullopt;
        } else if (line.starts_with("version ")) {
            const std::size_t space = line.find(' ', 8);
            if (space == std::string::npos || space == 8 || space + 1 >= line.size()) return std::nullopt;
            versions.versions[line.substr(8, space - 8)] = line.substr(space + 1);
        } else {
            return std::nullopt;
        }
    }
    if (!versions.versions.contains("cpython")) return std::nullopt;
    return versions;
}

void store_library_versions(const std::string& cache_dir, const std::string& identity,
                            const analyzer::LibraryVersions& versions, const std::vector<std::string>& watched,
                            std::chrono::system_clock::time_point asked_at, std::chrono::seconds settle) {
    if (cache_dir.empty() || !one_line(identity) || !versions.versions.contains("cpython")) return;
    std::string text = std::string(k_format) + identity + "\n";
    for (const std::string& path : watched) {
        if (!one_line(path) || path.front() != '/' || path.find('\t') != std::string::npos) return;
        const std::optional<std::string> key = stat_key(path, settle, asked_at);
        if (!key) return;
        text += fmt::format("watch {}\t{}\n", *key, path);
    }
    for (const auto& [distribution, version] : versions.versions) {
        if (!one_line(distribution) || !one_line(version) || distribution.find(' ') != std::string::npos) return;
        text += fmt::format("version {} {}\n", distribution, version);
    }
    if (text.size() >= k_entry_limit) return;
    runner::write_cache_file(cache_dir, entry_path(cache_dir, identity), text);
}

}  // namespace pygate::judging
