#include "rules/catalogue.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "analyzer/profile.hpp"
#include "rules/utils/listed_names.hpp"

namespace pygate::rules {
namespace {

using analyzer::Referent;

constexpr analyzer::RuleNumber k_rule = 13;
// Below every rule that names what a builtin does: one location, the most specific finding.
constexpr int k_specificity = 5;
constexpr std::array<std::string_view, 1> k_cwe = {"CWE-749"};

std::vector<std::string> how() {
    return {"the profile's builtins.allow (code_pool has one)"};
}
constexpr std::array<RuleTable, 1> k_tables = {{{"Allowed builtins come from", how}}};

void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    if (reference.store) return;
    const auto& allow = context.profile().builtins_allow;
    if (!allow) return;
    for (const Referent& referent : reference.referents) {
        if (referent.kind != Referent::Kind::name || !referent.qualified.starts_with("builtins.")) continue;
        std::string_view name = std::string_view(referent.qualified).substr(9);
        if (name.find('.') != std::string_view::npos) name = name.substr(0, name.find('.'));
        if (std::find(allow->begin(), allow->end(), name) != allow->end()) continue;
        context.report(k_rule, analyzer::Severity::error, reference.node,
                       fmt::format("builtin `{}` is not in profile {}'s builtins.allow: {}", name,
                                   context.profile().name, context.how_reached(reference.node, referent)),
                       k_specificity, &referent);
        return;
    }
}

constexpr analyzer::RuleHooks k_hooks{.on_reference = on_reference};

// The advice after `instead` for a refused caller: the builtins this profile
// lists, when it lists them (without a list, every builtin the rules allow).
std::string builtins_allowed(const analyzer::Profile& profile) {
    if (!profile.builtins_allow) return {};
    return fmt::format("This profile allows the builtins: {}.", listed_names(*profile.builtins_allow, 200));
}

}  // namespace

const RuleMetadata k_pg013_builtin_not_allowed{
    .number = k_rule,
    .name = "builtin-not-allowed",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "A builtin outside the profile's builtins.allow, when the profile has one",
    .catches =
        "Any reference to a builtin (called or not, however it is reached) that is not in the profile's "
        "builtins.allow, when the profile has that list (code_pool does). A more specific rule wins: eval "
        "is PG001, not PG013.",
    .why =
        "A profile that lists its builtins is a small language on purpose: every other builtin (open, input, "
        "type, object, memoryview, ...) is capability the code was not meant to have.",
    .bad_example =
        "def policy(state):\n"
        "    return type(state)\n",
    .good_example =
        "def policy(state):\n"
        "    return max(state.values())\n",
    .instead = "Use the builtins the profile lists; `pygate profile show NAME` prints them.",
    .allowed_under = builtins_allowed,
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
