#include "profiles/profile_toml.hpp"

#include <fmt/format.h>

namespace pygate::profiles {

using namespace analyzer;  // the profile model
namespace {

// A TOML basic string: quotes, backslashes and control characters escaped.
std::string quoted(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\')
            out += {'\\', c};
        else if (byte < 0x20 || byte == 0x7F)
            out += fmt::format("\\u{:04X}", byte);
        else
            out += c;
    }
    return out + '"';
}

// Short arrays on one line; long ones one item per line, so diffs stay readable.
std::string array(const std::vector<std::string>& items) {
    std::vector<std::string> quoted_items;
    for (const std::string& item : items)
        quoted_items.push_back(quoted(item));
    std::string one_line = fmt::format("[{}]", fmt::join(quoted_items, ", "));
    if (one_line.size() <= 80) return one_line;
    return fmt::format("[\n  {},\n]", fmt::join(quoted_items, ",\n  "));
}

std::string severities(const std::vector<analyzer::Severity>& items) {
    std::vector<std::string> names;
    for (analyzer::Severity severity : items)
        names.emplace_back(analyzer::severity_name(severity));
    return array(names);
}

}  // namespace

void write_profile_toml(std::ostream& out, const Profile& profile) {
    out << "name = " << quoted(profile.name) << '\n';
    out << "description = " << quoted(profile.description) << '\n';
    out << "\n[imports]\nallow = " << array(profile.imports_allow) << '\n';
    if (profile.builtins_allow)
        out << "\n[builtins]\nallow = " << array(*profile.builtins_allow) << '\n';
    else
        out << "\n[builtins]  # no allow list: every builtin the rules allow\n";
    out << "\n[dunders]\nallow = " << array(profile.dunders_allow) << '\n';

    const FilesystemPolicy& fs = profile.filesystem;
    out << "\n[filesystem]\n"
        << "read = " << array(fs.read) << '\n'
        << "write = " << array(fs.write) << '\n'
        << "write_deny = " << array(fs.write_deny) << '\n'
        << "dynamic_paths = " << quoted(dynamic_paths_name(fs.dynamic_paths)) << '\n';
    out << "\n[syntax]\nforbid = " << array(profile.syntax_forbid) << '\n';

    out << "\n[source]\n";
    for (const auto& key : k_source_keys)
        out << key.key << " = " << profile.source.*key.field << '\n';

    for (const auto& [rule, settings] : profile.rules) {
        out << "\n[rules." << analyzer::rule_code(rule) << "]\n";
        if (settings.severity) out << "severity = " << quoted(analyzer::severity_name(*settings.severity)) << '\n';
        out << "allow = " << array(settings.allow) << '\n';
    }

    out << "\n[gate]\ndeny = " << severities(profile.gate.deny) << "\nreview = " << severities(profile.gate.review)
        << '\n';

    out << "\n[limits]\n";
    for (const auto& key : k_limit_keys)
        out << key.key << " = " << profile.limits.*key.field << '\n';
    out << "network = " << (profile.limits.network ? "true" : "false") << '\n';

    out << "\n[runner]\npreload = " << array(profile.runner.preload) << '\n';
}

}  // namespace pygate::profiles
