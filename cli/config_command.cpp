#include "cli/config_command.hpp"

#include <cstdlib>
#include <iostream>

#include "cli/check_command.hpp"
#include "cli/choice_option.hpp"
#include "settings/effective_settings.hpp"
#include "cli/exit_codes.hpp"

namespace pygate::cli {

using settings::CheckOptions;
using settings::SettledSettings;
using settings::settle_settings;
using settings::write_settings;

void add_config_command(CLI::App& app, ConfigCommandOptions& options) {
    CLI::App* config = app.add_subcommand(
        "config", "Show the settings pygate check would use here and where each came from (docs/configuration.md)");
    config->add_flag("--isolated", options.isolated, "Read no configuration file");
    add_choice_option(*config, "--format", options.json, {{"text", false}, {"json", true}},
                      "Output format: text (TOML with the source of each setting as a comment, default) or json");
    config->callback([&options] {
        CheckOptions check;
        check.isolated = options.isolated;
        auto settled = settle_settings(check, {});
        if (auto* error = std::get_if<std::string>(&settled)) {
            std::cerr << "pygate: error: " << *error << '\n';
            std::exit(k_exit_usage);
        }
        auto& settings = std::get<SettledSettings>(settled);
        if (auto code = settle_target(check, settings.origins)) std::exit(*code);
        write_settings(std::cout, check, settings.origins, settings.configuration ? &*settings.configuration : nullptr,
                       options.isolated, options.json);
        std::cout.flush();
        std::exit(k_exit_allow);
    });
}

}  // namespace pygate::cli
