#include "analyzer/model/module_reexports.hpp"

#include <algorithm>
#include <array>
#include <unordered_map>
#include <unordered_set>

namespace pygate::analyzer {
namespace {

struct ModuleReexport {
    std::string_view path;    // `pathlib.os`
    std::string_view target;  // `os`
};

#include "analyzer/model/module_reexports.inc"
#include "analyzer/model/third_party_reexports.inc"

// Under a third-party root, segments taken for the module they are named
// after, with or without the leading underscore a module keeps its imports
// private with (`_os`).
constexpr std::array<std::string_view, 16> k_guessed_modules = {
    "builtins", "ctypes", "gc",  "importlib", "inspect", "marshal", "multiprocessing", "os",
    "pickle",   "posix",  "pty", "runpy",     "shutil",  "socket",  "subprocess",      "sys",
};

const std::unordered_map<std::string_view, std::string_view>& reexports() {
    static const std::unordered_map<std::string_view, std::string_view> map = [] {
        std::unordered_map<std::string_view, std::string_view> built;
        built.reserve(k_module_reexports.size());
        for (const ModuleReexport& entry : k_module_reexports)
            built.emplace(entry.path, entry.target);
        return built;
    }();
    return map;
}

const std::unordered_map<std::string_view, std::string_view>& third_party_reexports() {
    static const std::unordered_map<std::string_view, std::string_view> map = [] {
        std::unordered_map<std::string_view, std::string_view> built;
        built.reserve(k_third_party_reexports.size());
        for (const ModuleReexport& entry : k_third_party_reexports)
            built.emplace(entry.path, entry.target);
        return built;
    }();
    return map;
}

// Every last segment of an alias: a name's segment outside this set ends no
// alias, which turns most names away with one lookup of a short string.
const std::unordered_set<std::string_view>& alias_segments() {
    static const std::unordered_set<std::string_view> set = [] {
        std::unordered_set<std::string_view> built;
        for (const ModuleReexport& entry : k_module_reexports)
            built.insert(entry.path.substr(entry.path.rfind('.') + 1));
        for (std::string_view name : k_guessed_modules)
            built.insert(name);
        return built;
    }();
    return set;
}

// The same for the listed third-party packages, asked only under their roots
// (`numpy`, `seaborn`, ...), so that names elsewhere pay nothing for them.
const std::unordered_set<std::string_view>& third_party_alias_segments() {
    static const std::unordered_set<std::string_view> set = [] {
        std::unordered_set<std::string_view> built;
        for (const ModuleReexport& entry : k_third_party_reexports)
            built.insert(entry.path.substr(entry.path.rfind('.') + 1));
        return built;
    }();
    return set;
}

const std::unordered_set<std::string_view>& third_party_roots() {
    static const std::unordered_set<std::string_view> set = [] {
        std::unordered_set<std::string_view> built;
        for (const ModuleReexport& entry : k_third_party_reexports)
            built.insert(entry.path.substr(0, entry.path.find('.')));
        return built;
    }();
    return set;
}

bool may_end_alias(std::string_view segment) {
    if (alias_segments().contains(segment)) return true;
    return segment.starts_with('_') && !segment.starts_with("__") && alias_segments().contains(segment.substr(1));
}

bool is_standard_top_level(std::string_view name) {
    return std::binary_search(k_standard_top_level.begin(), k_standard_top_level.end(), name);
}

std::optional<std::string_view> guessed_module(std::string_view segment) {
    if (segment.starts_with('_') && !segment.starts_with("__")) segment.remove_prefix(1);
    auto it = std::find(k_guessed_modules.begin(), k_guessed_modules.end(), segment);
    if (it == k_guessed_modules.end()) return std::nullopt;
    return *it;
}

// One rewrite of `dotted`'s shortest aliased prefix, if it has one.
std::optional<std::string> rewrite_once(std::string_view dotted) {
    std::size_t first_dot = dotted.find('.');
    // A relative import's name (`.os`) is no module of this machine's.
    if (first_dot == std::string_view::npos || first_dot == 0) return std::nullopt;
    std::optional<bool> standard;  // whether the root is a standard module: asked once, if at all
    bool listed = third_party_roots().contains(dotted.substr(0, first_dot));
    for (std::size_t start = first_dot + 1;;) {
        std::size_t end = dotted.find('.', start);
        std::size_t length = end == std::string_view::npos ? dotted.size() : end;
        std::string_view segment = dotted.substr(start, length - start);
        if (may_end_alias(segment) || (listed && third_party_alias_segments().contains(segment))) {
            if (!standard) standard = is_standard_top_level(dotted.substr(0, first_dot));
            std::optional<std::string_view> target;
            if (*standard) {
                if (auto it = reexports().find(dotted.substr(0, length)); it != reexports().end()) target = it->second;
            } else {
                if (listed)
                    if (auto it = third_party_reexports().find(dotted.substr(0, length));
                        it != third_party_reexports().end())
                        target = it->second;
                if (!target) target = guessed_module(segment);
            }
            if (target) return std::string(*target).append(dotted.substr(length));
        }
        if (end == std::string_view::npos) return std::nullopt;
        start = end + 1;
    }
}

}  // namespace

std::optional<std::string> canonical_dotted_name(std::string_view dotted) {
    // `statistics.random._os` is `random._os`, which is `os`. A rewrite never
    // leads back (each target is a module's own name), but stay bounded.
    std::optional<std::string> canonical;
    for (int round = 0; round < 16; ++round) {
        std::optional<std::string> next = rewrite_once(canonical ? *canonical : dotted);
        if (!next) break;
        canonical = std::move(next);
    }
    return canonical;
}

}  // namespace pygate::analyzer
