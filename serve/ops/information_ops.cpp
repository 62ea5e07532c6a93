#include "serve/ops/information_ops.hpp"

#include <fmt/format.h>

#include <sstream>

#include "profiles/builtin_profiles.hpp"
#include "profiles/profile_toml.hpp"
#include "reporters/rule_catalogue.hpp"
#include "rules/registry.hpp"
#include "support/version.hpp"

namespace pygate::serve {

using nlohmann::ordered_json;

std::string answer_profiles(const nlohmann::json& id, const ProfilesOp& op, ProfileCache& profiles,
                            const ServerFacts& facts) {
    if (op.name) {
        auto profile = profiles.get(*op.name);
        if (auto* error = std::get_if<profiles::ProfileError>(&profile))
            return error_line(id, error_code::profile_error, error->to_string());
        std::ostringstream toml;
        profiles::write_profile_toml(toml, *std::get<SharedProfile>(profile));
        return result_line(id, ordered_json{{"name", *op.name}, {"toml", toml.str()}}.dump());
    }
    ordered_json list = ordered_json::array();
    for (const profiles::BuiltinProfile& builtin : profiles::builtin_profiles()) {
        auto profile = profiles.get(std::string(builtin.name));
        if (auto* error = std::get_if<profiles::ProfileError>(&profile))
            return error_line(id, error_code::internal_error, error->to_string());
        const std::string parent = profiles::builtin_parent(builtin.name);
        list.push_back({{"name", builtin.name},
                        {"extends", parent.empty() ? ordered_json(nullptr) : ordered_json(parent)},
                        {"description", std::get<SharedProfile>(profile)->description},
                        {"default", builtin.name == facts.default_profile}});
    }
    return result_line(id, ordered_json{{"profiles", std::move(list)}}.dump());
}

std::string answer_rules(const nlohmann::json& id, const RulesOp&) {
    ordered_json list = ordered_json::array();
    for (const rules::RuleMetadata* rule : rules::all_rules())
        list.push_back(reporters::rule_json(*rule));
    return result_line(id, ordered_json{{"rules", std::move(list)}}.dump());
}

std::string answer_explain(const nlohmann::json& id, const ExplainOp& op) {
    const rules::RuleMetadata* rule = rules::find_rule(op.rule);
    if (rule == nullptr)
        return error_line(id, error_code::not_found, fmt::format("no rule `{}` (the `rules` op lists them)", op.rule));
    return result_line(
        id, ordered_json{{"rule", reporters::rule_json(*rule)}, {"help", reporters::rule_help_markdown(*rule)}}.dump());
}

std::string answer_version(const nlohmann::json& id, const VersionOp&, const ServerFacts& facts) {
    return result_line(id, ordered_json{{"pygate_version", support::k_pygate_version},
                                        {"protocol", k_protocol_version},
                                        {"python", facts.python},
                                        {"default_profile", facts.default_profile}}
                               .dump());
}

}  // namespace pygate::serve
