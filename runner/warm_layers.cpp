#include "runner/warm_layers.hpp"

#include <nlohmann/json.hpp>

#include "runner/child_steps.hpp"

namespace pygate::runner {
namespace {

using nlohmann::json;

std::string hex_of(const std::vector<sock_filter>& program) {
    static constexpr char k_digits[] = "0123456789abcdef";
    std::string text;
    const auto* bytes = reinterpret_cast<const unsigned char*>(program.data());
    const std::size_t size = program.size() * sizeof(sock_filter);
    text.reserve(size * 2);
    for (std::size_t i = 0; i < size; ++i) {
        text += k_digits[bytes[i] >> 4];
        text += k_digits[bytes[i] & 15];
    }
    return text;
}

// Python's resource module spells "no limit" -1.
std::int64_t rlimit_value(rlim_t number) {
    return number == RLIM_INFINITY ? std::int64_t{-1} : static_cast<std::int64_t>(number);
}

// The step's data, or null when this run does not take it (as the cold
// child skips it).
json step_data(const WarmLayers& layers, ChildStep step) {
    switch (step) {
        case ChildStep::session:
        case ChildStep::parent_death:
        case ChildStep::no_new_privs:
            return json::object();
        case ChildStep::user_namespace:
            return layers.user_namespace ? json::object() : json();
        case ChildStep::cgroup:
            return layers.cgroup ? json{{"joined_by", "worker"}} : json();
        case ChildStep::stdio:
            return {{"descriptors", {0, 1, 2}}};
        case ChildStep::close_fds:
            return {{"keep", 3}};
        case ChildStep::workdir:
            return {{"path", layers.workdir}};
        case ChildStep::network:
            if (!layers.cut_network) return json();
            return {{"namespace", "template"}, {"not", layers.host_network_namespace}};
        case ChildStep::rlimits: {
            json limits = json::array();
            for (const ResourceLimit& limit : layers.rlimits.limits)
                limits.push_back({limit.resource, rlimit_value(limit.soft), rlimit_value(limit.hard)});
            return {{"limits", std::move(limits)}};
        }
        case ChildStep::landlock:
            return layers.landlock ? json{{"ruleset", 3}} : json();
        case ChildStep::drop_user:
            return layers.drop_user ? json{{"uid", layers.uid}, {"gid", layers.gid}, {"groups", json::array()}}
                                    : json();
        case ChildStep::seccomp:
            return {{"program", hex_of(layers.seccomp)}};
        case ChildStep::signal_filter:
            return layers.signal_filter.empty() ? json() : json{{"program", hex_of(layers.signal_filter)}};
        case ChildStep::exec: {
            json environment = json::object();
            for (const std::string& entry : layers.environment) {
                const std::size_t equals = entry.find('=');
                environment[entry.substr(0, equals)] = equals == std::string::npos ? "" : entry.substr(equals + 1);
            }
            return {{"argv", layers.argv}, {"environment", std::move(environment)}};
        }
    }
    return json();
}

}  // namespace

std::string encode_warm_layers(const WarmLayers& layers) {
    json steps = json::array();
    for (ChildStep step : k_child_steps) {
        json data = step_data(layers, step);
        if (data.is_null()) continue;
        data["step"] = step_id(step);
        steps.push_back(std::move(data));
    }
    return json{{"steps", std::move(steps)}}.dump();
}

}  // namespace pygate::runner
