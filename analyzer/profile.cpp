#include "analyzer/profile.hpp"

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

}  // namespace pygate::analyzer
