#include "rules/registry.hpp"

#include <array>
#include <cctype>

#include "rules/pg000_unsafe_source.hpp"

namespace pygate::rules {
namespace {

// Sorted by rule number; tests check the order and that numbers are unique.
constexpr std::array<const RuleMetadata*, 1> k_rules = {
    &k_pg000_unsafe_source,
};

}  // namespace

std::span<const RuleMetadata* const> all_rules() { return k_rules; }

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
