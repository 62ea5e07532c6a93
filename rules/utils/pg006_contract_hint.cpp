#include "rules/utils/pg006_contract_hint.hpp"

#include <fmt/format.h>

namespace pygate::rules {
namespace {

// The file's own name: `births.csv` of `data/births.csv`; a folder keeps its last name.
std::string_view file_name(std::string_view relative) {
    while (relative.size() > 1 && relative.back() == '/')
        relative.remove_suffix(1);
    std::size_t slash = relative.rfind('/');
    return slash == std::string_view::npos ? relative : relative.substr(slash + 1);
}

// The folder the hint names: the first of the profile's prefixes that is a
// folder below the working folder (`./` would be no advice).
const std::string* folder_for_hint(const std::vector<std::string>& prefixes) {
    for (const std::string& prefix : prefixes)
        if (!prefix.empty() && prefix != "./" && prefix != ".") return &prefix;
    return nullptr;
}

std::string with_slash(const std::string& folder) {
    return folder.ends_with('/') ? folder : folder + "/";
}

}  // namespace

std::string read_fix_hint(std::string_view relative, const std::vector<std::string>& read_prefixes) {
    const std::string* folder = folder_for_hint(read_prefixes);
    std::string_view name = file_name(relative);
    if (folder == nullptr || name.empty()) return {};
    std::string hint =
        fmt::format("put the file in {} and read `{}{}`", with_slash(*folder), with_slash(*folder), name);
    if (with_slash(*folder) == "input/")
        hint += fmt::format(" (`pygate run --input {}` copies it there, as a session's `files` and a kernel's "
                            "`--input-dir` do)",
                            relative);
    return hint;
}

std::string write_fix_hint(std::string_view relative, const std::vector<std::string>& write_prefixes) {
    const std::string* folder = folder_for_hint(write_prefixes);
    std::string_view name = file_name(relative);
    if (folder == nullptr || name.empty()) return {};
    std::string hint = fmt::format("save it under {}, e.g. `{}{}`", with_slash(*folder), with_slash(*folder), name);
    if (with_slash(*folder) == "output/")
        hint += " (`pygate run --output-dir DIR` copies output/ to DIR, as a kernel's `--output-dir` does)";
    return hint;
}

}  // namespace pygate::rules
