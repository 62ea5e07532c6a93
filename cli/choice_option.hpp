#pragma once
// An option whose value is one of a few names, each standing for an enum
// value. CLI11's CheckedTransformer would also accept the enum's numbers
// (`--format 1` for json) and list them in --help; a user should see and be
// able to type only the names.

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

namespace pygate::cli {

template <class Enum>
CLI::Option* add_choice_option(CLI::App& app, const std::string& name, Enum& target,
                               std::vector<std::pair<std::string, Enum>> choices, const std::string& description) {
    std::vector<std::string> names;
    for (const auto& choice : choices)
        names.push_back(choice.first);
    // The check runs before the function, so the value is always one of the names.
    auto set = [&target, choices = std::move(choices)](const std::string& value) {
        for (const auto& [choice, meaning] : choices)
            if (choice == value) target = meaning;
    };
    return app.add_option_function<std::string>(name, std::move(set), description)
        ->check(CLI::IsMember(std::move(names)))
        ->type_name("NAME");
}

}  // namespace pygate::cli
