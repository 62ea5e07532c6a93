#pragma once
// `pygate rules [--format text|json|markdown]` and `pygate explain PGnnn`.

#include <CLI/CLI.hpp>
#include <string>

namespace pygate::cli {

struct RuleCommandOptions {
    std::string format = "text";
    std::string explain_code;
};

void add_rule_commands(CLI::App& app, RuleCommandOptions& options);

}  // namespace pygate::cli
