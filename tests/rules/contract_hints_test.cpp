// The one-line fix a refusal of the profile's contract says: where a file
// belongs (PG006, rules/utils/pg006_contract_hint.hpp) and which built-in
// profile allows an import (PG003).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "analyzer/syntax/parse.hpp"
#include "judging/judge.hpp"
#include "profiles/builtin_profiles.hpp"
#include "profiles/profile_loader.hpp"
#include "rules/utils/pg006_contract_hint.hpp"

namespace {

using pygate::analyzer::Profile;

Profile builtin(std::string_view name) {
    return std::get<Profile>(pygate::profiles::load_profile(std::string(name)));
}

// The messages of the findings of rule `code` (PG003, PG006) the code gets under the profile.
std::vector<std::string> messages(const std::string& code, const Profile& profile, std::string_view rule) {
    pygate::analyzer::Parser parser;
    std::string internal_error;
    auto report = pygate::judging::judge_read("<test>", code, parser, profile, internal_error);
    REQUIRE(internal_error.empty());
    std::vector<std::string> found;
    for (const auto& finding : report.findings)
        if (pygate::analyzer::rule_code(finding.rule) == rule) found.push_back(finding.message);
    return found;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("A file read outside input/ is told to go in input/ and to be passed with --input", "[rules][pg006]") {
    auto found =
        messages("import pandas as pd\ndf = pd.read_csv(\"data/births.csv\")\n", builtin("data_processing"), "PG006");
    REQUIRE(found.size() == 1);
    INFO(found[0]);
    CHECK(contains(found[0],
                   "reads `data/births.csv`, outside profile data_processing's filesystem.read "
                   "(input/, output/): put the file in input/ and read `input/births.csv` "
                   "(`pygate run --input data/births.csv` copies it there, as a session's `files` and a kernel's "
                   "`--input-dir` do)"));
}

TEST_CASE("A figure saved outside output/ is told to be saved under output/", "[rules][pg006]") {
    auto found = messages("import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig(\"fig.png\")\n",
                          builtin("plotting"), "PG006");
    REQUIRE(found.size() == 1);
    INFO(found[0]);
    CHECK(contains(found[0],
                   "writes `fig.png`, outside profile plotting's filesystem.write (output/): save it under "
                   "output/, e.g. `output/fig.png` (`pygate run --output-dir DIR` copies output/ to DIR, as a "
                   "kernel's `--output-dir` does)"));
}

TEST_CASE("The fix names the profile's first folder, and no option for folders pygate run does not fill",
          "[rules][pg006]") {
    using pygate::rules::read_fix_hint;
    using pygate::rules::write_fix_hint;
    CHECK(read_fix_hint("a/b.csv", {"data/"}) == "put the file in data/ and read `data/b.csv`");
    CHECK(read_fix_hint("a/b.csv", {"./", "input/"}) ==
          "put the file in input/ and read `input/b.csv` (`pygate run --input a/b.csv` copies it there, as a "
          "session's `files` and a kernel's `--input-dir` do)");
    CHECK(write_fix_hint("plots/", {"scratch/"}) == "save it under scratch/, e.g. `scratch/plots`");
    CHECK(read_fix_hint("a.csv", {}).empty());
    CHECK(write_fix_hint("a.png", {"./"}).empty());  // the working folder itself is no advice
}

TEST_CASE("An import is told which built-in profile allows it", "[rules][pg003]") {
    auto plotting = messages("import matplotlib.pyplot as plt\n", builtin("data_processing"), "PG003");
    REQUIRE(plotting.size() == 1);
    INFO(plotting[0]);
    CHECK(contains(plotting[0], "; the built-in profile plotting allows it (`--profile plotting`)"));
    CHECK(contains(plotting[0],
                   "allows it with `[imports] allow_add = [\"matplotlib.pyplot\"]` (a TOML file, passed "
                   "as `--profile FILE`)"));
    // From the root: through data_processing.
    auto seaborn = messages("import seaborn\n", builtin("safe_eval"), "PG003");
    REQUIRE(seaborn.size() == 1);
    CHECK(contains(seaborn[0], "the built-in profile plotting allows it"));
    // networked does not extend data_processing: switching would lose pandas, so it is not named.
    auto requests = messages("import requests\n", builtin("data_processing"), "PG003");
    REQUIRE(requests.size() == 1);
    CHECK_FALSE(contains(requests[0], "built-in profile"));
}

TEST_CASE("Every import a built-in profile adds to the one it extends is named in that one's refusal",
          "[rules][pg003]") {
    for (const auto& candidate : pygate::profiles::builtin_profiles()) {
        std::string parent_name = pygate::profiles::builtin_parent(candidate.name);
        if (parent_name.empty()) continue;
        Profile wider = builtin(candidate.name);
        Profile parent = builtin(parent_name);
        for (const std::string& module : wider.imports_allow) {
            if (std::find(parent.imports_allow.begin(), parent.imports_allow.end(), module) !=
                parent.imports_allow.end())
                continue;
            auto found = messages("import " + module + "\n", parent, "PG003");
            INFO(candidate.name << " adds " << module << " to " << parent_name);
            REQUIRE(found.size() == 1);
            INFO(found[0]);
            CHECK(contains(found[0], "the built-in profile "));
            CHECK(contains(found[0], std::string(candidate.name)));
        }
    }
}
