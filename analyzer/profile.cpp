#include "analyzer/profile.hpp"

#include <algorithm>

#include "analyzer/model/qualified_name_pattern.hpp"

namespace pygate::analyzer {

const char* dynamic_paths_name(DynamicPaths value) {
    switch (value) {
        case DynamicPaths::deny:
            return "deny";
        case DynamicPaths::review:
            return "review";
        case DynamicPaths::allow:
            return "allow";
    }
    return "deny";
}

bool module_under_prefix(std::string_view module, std::string_view prefix) {
    return module == prefix ||
           (module.starts_with(prefix) && module.size() > prefix.size() && module[prefix.size()] == '.');
}

bool allows_import(const Profile& profile, std::string_view module) {
    return std::any_of(profile.imports_allow.begin(), profile.imports_allow.end(),
                       [&](const std::string& prefix) { return module_under_prefix(module, prefix); });
}

bool exempted_by_allow_list(const Profile& profile, const Finding& finding) {
    auto settings = profile.rules.find(finding.rule);
    if (settings == profile.rules.end() || finding.qualified_name.empty()) return false;
    return std::any_of(settings->second.allow.begin(), settings->second.allow.end(), [&](const std::string& pattern) {
        return matches_qualified_name(pattern, finding.qualified_name);
    });
}

}  // namespace pygate::analyzer
