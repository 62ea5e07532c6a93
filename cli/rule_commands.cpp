#include "cli/rule_commands.hpp"

#include <fmt/format.h>

#include <iostream>

#include "cli/exit_codes.hpp"
#include "reporters/rule_catalogue.hpp"
#include "rules/registry.hpp"

namespace pygate::cli {
namespace {

int list_rules(const std::string& format) {
    if (format == "json")
        reporters::write_rules_json(std::cout);
    else if (format == "markdown")
        reporters::write_rules_markdown(std::cout);
    else
        reporters::write_rules_text(std::cout);
    return k_exit_allow;
}

int explain_rule(const std::string& code) {
    const rules::RuleMetadata* rule = rules::find_rule(code);
    if (rule == nullptr) {
        std::cerr << fmt::format("pygate: error: no rule `{}` (`pygate rules` lists them)\n", code);
        return k_exit_usage;
    }
    reporters::write_rule_explanation(std::cout, *rule);
    return k_exit_allow;
}

}  // namespace

void add_rule_commands(CLI::App& app, RuleCommandOptions& options) {
    CLI::App* list = app.add_subcommand("rules", "List the rules, generated from their metadata");
    list->add_option("--format", options.format, "text, json or markdown (the docs/rules.md page)")
        ->check(CLI::IsMember({"text", "json", "markdown"}))
        ->capture_default_str();
    list->callback([&options] { std::exit(list_rules(options.format)); });

    CLI::App* explain = app.add_subcommand("explain", "One rule's long help with examples");
    explain->add_option("rule", options.explain_code, "Rule id, such as PG000")->required();
    explain->callback([&options] { std::exit(explain_rule(options.explain_code)); });
}

}  // namespace pygate::cli
