#include "rules/registry.hpp"

#include <array>
#include <cctype>

#include "rules/catalogue.hpp"

namespace pygate::rules {
namespace {

// Sorted by rule number; tests check the order and that numbers are unique.
constexpr std::array<const RuleMetadata*, 15> k_rules = {
    &k_pg000_unsafe_source,        &k_pg001_dynamic_code_execution, &k_pg002_dynamic_import,
    &k_pg003_import_not_allowed,   &k_pg004_process_execution,      &k_pg005_network_access,
    &k_pg006_filesystem_access,    &k_pg007_output_flood,           &k_pg008_unbounded_execution,
    &k_pg009_introspection_escape, &k_pg010_environment_mutation,   &k_pg011_forbidden_syntax,
    &k_pg012_source_limits,        &k_pg013_builtin_not_allowed,   &k_pg014_unknown_library_name,
};

// Every rule's hooks, in registry order.
std::vector<const analyzer::RuleHooks*> collect_hooks() {
    std::vector<const analyzer::RuleHooks*> out;
    for (const RuleMetadata* rule : k_rules)
        if (rule->hooks != nullptr) out.push_back(rule->hooks);
    return out;
}

}  // namespace

std::span<const RuleMetadata* const> all_rules() {
    return k_rules;
}

std::span<const analyzer::RuleHooks* const> all_hooks() {
    static const std::vector<const analyzer::RuleHooks*> hooks = collect_hooks();
    return hooks;
}

const RuleMetadata* find_rule(analyzer::RuleNumber number) {
    for (const RuleMetadata* rule : k_rules)
        if (rule->number == number) return rule;
    return nullptr;
}

const RuleMetadata* find_rule(std::string_view code) {
    if (code.size() != 5 || std::toupper(static_cast<unsigned char>(code[0])) != 'P' ||
        std::toupper(static_cast<unsigned char>(code[1])) != 'G')
        return nullptr;
    unsigned number = 0;
    for (char c : code.substr(2)) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return nullptr;
        number = number * 10 + static_cast<unsigned>(c - '0');
    }
    return find_rule(static_cast<analyzer::RuleNumber>(number));
}

}  // namespace pygate::rules
