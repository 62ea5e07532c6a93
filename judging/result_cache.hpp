#pragma once
// `pygate check --cache DIR`: judged results kept on disk, found again by the
// SHA-256 of the bytes scanned, under the same pygate binary and the same
// resolved profile, so an unchanged file is not analysed again.
//
// - Safe when several scans share the folder: an entry is written to a
//   temporary file and renamed into place, so a reader sees a whole entry or
//   none.
// - Bounded: when the folder grows past its limit, the least recently used
//   entries go (each hit refreshes its entry's modification time).
// - Never trusted for more than it proves: an entry that does not decode, or
//   was made by another pygate or profile or for other bytes, is ignored and
//   the file analysed (judging/cache_entry).
// - The folder must belong to the user running pygate and be writable by no
//   one else: whoever can write an entry can forge a verdict.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "judging/cache_entry.hpp"

namespace pygate::judging {

class ResultCache {
public:
    // Opens `folder`, creating it (mode 0700) if needed. Nothing, and `error`
    // says why, when it cannot be used.
    static std::unique_ptr<ResultCache> open(const std::string& folder, std::uint64_t max_bytes,
                                             const analyzer::Profile& profile, std::string& error);

    // The key of `bytes`: their SHA-256.
    static std::string content_key(std::string_view bytes);

    // A scan that stored entries ends by counting the folder again: stores
    // racing an eviction on other threads may have left it over its limit.
    ~ResultCache();
    ResultCache(const ResultCache&) = delete;
    ResultCache& operator=(const ResultCache&) = delete;

    std::optional<CachedResult> load(const std::string& content_key) const;
    void store(const std::string& content_key, const CachedResult& result);

    // Removes the least recently used entries until the folder is within its
    // limit (and leftover temporary files of scans that died).
    void evict();

    std::uint64_t hits() const { return m_hits; }
    std::uint64_t stores() const { return m_stores; }

private:
    ResultCache(std::string folder, std::uint64_t max_bytes, const analyzer::Profile& profile, CacheEntryOrigin origin)
        : m_folder(std::move(folder)), m_max_bytes(max_bytes), m_profile(profile), m_origin(std::move(origin)) {}

    std::string entry_path(const std::string& content_key) const;
    void evict_holding_lock();

    std::string m_folder;
    std::uint64_t m_max_bytes;
    const analyzer::Profile& m_profile;
    CacheEntryOrigin m_origin;              // content left empty
    std::atomic<std::uint64_t> m_bytes{0};  // the folder's size as last counted, plus what was written since
    std::mutex m_evicting;
    mutable std::atomic<std::uint64_t> m_hits{0};
    std::atomic<std::uint64_t> m_stores{0};
};

}  // namespace pygate::judging
