#include "lsp/baseline_file.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace pygate::lsp {

const settings::Baseline* BaselineFileCache::get(const std::string& path, std::string& error) {
    if (path.empty()) return nullptr;
    std::error_code missing;
    const auto stamp = std::filesystem::last_write_time(path, missing);
    const auto size = missing ? 0 : std::filesystem::file_size(path, missing);
    const std::string key = fmt::format("{}|{}|{}", path, missing ? 0 : stamp.time_since_epoch().count(), size);
    if (key != m_key) {
        m_key = key;
        m_baseline.reset();
        if (!missing) {
            std::ifstream file(path, std::ios::binary);
            std::ostringstream text;
            text << file.rdbuf();
            auto parsed = settings::parse_baseline(text.str());
            if (auto* baseline = std::get_if<settings::Baseline>(&parsed))
                m_baseline = std::move(*baseline);
            else
                error = fmt::format("the baseline {} is not used: {}", path, std::get<std::string>(parsed));
        }
    }
    return m_baseline ? &*m_baseline : nullptr;
}

}  // namespace pygate::lsp
