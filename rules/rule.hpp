#pragma once
// A rule's metadata, declared once in its own file (rules/pgNNN_name.cpp) and
// the only source of everything a user is shown about the rule.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/rule_hooks.hpp"

namespace pygate::analyzer {
struct Profile;
}

namespace pygate::rules {

// A table a rule matches (qualified names, characters, keywords), shown by
// `pygate explain` and in docs/rules.md. `entries` reads the rule's own data.
struct RuleTable {
    std::string_view title;
    std::vector<std::string> (*entries)();
};

struct RuleMetadata {
    analyzer::RuleNumber number;
    std::string_view name;  // kebab-case, stable
    analyzer::Severity default_severity;
    std::span<const std::string_view> cwe;       // "CWE-94", ...
    std::string_view summary;                    // one line
    std::string_view catches;                    // what it catches
    std::string_view why;                        // why it is dangerous
    std::string_view bad_example;                // code the rule flags
    std::string_view good_example;               // what to write instead
    std::string_view instead;                    // the advice that goes with the good example
    // What the profile at hand allows of what this rule checks (its imports,
    // builtins, paths), said after `instead` to a caller the gate refused;
    // null when the advice does not depend on the profile.
    std::string (*allowed_under)(const analyzer::Profile&) = nullptr;
    std::span<const RuleTable> tables;           // what it matches, as data
    const analyzer::RuleHooks* hooks = nullptr;  // its checks; null for PG000, which the analyzer itself runs

    std::string code() const { return analyzer::rule_code(number); }
};

}  // namespace pygate::rules
