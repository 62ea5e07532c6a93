#include "runner/warm_layers.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "runner/child_steps.hpp"
#include "runner/template_driver.hpp"

using namespace pygate::runner;

TEST_CASE("a warm child is handed the cold child's steps, in their order, with their data", "[runner][warm]") {
    WarmLayers layers;
    layers.workdir = "/tmp/pygate-run-1-abc";
    layers.cut_network = true;
    layers.host_network_namespace = 4026531833;
    layers.rlimits = plan_rlimits(Limits{});
    layers.landlock = true;
    layers.drop_user = true;
    layers.uid = 65534;
    layers.gid = 65534;
    layers.seccomp = {sock_filter{6, 0, 0, 0x7fff0000}};
    layers.signal_filter = {sock_filter{6, 0, 0, 0x7fff0000}};
    layers.environment = {"PATH=/usr/bin:/bin", "HOME=/tmp/pygate-run-1-abc"};
    layers.argv = {"main.py"};
    const nlohmann::json encoded = nlohmann::json::parse(encode_warm_layers(layers));
    std::vector<std::string> ids;
    for (const auto& step : encoded["steps"])
        ids.push_back(step["step"]);
    // Every step a cold child takes in this run, in k_child_steps' order:
    // no user namespace (no PID namespace) and no cgroup (one process).
    CHECK(ids == std::vector<std::string>{"session", "parent_death", "stdio", "close_fds", "workdir", "network",
                                          "rlimits", "no_new_privs", "landlock", "drop_user", "seccomp",
                                          "signal_filter", "exec"});
    const auto& steps = encoded["steps"];
    CHECK(steps[4]["path"] == layers.workdir);
    CHECK(steps[5]["not"] == 4026531833ULL);
    REQUIRE(steps[6]["limits"].size() == layers.rlimits.limits.size());
    for (std::size_t i = 0; i < layers.rlimits.limits.size(); ++i)
        CHECK(steps[6]["limits"][i][0] == layers.rlimits.limits[i].resource);
    CHECK(steps[9]["uid"] == 65534);
    CHECK(steps[10]["program"] == "060000000000ff7f");
    CHECK(steps[12]["environment"]["HOME"] == layers.workdir);
    CHECK(steps[12]["argv"] == nlohmann::json::array({"main.py"}));

    layers.cut_network = false;
    layers.signal_filter.clear();
    layers.cgroup = true;
    ids.clear();
    const nlohmann::json again = nlohmann::json::parse(encode_warm_layers(layers));
    for (const auto& step : again["steps"])
        ids.push_back(step["step"]);
    CHECK(ids == std::vector<std::string>{"session", "parent_death", "cgroup", "stdio", "close_fds", "workdir",
                                          "rlimits", "no_new_privs", "landlock", "drop_user", "seccomp", "exec"});
}

TEST_CASE("the template's driver takes every step a child can be handed", "[runner][warm]") {
    // A layer added to child_steps.hpp reaches warm children too: the driver
    // must interpret it (in its STEPS table) or fail it. The user namespace
    // is the one a template's child cannot take (its seccomp filter refuses
    // namespaces): a run that needs it is cold.
    const std::string driver(template_driver_source());
    for (ChildStep step : k_child_steps) {
        if (step == ChildStep::exec || step == ChildStep::user_namespace) continue;
        INFO(step_id(step));
        CHECK(driver.find(std::string("\"") + step_id(step) + "\": take_") != std::string::npos);
    }
    CHECK(driver.find("\"user_namespace\": take_") == std::string::npos);
    for (ChildStep step : k_child_steps)
        CHECK(step_of_id(step_id(step)) == step);
    CHECK_FALSE(step_of_id("nothing"));
}
