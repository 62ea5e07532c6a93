// End-to-end tests of `pygate profiles`, `pygate profile show` and `check --profile`.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/run_process.hpp"

using namespace pygate::testing;

namespace {

// `profile show` output without its two comment lines, which name the target.
std::string body_of(const std::string& shown) {
    std::size_t start = 0;
    for (int i = 0; i < 2; ++i)
        start = shown.find('\n', start) + 1;
    return shown.substr(start);
}

}  // namespace

TEST_CASE("pygate profiles lists the six built-ins with their parents", "[cli][profiles]") {
    auto result = run_pygate({"profiles"});
    REQUIRE(result.exit_code == 0);
    for (const char* name : {"safe_eval", "data_processing", "plotting", "repo_tooling", "networked", "code_pool"})
        CHECK(result.out.find(name) != std::string::npos);
    CHECK(result.out.find("plotting         data_processing") != std::string::npos);
    CHECK(result.out.find("(default)") != std::string::npos);
}

TEST_CASE("profile show prints TOML that loads back to the same profile", "[cli][profiles]") {
    TempDir dir;
    for (const char* name : {"safe_eval", "data_processing", "plotting", "repo_tooling", "networked", "code_pool"}) {
        INFO(name);
        auto shown = run_pygate({"profile", "show", name});
        REQUIRE(shown.exit_code == 0);
        std::string file = dir.file(std::string(name) + "-copy.toml", shown.out);
        auto again = run_pygate({"profile", "show", file});
        REQUIRE(again.exit_code == 0);
        CHECK(body_of(again.out) == body_of(shown.out));
        CHECK(body_of(shown.out).starts_with(std::string("name = \"") + name + "\"\n"));
        CHECK(shown.out.find("\nextends =") == std::string::npos);
    }
}

TEST_CASE("profile show prints the modules a warm-run template preloads", "[cli][profiles]") {
    auto plotting = run_pygate({"profile", "show", "plotting"});
    REQUIRE(plotting.exit_code == 0);
    CHECK(plotting.out.find("\n[runner]\npreload = [\"numpy\", \"pandas\", \"matplotlib\", \"matplotlib.pyplot\"]\n") !=
          std::string::npos);
    auto safe_eval = run_pygate({"profile", "show", "safe_eval"});
    REQUIRE(safe_eval.exit_code == 0);
    CHECK(safe_eval.out.find("\n[runner]\npreload = []\n") != std::string::npos);

    TempDir dir;
    std::string narrowed = dir.file(
        "narrowed.toml", "name = \"narrowed\"\nextends = \"data_processing\"\n[imports]\nallow_remove = [\"numpy\"]\n");
    auto refused = run_pygate({"profile", "show", narrowed});
    CHECK(refused.exit_code == 2);
    CHECK(refused.out.empty());
    CHECK(refused.err.find(narrowed + ":2:11: `runner.preload`, inherited from the parent, names `numpy`") !=
          std::string::npos);
}

TEST_CASE("check --profile takes a built-in name or a file", "[cli][profiles]") {
    TempDir dir;
    std::string code = dir.file("agent.py", "print(1 + 1)\n");
    std::string mine = dir.file("mine.toml", "name = \"mine\"\nextends = \"data_processing\"\n");
    auto by_file = run_pygate({"check", "--format", "json", "--profile", mine, code});
    REQUIRE(by_file.exit_code == 0);
    CHECK(nlohmann::json::parse(by_file.out)["profile"] == "mine");
    auto by_name = run_pygate({"check", "--format", "json", "--profile", "code_pool", code});
    REQUIRE(by_name.exit_code == 0);
    CHECK(nlohmann::json::parse(by_name.out)["profile"] == "code_pool");
    auto text = run_pygate({"check", "--profile", "networked", code});
    CHECK(text.out.find("with profile networked") != std::string::npos);
}

TEST_CASE("a malformed profile is a configuration error: exit 2, file:line:col, nothing scanned", "[cli][profiles]") {
    TempDir dir;
    std::string code = dir.file("agent.py", "x = (\n");  // would be denied if it were scanned
    std::string bad = dir.file("bad.toml", "name = \"bad\"\nextends = \"safe_eval\"\n[imports]\nalow = [\"os\"]\n");
    auto result = run_pygate({"check", "--profile", bad, code});
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.find(bad + ":4:1: unknown key `alow` in [imports]") != std::string::npos);

    auto unknown = run_pygate({"check", "--profile", "safe_evil", code});
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.out.empty());
    CHECK(unknown.err.find("unknown profile `safe_evil`") != std::string::npos);

    auto missing = run_pygate({"check", "--profile", dir.path() + "/missing.toml", code});
    CHECK(missing.exit_code == 2);
    CHECK(missing.err.find("missing.toml: cannot read the profile") != std::string::npos);

    auto show = run_pygate({"profile", "show", bad});
    CHECK(show.exit_code == 2);
    CHECK(show.out.empty());
    CHECK(show.err.find(":4:1:") != std::string::npos);
    CHECK(run_pygate({"profile"}).exit_code == 2);  // a subcommand is required
}
