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

bool exempted_by_allow_list(const Profile& profile, const Finding& finding) {
    auto settings = profile.rules.find(finding.rule);
    if (settings == profile.rules.end() || finding.qualified_name.empty()) return false;
    return std::any_of(settings->second.allow.begin(), settings->second.allow.end(), [&](const std::string& pattern) {
        return matches_qualified_name(pattern, finding.qualified_name);
    });
}

}  // namespace pygate::analyzer
