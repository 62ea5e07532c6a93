#include "judging/result_cache.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>
#include <vector>

#include "support/version.hpp"
#include "support/write_all.hpp"
#include "profiles/profile_toml.hpp"
#include "judging/target_libraries.hpp"
#include "runner/sha256.hpp"

namespace pygate::judging {

using support::k_pygate_version;
using support::write_all;

namespace {

// An entry holds one file's findings: far below this. A larger file is no entry.
constexpr std::size_t k_max_entry_bytes = 64 << 20;
// Eviction goes this far below the limit, so it does not run again at once.
constexpr std::uint64_t k_evict_to_percent = 90;
// A temporary file this old belongs to a scan that died before renaming it.
constexpr time_t k_stale_temporary_seconds = 3600;
constexpr std::string_view k_temporary_prefix = ".tmp-";

bool is_hex(std::string_view name, std::size_t length) {
    return name.size() == length && std::all_of(name.begin(), name.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

// Space a file takes on disk (whole blocks), which is what the limit bounds.
std::uint64_t disk_bytes(std::uint64_t size) {
    return (size + 4095) / 4096 * 4096;
}

std::vector<std::string> list_folder(const std::string& folder) {
    std::vector<std::string> names;
    DIR* dir = ::opendir(folder.c_str());
    if (dir == nullptr) return names;
    while (dirent* entry = ::readdir(dir))
        names.emplace_back(entry->d_name);
    ::closedir(dir);
    return names;
}

std::optional<std::string> read_entry_file(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) return std::nullopt;
    struct stat status {};
    std::string bytes;
    bool ok = ::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) &&
              static_cast<std::uint64_t>(status.st_size) <= k_max_entry_bytes;
    if (ok) {
        bytes.resize(static_cast<std::size_t>(status.st_size));
        std::size_t done = 0;
        while (ok && done < bytes.size()) {
            ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
            if (n < 0 && errno == EINTR) continue;
            ok = n > 0;
            if (ok) done += static_cast<std::size_t>(n);
        }
        // A hit is a use: the entry becomes the most recently used.
        if (ok) ::futimens(fd, nullptr);
    }
    ::close(fd);
    if (!ok) return std::nullopt;
    return bytes;
}

std::string profile_digest(const analyzer::Profile& profile) {
    std::ostringstream toml;
    profiles::write_profile_toml(toml, profile);
    return runner::sha256_hex(profile.name + "\n" + toml.str());
}

}  // namespace

std::unique_ptr<ResultCache> ResultCache::open(const std::string& folder, std::uint64_t max_bytes,
                                               const analyzer::Profile& profile, std::string& error) {
    if (::mkdir(folder.c_str(), 0700) != 0 && errno != EEXIST) {
        error = fmt::format("--cache {}: cannot create it: {}", folder, std::strerror(errno));
        return nullptr;
    }
    struct stat status {};
    if (::stat(folder.c_str(), &status) != 0 || !S_ISDIR(status.st_mode)) {
        error = fmt::format("--cache {}: not a folder", folder);
        return nullptr;
    }
    if (status.st_uid != ::geteuid() || (status.st_mode & 022) != 0) {
        error = fmt::format(
            "--cache {}: it must belong to this user and be writable by no one else "
            "(whoever can write an entry can forge a verdict)",
            folder);
        return nullptr;
    }
    // The version alone would let a rebuilt pygate with other rules trust the old one's results.
    std::optional<std::string> binary = runner::sha256_file("/proc/self/exe");
    if (!binary) {
        error = "--cache: cannot read pygate's own binary (/proc/self/exe) to tell its results from another's";
        return nullptr;
    }
    // The profile and the target's library versions decide a verdict alike.
    CacheEntryOrigin origin{fmt::format("{} {}", k_pygate_version, *binary),
                            profile_digest(profile) + " " + target_libraries().versions().spelled(), {}};
    std::unique_ptr<ResultCache> cache(new ResultCache(folder, max_bytes, profile, std::move(origin)));
    cache->evict();  // counts the folder, and brings it within a limit that may have shrunk
    return cache;
}

std::string ResultCache::content_key(std::string_view bytes) {
    return runner::sha256_hex(bytes);
}

std::string ResultCache::entry_path(const std::string& content_key) const {
    std::string name = runner::sha256_hex(m_origin.pygate + "\n" + m_origin.profile + "\n" + content_key);
    return fmt::format("{}/{}/{}", m_folder, name.substr(0, 2), name);
}

std::optional<CachedResult> ResultCache::load(const std::string& content_key) const {
    std::optional<std::string> text = read_entry_file(entry_path(content_key));
    if (!text) return std::nullopt;
    CacheEntryOrigin expected = m_origin;
    expected.content = content_key;
    std::optional<CachedResult> result = decode_cache_entry(*text, expected, m_profile);
    if (result) ++m_hits;
    return result;
}

void ResultCache::store(const std::string& content_key, const CachedResult& result) {
    CacheEntryOrigin origin = m_origin;
    origin.content = content_key;
    std::string text = encode_cache_entry(origin, result);
    std::string path = entry_path(content_key);
    std::string folder = path.substr(0, path.rfind('/'));
    ::mkdir(folder.c_str(), 0700);  // exists already, mostly
    // A name no other writer uses: this process, this entry, a counter.
    static std::atomic<std::uint64_t> counter{0};
    std::string temporary = fmt::format("{}/{}{}-{}-{}", folder, k_temporary_prefix, path.substr(path.rfind('/') + 1),
                                        ::getpid(), counter++);
    int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return;  // the cache is an optimisation: a failed write costs only a later analysis
    bool written = write_all(fd, text);
    written = ::close(fd) == 0 && written;
    if (!written || ::rename(temporary.c_str(), path.c_str()) != 0) {
        ::unlink(temporary.c_str());
        return;
    }
    ++m_stores;
    if ((m_bytes += disk_bytes(text.size())) > m_max_bytes) {
        std::unique_lock lock(m_evicting, std::try_to_lock);
        if (lock.owns_lock()) evict_holding_lock();  // else another thread is evicting already
    }
}

ResultCache::~ResultCache() {
    if (m_stores > 0) evict();
}

void ResultCache::evict() {
    std::lock_guard lock(m_evicting);
    evict_holding_lock();
}

void ResultCache::evict_holding_lock() {
    struct Entry {
        struct timespec used;
        std::uint64_t bytes;
        std::string path;
    };
    std::vector<Entry> entries;
    std::uint64_t total = 0;
    const time_t now = ::time(nullptr);
    for (const auto& sub : list_folder(m_folder)) {
        if (!is_hex(sub, 2)) continue;  // not ours: never touched
        std::string folder = m_folder + "/" + sub;
        for (const auto& name : list_folder(folder)) {
            bool temporary = name.starts_with(k_temporary_prefix);
            if (!temporary && !is_hex(name, 64)) continue;
            std::string path = folder + "/" + name;
            struct stat status {};
            if (::lstat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) continue;
            if (temporary) {
                if (now - status.st_mtime > k_stale_temporary_seconds)
                    ::unlink(path.c_str());
                else
                    total += disk_bytes(static_cast<std::uint64_t>(status.st_size));
                continue;
            }
            entries.push_back({status.st_mtim, disk_bytes(static_cast<std::uint64_t>(status.st_size)), path});
            total += entries.back().bytes;
        }
    }
    if (total > m_max_bytes) {
        std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
            return a.used.tv_sec != b.used.tv_sec ? a.used.tv_sec < b.used.tv_sec : a.used.tv_nsec < b.used.tv_nsec;
        });
        const std::uint64_t target = m_max_bytes * k_evict_to_percent / 100;  // at most 2^40 * 90
        for (const auto& entry : entries) {
            if (total <= target) break;
            if (::unlink(entry.path.c_str()) == 0 || errno == ENOENT) total -= entry.bytes;
        }
    }
    m_bytes = total;
}

}  // namespace pygate::judging
