// The configuration reader (cli/configuration), in process: keys, types,
// places of errors, paths from the file's folder. End to end (the search
// upward, overrides, pygate config): tools/ci_conventions_check.py.
#include "settings/configuration.hpp"

#include <catch2/catch.hpp>
using namespace pygate::settings;

namespace {

Configuration accepted(std::string_view text, bool pyproject = false, const std::string& folder = ".") {
    auto result = parse_configuration(text, "pygate.toml", folder, pyproject);
    REQUIRE(result.has_value());
    if (auto* error = std::get_if<ConfigurationError>(&*result)) FAIL(error->to_string());
    return std::get<Configuration>(*result);
}

std::string refused(std::string_view text, bool pyproject = false) {
    auto result = parse_configuration(text, "pygate.toml", ".", pyproject);
    REQUIRE(result.has_value());
    REQUIRE(std::holds_alternative<ConfigurationError>(*result));
    return std::get<ConfigurationError>(*result).to_string();
}

}  // namespace

TEST_CASE("every key is read, with its line, and paths start at the file's folder", "[configuration]") {
    Configuration config = accepted(
        "profile = \"p/strict.toml\"\nexclude = [\"build/*\", \"*_pb2.py\"]\nfail-on = \"deny\"\nformat = \"sarif\"\n"
        "output = \"out/r.sarif\"\njobs = 3\ncache = true\nbaseline = \"/abs/b.json\"\n",
        false, "../..");
    CHECK(config.profile->value == "../../p/strict.toml");
    CHECK(config.exclude->value == std::vector<std::string>{"build/*", "*_pb2.py"});
    CHECK(config.exclude->line == 2);
    CHECK(config.fail_on->value == "deny");
    CHECK(config.format->value == "sarif");
    CHECK(config.output->value == "../../out/r.sarif");
    CHECK(config.jobs->value == 3);
    CHECK(config.cache->value == "../../.pygate_cache");
    CHECK(config.baseline->value == "/abs/b.json");
    CHECK(config.baseline->line == 8);
    // A built-in profile is a name, not a path.
    CHECK(accepted("profile = \"data_processing\"", false, "..").profile->value == "data_processing");
    CHECK(!accepted("cache = false").cache);
}

TEST_CASE("pyproject.toml: only [tool.pygate], and none without it", "[configuration]") {
    CHECK(!parse_configuration("[project]\nname = \"x\"\n[tool.ruff]\nx = 1\n", "pyproject.toml", ".", true));
    CHECK(!parse_configuration("format = \"json\"\n", "pyproject.toml", ".", true));
    CHECK(accepted("[project]\nformat = 1\n[tool.pygate]\nformat = \"json\"\n", true).format->line == 4);
}

TEST_CASE("unknown keys and wrong types name file, line and column", "[configuration]") {
    CHECK(refused("jobs = 2\nprofle = \"x\"\n").starts_with("pygate.toml:2:1: unknown key `profle`"));
    CHECK(refused("jobs = 0\n") == "pygate.toml:1:8: `jobs` must be from 1 to 1024, not 0");
    CHECK(refused("jobs = true\n") == "pygate.toml:1:8: `jobs` must be an integer, not a boolean");
    CHECK(refused("exclude = [\"a\", 2]\n") == "pygate.toml:1:17: `exclude[]` must be a string, not an integer");
    CHECK(refused("fail-on = \"allow\"\n").starts_with("pygate.toml:1:11: `fail-on` must be one of deny"));
    CHECK(refused("output = \"\"\n") == "pygate.toml:1:10: `output` must not be empty");
    CHECK(refused("[tool.pygate]\n  format = \"json\"\n  fromat = 1\n", true)
              .starts_with("pygate.toml:3:3: unknown key `fromat`"));
    CHECK(refused("format = \n").starts_with("pygate.toml:1:"));
    CHECK(refused("a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n")
              .find("nested deeper") != std::string::npos);
}
