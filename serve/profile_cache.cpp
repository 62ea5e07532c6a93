#include "serve/profile_cache.hpp"

#include "analyzer/text/source_file.hpp"
#include "profiles/compiled_profiles.hpp"

namespace pygate::serve {

std::variant<SharedProfile, profiles::ProfileError> ProfileCache::get(const std::string& name_or_path) {
    if (!profiles::names_profile_file(name_or_path)) {
        std::lock_guard lock(m_mutex);
        auto found = m_builtins.find(name_or_path);
        if (found != m_builtins.end()) return found->second;
        profiles::ProfileResult loaded = profiles::resolve_profile(name_or_path);
        if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) return *error;
        auto profile = std::make_shared<const analyzer::Profile>(std::move(std::get<analyzer::Profile>(loaded)));
        m_builtins.emplace(name_or_path, profile);
        return profile;
    }
    // A regular file only, read without waiting: a FIFO, a device or the
    // server's own input (/proc/self/fd/0) is refused at once, never read.
    analyzer::ReadResult read = analyzer::read_source_file(name_or_path);
    if (auto* failure = std::get_if<analyzer::ReadFailure>(&read))
        return profiles::ProfileError{name_or_path, 0, 0, "cannot read the profile: " + failure->message};
    std::string bytes = std::move(std::get<std::string>(read));
    {
        std::lock_guard lock(m_mutex);
        auto found = m_files.find(name_or_path);
        if (found != m_files.end() && found->second.bytes == bytes) return found->second.profile;
    }
    // Resolved outside the lock: a slow file does not hold up other requests.
    // The loader reads the file again (and what it extends); should it have
    // changed in between, the next request sees other bytes and resolves it
    // once more.
    profiles::ProfileResult loaded = profiles::resolve_profile(name_or_path);
    if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) return *error;
    auto profile = std::make_shared<const analyzer::Profile>(std::move(std::get<analyzer::Profile>(loaded)));
    std::lock_guard lock(m_mutex);
    if (m_files.size() >= k_max_files && m_files.count(name_or_path) == 0) m_files.clear();
    m_files[name_or_path] = FileEntry{std::move(bytes), profile};
    return profile;
}

}  // namespace pygate::serve
