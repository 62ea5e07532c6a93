#pragma once
// The ops that answer from what the server knows, at once and on the reading
// thread: `profiles`, `rules`, `explain`, `version` (docs/protocol.md). Each
// returns its answer line.

#include <nlohmann/json.hpp>
#include <string>

#include "serve/profile_cache.hpp"
#include "serve/protocol.hpp"

namespace pygate::serve {

// What `version` reports and `profiles` marks as the default.
struct ServerFacts {
    std::string python;
    std::string default_profile;
};

std::string answer_profiles(const nlohmann::json& id, const ProfilesOp& op, ProfileCache& profiles,
                            const ServerFacts& facts);
std::string answer_rules(const nlohmann::json& id, const RulesOp& op);
std::string answer_explain(const nlohmann::json& id, const ExplainOp& op);
std::string answer_version(const nlohmann::json& id, const VersionOp& op, const ServerFacts& facts);

}  // namespace pygate::serve
