#pragma once
// The configured baseline file (docs/baselines.md), read again only when it
// changed (its modification time or size), so every judgement applies the
// baseline as it is on disk without reading it every time.

#include <optional>
#include <string>

#include "settings/baseline.hpp"

namespace pygate::lsp {

class BaselineFileCache {
public:
    // The entries of the baseline at `path`; null when `path` is empty or
    // the file is missing or does not read as a baseline. `error` is set to
    // why it does not read, once each time the file changes.
    const settings::Baseline* get(const std::string& path, std::string& error);

private:
    std::string m_key;  // path, time and size of what m_baseline was read from
    std::optional<settings::Baseline> m_baseline;
};

}  // namespace pygate::lsp
