#include "profiles/profile_cpp.hpp"

#include <fmt/format.h>

namespace pygate::profiles {

using namespace analyzer;  // the profile model
namespace {

std::string strings(const std::vector<std::string>& items) {
    std::vector<std::string> literals;
    for (const std::string& item : items)
        literals.push_back(cpp_string_literal(item));
    return fmt::format("{{{}}}", fmt::join(literals, ", "));
}

std::string severity_list(const std::vector<Severity>& items) {
    std::vector<std::string> names;
    for (Severity severity : items)
        names.push_back(fmt::format("Severity::{}", severity_name(severity)));
    return fmt::format("{{{}}}", fmt::join(names, ", "));
}

}  // namespace

std::string cpp_string_literal(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\')
            out += {'\\', c};
        else if (byte < 0x20 || byte >= 0x7F)
            out += fmt::format("\\{:03o}", byte);  // octal: never swallows a following hex digit
        else
            out += c;
    }
    return out + '"';
}

void write_profile_cpp(std::ostream& out, const Profile& profile) {
    out << "    Profile profile;\n";
    out << "    profile.name = " << cpp_string_literal(profile.name) << ";\n";
    out << "    profile.description = " << cpp_string_literal(profile.description) << ";\n";
    out << "    profile.imports_allow = " << strings(profile.imports_allow) << ";\n";
    if (profile.builtins_allow)
        out << "    profile.builtins_allow = std::vector<std::string>" << strings(*profile.builtins_allow) << ";\n";
    out << "    profile.dunders_allow = " << strings(profile.dunders_allow) << ";\n";

    const FilesystemPolicy& fs = profile.filesystem;
    out << "    profile.filesystem.read = " << strings(fs.read) << ";\n";
    out << "    profile.filesystem.write = " << strings(fs.write) << ";\n";
    out << "    profile.filesystem.write_deny = " << strings(fs.write_deny) << ";\n";
    out << "    profile.filesystem.dynamic_paths = DynamicPaths::" << dynamic_paths_name(fs.dynamic_paths) << ";\n";
    out << "    profile.syntax_forbid = " << strings(profile.syntax_forbid) << ";\n";

    for (const auto& key : k_source_keys)
        out << "    profile.source." << key.key << " = " << profile.source.*key.field << ";\n";

    for (const auto& [rule, settings] : profile.rules) {
        out << "    profile.rules[" << rule << "].allow = " << strings(settings.allow) << ";\n";
        if (settings.severity)
            out << "    profile.rules[" << rule << "].severity = Severity::" << severity_name(*settings.severity)
                << ";\n";
    }

    out << "    profile.gate.deny = " << severity_list(profile.gate.deny) << ";\n";
    out << "    profile.gate.review = " << severity_list(profile.gate.review) << ";\n";

    for (const auto& key : k_limit_keys)
        out << "    profile.limits." << key.key << " = " << profile.limits.*key.field << ";\n";
    out << "    profile.limits.network = " << (profile.limits.network ? "true" : "false") << ";\n";
    out << "    profile.runner.preload = " << strings(profile.runner.preload) << ";\n";
    out << "    return profile;\n";
}

}  // namespace pygate::profiles
