#include "cli/profile_commands.hpp"

#include <fmt/format.h>

#include <iostream>

#include "cli/exit_codes.hpp"
#include "profiles/builtin_profiles.hpp"
#include "profiles/compiled_profiles.hpp"
#include "profiles/profile_toml.hpp"

namespace pygate::cli {
namespace {

int list_profiles() {
    std::cout << fmt::format("{:<16} {:<16} {}\n", "NAME", "EXTENDS", "DESCRIPTION");
    for (const profiles::BuiltinProfile& builtin : profiles::builtin_profiles()) {
        profiles::ProfileResult loaded = profiles::resolve_profile(builtin.name);
        // Built-ins are tested to load; if one does not, that is a bug.
        if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) {
            std::cerr << "pygate: internal error: " << error->to_string() << '\n';
            return k_exit_internal;
        }
        std::string parent = profiles::builtin_parent(builtin.name);
        std::cout << fmt::format("{:<16} {:<16} {}{}\n", builtin.name, parent.empty() ? "-" : parent,
                                 std::get<analyzer::Profile>(loaded).description,
                                 builtin.name == profiles::k_default_profile ? " (default)" : "");
    }
    return k_exit_allow;
}

int show_profile(const std::string& target) {
    profiles::ProfileResult loaded = profiles::resolve_profile(target);
    if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) {
        std::cerr << "pygate: error: " << error->to_string() << '\n';
        return k_exit_usage;
    }
    std::cout << fmt::format(
        "# The profile `{}` resolved: every key spelled out, `extends` applied.\n"
        "# Save it as a .toml file, edit it, and pass it to --profile.\n",
        target);
    profiles::write_profile_toml(std::cout, std::get<analyzer::Profile>(loaded));
    return k_exit_allow;
}

}  // namespace

void add_profile_commands(CLI::App& app, ProfileCommandOptions& options) {
    CLI::App* list = app.add_subcommand("profiles", "List the built-in profiles");
    list->callback([] { std::exit(list_profiles()); });

    CLI::App* profile = app.add_subcommand("profile", "Work with one profile");
    profile->require_subcommand(1);
    CLI::App* show = profile->add_subcommand("show", "Print the resolved profile as TOML");
    show->add_option("profile", options.show_target, "Built-in profile name or TOML file")->required();
    show->callback([&options] { std::exit(show_profile(options.show_target)); });
}

}  // namespace pygate::cli
