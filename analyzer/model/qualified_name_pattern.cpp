#include "analyzer/model/qualified_name_pattern.hpp"

namespace pygate::analyzer {

bool matches_qualified_name(std::string_view pattern, std::string_view name) {
    // Iterative wildcard matching with one backtrack point: linear in practice.
    std::size_t p = 0, n = 0, star = std::string_view::npos, resume = 0;
    while (n < name.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = n;
        } else if (p < pattern.size() && pattern[p] == name[n]) {
            ++p, ++n;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            n = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

}  // namespace pygate::analyzer
