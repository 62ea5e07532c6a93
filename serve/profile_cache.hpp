#pragma once
// Profiles for a long-running server: a built-in name is resolved once; a
// profile file is read on every use and resolved again only when its bytes
// changed, so an edited file takes effect at the next request without a
// restart. Safe to share between threads.

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <variant>

#include "profiles/profile_loader.hpp"

namespace pygate::serve {

using SharedProfile = std::shared_ptr<const analyzer::Profile>;

class ProfileCache {
public:
    std::variant<SharedProfile, profiles::ProfileError> get(const std::string& name_or_path);

private:
    struct FileEntry {
        std::string bytes;  // what the profile was resolved from
        SharedProfile profile;
    };
    // At most this many files are remembered: a client naming ever new files
    // cannot grow the server without bound.
    static constexpr std::size_t k_max_files = 64;
    std::mutex m_mutex;
    std::unordered_map<std::string, SharedProfile> m_builtins;
    std::unordered_map<std::string, FileEntry> m_files;
};

}  // namespace pygate::serve
