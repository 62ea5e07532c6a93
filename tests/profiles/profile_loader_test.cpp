#include "profiles/profile_loader.hpp"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <sstream>

#include "profiles/builtin_profiles.hpp"
#include "profiles/profile_toml.hpp"
#include "profiles/toml_value.hpp"
#include "support/run_process.hpp"

using namespace pygate::profiles;
using pygate::analyzer::Severity;

namespace {

Profile loaded(const ProfileResult& result) {
    if (auto* error = std::get_if<ProfileError>(&result)) FAIL("profile did not load: " << error->to_string());
    return std::get<Profile>(result);
}

ProfileError error_of(const ProfileResult& result) {
    if (!std::holds_alternative<ProfileError>(result)) FAIL("the profile loaded, but it is malformed");
    return std::get<ProfileError>(result);
}

ProfileError error_in(const std::string& text) {
    return error_of(load_profile_text(text, "user.toml"));
}

// Where toml11 places a syntax error: version 3 (Debian 12) at the token it
// could not read, version 4 (Debian 13) where reading failed; a key defined
// twice, at its value (3) or at the key (4).
#if TOML11_VERSION_MAJOR >= 4
constexpr std::uint32_t k_unterminated_string_column = 10;
constexpr std::uint32_t k_key_twice_column = 1;
#else
constexpr std::uint32_t k_unterminated_string_column = 8;
constexpr std::uint32_t k_key_twice_column = 8;
#endif

std::string shown(const Profile& profile) {
    std::ostringstream out;
    write_profile_toml(out, profile);
    return out.str();
}

bool contains(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

}  // namespace

TEST_CASE("all six built-in profiles load and round-trip through profile show", "[profiles]") {
    std::vector<std::string_view> names;
    for (const BuiltinProfile& builtin : builtin_profiles())
        names.push_back(builtin.name);
    CHECK(names == std::vector<std::string_view>{"safe_eval", "data_processing", "plotting", "repo_tooling",
                                                 "networked", "code_pool"});
    for (std::string_view name : names) {
        INFO("profile " << name);
        Profile profile = loaded(load_profile(name));
        CHECK(profile.name == name);
        CHECK_FALSE(profile.description.empty());
        std::string text = shown(profile);
        Profile again = loaded(load_profile_text(text, "shown.toml"));
        CHECK(again == profile);
        CHECK(shown(again) == text);
    }
}

TEST_CASE("built-in profiles say what PROFILES.md says", "[profiles]") {
    Profile safe_eval = loaded(load_profile("safe_eval"));
    CHECK(contains(safe_eval.imports_allow, "asyncio"));
    CHECK_FALSE(contains(safe_eval.imports_allow, "os"));
    CHECK(safe_eval.filesystem.read.empty());
    CHECK(safe_eval.filesystem.write.empty());
    CHECK_FALSE(safe_eval.builtins_allow.has_value());
    CHECK(safe_eval.limits.processes == 1);
    CHECK_FALSE(safe_eval.limits.network);

    Profile data = loaded(load_profile("data_processing"));
    CHECK(contains(data.imports_allow, "math"));  // inherited through extends
    CHECK(contains(data.imports_allow, "pandas"));
    CHECK(data.filesystem.read == std::vector<std::string>{"input/", "output/"});
    CHECK(data.filesystem.write == std::vector<std::string>{"output/"});
    CHECK(data.limits.memory_mb == 2048);
    CHECK(data.limits.wall_seconds == 60);

    Profile plotting = loaded(load_profile("plotting"));
    CHECK(contains(plotting.imports_allow, "matplotlib"));
    CHECK(contains(plotting.imports_allow, "pandas"));
    CHECK(plotting.filesystem.write == std::vector<std::string>{"output/"});

    Profile repo = loaded(load_profile("repo_tooling"));
    CHECK(repo.filesystem.dynamic_paths == pygate::analyzer::DynamicPaths::allow);
    CHECK(contains(repo.filesystem.write_deny, ".git/"));
    CHECK(contains(repo.filesystem.write_deny, "*.pth"));
    CHECK_FALSE(contains(repo.imports_allow, "pandas"));

    Profile networked = loaded(load_profile("networked"));
    CHECK(networked.limits.network);
    CHECK(contains(networked.imports_allow, "requests"));
    REQUIRE(networked.rules.count(5) == 1);
    CHECK(contains(networked.rules.at(5).allow, "requests.*"));
    CHECK_FALSE(contains(networked.rules.at(5).allow, "socket.*"));

    Profile pool = loaded(load_profile("code_pool"));
    CHECK(pool.imports_allow.empty());
    REQUIRE(pool.builtins_allow.has_value());
    CHECK(contains(*pool.builtins_allow, "sorted"));
    CHECK_FALSE(contains(*pool.builtins_allow, "open"));
    CHECK(contains(pool.syntax_forbid, "import"));
    CHECK(contains(pool.syntax_forbid, "dunder-name"));
    CHECK(pool.limits.memory_mb == 64);
}

TEST_CASE("extends with allow, allow_add and allow_remove", "[profiles]") {
    Profile profile = loaded(load_profile_text(R"(name = "mine"
extends = "data_processing"
[imports]
allow_add = ["xml.etree", "csv"]
allow_remove = ["pandas", "random"]
[filesystem]
write_add = ["scratch/"]
[limits]
memory_mb = 256
[runner]
preload = ["numpy"]
)",
                                               "mine.toml"));
    CHECK(profile.name == "mine");
    CHECK(profile.description == loaded(load_profile("data_processing")).description);  // inherited
    CHECK(contains(profile.imports_allow, "xml.etree"));
    CHECK(contains(profile.imports_allow, "numpy"));
    CHECK_FALSE(contains(profile.imports_allow, "pandas"));
    CHECK_FALSE(contains(profile.imports_allow, "random"));
    CHECK(std::count(profile.imports_allow.begin(), profile.imports_allow.end(), "csv") == 1);
    CHECK(profile.filesystem.write == std::vector<std::string>{"output/", "scratch/"});
    CHECK(profile.limits.memory_mb == 256);
    CHECK(profile.limits.wall_seconds == 60);  // inherited

    Profile replaced =
        loaded(load_profile_text("name = \"r\"\nextends = \"safe_eval\"\n[imports]\nallow = [\"math\"]\n", "r.toml"));
    CHECK(replaced.imports_allow == std::vector<std::string>{"math"});
}

TEST_CASE("a profile file may extend another file, relative to its own folder", "[profiles]") {
    pygate::testing::TempDir dir;
    dir.file("base.toml", "name = \"base\"\nextends = \"safe_eval\"\n[imports]\nallow_add = [\"csv\"]\n");
    std::string child =
        dir.file("child.toml", "name = \"child\"\nextends = \"base.toml\"\n[rules.PG000]\nseverity = \"error\"\n");
    Profile profile = loaded(load_profile(child));
    CHECK(profile.name == "child");
    CHECK(contains(profile.imports_allow, "csv"));
    CHECK(contains(profile.imports_allow, "math"));
    REQUIRE(profile.rules.count(0) == 1);
    CHECK(profile.rules.at(0).severity == Severity::error);
}

TEST_CASE("cycles and unknown parents are errors at the extends line", "[profiles][malformed]") {
    pygate::testing::TempDir dir;
    std::string a = dir.file("a.toml", "name = \"a\"\nextends = \"b.toml\"\n");
    dir.file("b.toml", "name = \"b\"\n\nextends = \"a.toml\"\n");
    ProfileError cycle = error_of(load_profile(a));
    CHECK(cycle.file.ends_with("b.toml"));
    CHECK(cycle.line == 3);
    CHECK(cycle.column == 11);
    CHECK(cycle.message.find("cycle") != std::string::npos);

    std::string self = dir.file("self.toml", "name = \"s\"\nextends = \"self.toml\"\n");
    CHECK(error_of(load_profile(self)).message.find("cycle") != std::string::npos);

    ProfileError unknown = error_in("name = \"x\"\nextends = \"safe_evil\"\n");
    CHECK(unknown.line == 2);
    CHECK(unknown.column == 11);
    CHECK(unknown.message.find("unknown profile `safe_evil`") != std::string::npos);
    CHECK(unknown.message.find("safe_eval") != std::string::npos);  // the names that exist

    ProfileError missing_file = error_in("name = \"x\"\nextends = \"no/such.toml\"\n");
    CHECK(missing_file.line == 2);
    CHECK(missing_file.message.find("cannot read") != std::string::npos);
}

TEST_CASE("malformed profiles name the file, line and column", "[profiles][malformed]") {
    struct Case {
        const char* what;
        std::string text;
        std::uint32_t line, column;
        std::string says;
    };
    const Case cases[] = {
        {"TOML syntax error", "name = \"x\ndescription = \"y\"\n", 1, k_unterminated_string_column,
         "TOML syntax error"},
        {"key defined twice", "name = \"x\"\nname = \"y\"\n", 2, k_key_twice_column, "TOML syntax error"},
        {"missing name", "description = \"no name\"\n", 1, 1, "needs `name"},
        {"unknown top-level key", "name = \"x\"\nextend = \"safe_eval\"\n", 2, 1, "unknown key `extend`"},
        {"unknown table", "name = \"x\"\n\n[import]\nallow = []\n", 3, 2, "unknown key `import`"},
        {"unknown key in a table", "name = \"x\"\n[imports]\n  alow = [\"os\"]\n", 3, 3,
         "unknown key `alow` in [imports]"},
        {"wrong type for a list", "name = \"x\"\n[imports]\nallow = \"math\"\n", 3, 9, "must be an array"},
        {"wrong type in a list", "name = \"x\"\n[imports]\nallow = [\"math\", 3]\n", 3, 18, "must be a string"},
        {"wrong type for a table", "name = \"x\"\nlimits = 3\n", 2, 10, "must be a table"},
        {"wrong type for a boolean", "name = \"x\"\n[limits]\nnetwork = \"no\"\n", 3, 11, "true or false"},
        {"wrong type for an integer", "name = \"x\"\n[source]\nmax_bytes = 1.5\n", 3, 13, "must be an integer"},
        {"non-positive limit", "name = \"x\"\n[limits]\nmemory_mb = 0\n", 3, 13, "at least 1"},
        {"unknown rule id", "name = \"x\"\n[rules.PG999]\nseverity = \"error\"\n", 2, 8, "unknown rule `PG999`"},
        {"rule id in lower case", "name = \"x\"\n[rules.pg000]\n", 2, 8, "unknown rule `pg000`"},
        {"bad severity", "name = \"x\"\n[rules.PG000]\nseverity = \"fatal\"\n", 3, 12, "not \"fatal\""},
        {"unknown key in a rule", "name = \"x\"\n[rules.PG000]\nseverty = \"error\"\n", 3, 1, "unknown key `severty`"},
        {"PG000 lowered", "name = \"x\"\n[rules.PG000]\nseverity = \"off\"\n", 3, 12, "cannot be lowered"},
        {"bad gate severity", "name = \"x\"\n[gate]\ndeny = [\"error\", \"fatal\"]\n", 3, 18, "`fatal`"},
        {"dynamic_paths value", "name = \"x\"\n[filesystem]\ndynamic_paths = \"maybe\"\n", 3, 17, "\"maybe\""},
        {"absolute path prefix", "name = \"x\"\n[filesystem]\nread = [\"/etc/\"]\n", 3, 9, "absolute"},
        {"path prefix escaping", "name = \"x\"\n[filesystem]\nwrite = [\"out/../../x\"]\n", 3, 10, "`..`"},
        {"unknown syntax keyword", "name = \"x\"\n[syntax]\nforbid = [\"imports\"]\n", 3, 11, "not a syntax keyword"},
        {"bad module name", "name = \"x\"\n[imports]\nallow = [\"os path\"]\n", 3, 10, "not a module name"},
        {"bad dunder", "name = \"x\"\n[dunders]\nallow = [\"name\"]\n", 3, 10, "not a dunder"},
        {"bad allow pattern", "name = \"x\"\n[rules.PG000]\nallow = [\"os system\"]\n", 3, 10,
         "not a qualified-name pattern"},
        {"bad name", "name = \"my profile\"\n", 1, 8, "letters, digits"},
        {"unknown key in [runner]", "name = \"x\"\n[runner]\npreloads = [\"math\"]\n", 3, 1,
         "unknown key `preloads` in [runner] (known: preload)"},
        {"preload edited like a list", "name = \"x\"\n[runner]\npreload_add = [\"math\"]\n", 3, 1,
         "unknown key `preload_add` in [runner]"},
        {"preload not an array", "name = \"x\"\n[runner]\npreload = \"math\"\n", 3, 11,
         "`runner.preload` must be an array of strings, not a string"},
        {"non-string preload entry", "name = \"x\"\n[imports]\nallow = [\"math\"]\n[runner]\npreload = [\"math\", 3]\n",
         5, 20, "`runner.preload[1]` must be a string, not an integer"},
        {"bad preload module name", "name = \"x\"\n[runner]\npreload = [\"numpy.\"]\n", 3, 12, "not a module name"},
        {"preload module twice",
         "name = \"x\"\n[imports]\nallow = [\"math\"]\n[runner]\npreload = [\"math\", \"math\"]\n", 5, 20,
         "names `math` twice"},
        {"preload of a module not allowed",
         "name = \"x\"\n[imports]\nallow = [\"os.path\"]\n[runner]\npreload = [\"os.path\", \"os\"]\n", 5, 23,
         "names `os`, but profile x does not allow importing it"},
        {"runner not a table", "name = \"x\"\nrunner = [\"numpy\"]\n", 2, 10, "`runner` must be a table"},
    };
    for (const Case& c : cases) {
        INFO(c.what);
        ProfileError error = error_in(c.text);
        INFO(error.to_string());
        CHECK(error.file == "user.toml");
        CHECK(error.line == c.line);
        CHECK(error.column == c.column);
        CHECK(error.message.find(c.says) != std::string::npos);
        CHECK(error.to_string().starts_with(fmt::format("user.toml:{}:{}: ", c.line, c.column)));
    }
}

TEST_CASE("a profile cannot let errors through the gate", "[profiles][malformed]") {
    ProfileError no_error = error_in("name = \"x\"\n[gate]\ndeny = [\"warning\"]\n");
    CHECK(no_error.line == 2);
    CHECK(no_error.message.find("must include \"error\"") != std::string::npos);
    ProfileError both = error_in("name = \"x\"\n[gate]\ndeny = [\"error\", \"warning\"]\n");
    CHECK(both.message.find("both") != std::string::npos);  // warning is still in the inherited review list
    Profile stricter =
        loaded(load_profile_text("name = \"x\"\n[gate]\ndeny = [\"error\", \"warning\"]\nreview = []\n", "x.toml"));
    CHECK(stricter.gate.deny == std::vector<Severity>{Severity::error, Severity::warning});
    CHECK(stricter.gate.review.empty());
}

TEST_CASE("builtins.allow edits need a list to edit", "[profiles][malformed]") {
    ProfileError error = error_in("name = \"x\"\nextends = \"safe_eval\"\n[builtins]\nallow_remove = [\"open\"]\n");
    CHECK(error.line == 4);
    CHECK(error.column == 1);
    Profile pool_plus = loaded(load_profile_text(
        "name = \"x\"\nextends = \"code_pool\"\n[builtins]\nallow_add = [\"map\"]\nallow_remove = [\"print\"]\n",
        "x.toml"));
    REQUIRE(pool_plus.builtins_allow.has_value());
    CHECK(contains(*pool_plus.builtins_allow, "map"));
    CHECK_FALSE(contains(*pool_plus.builtins_allow, "print"));
}

TEST_CASE("bad bytes and absurd nesting are refused, not crashed on", "[profiles][malformed][bad-input]") {
    ProfileError utf8 = error_in("name = \"x\"\ndescription = \"\xff\"\n");
    CHECK(utf8.line == 2);
    CHECK(utf8.column == 16);
    CHECK(utf8.message.find("UTF-8") != std::string::npos);

    ProfileError nul = error_in(std::string("name = \"x\"\0\n", 12));
    CHECK(nul.line == 1);
    CHECK(nul.message.find("NUL") != std::string::npos);

    ProfileError carriage_return = error_in("# a\rcomment\n# another\nname = \"x\"\n");
    CHECK(carriage_return.line == 1);
    CHECK(carriage_return.column == 4);
    CHECK(carriage_return.message.find("carriage return") != std::string::npos);
    CHECK(std::holds_alternative<Profile>(load_profile_text("# CRLF\r\nname = \"x\"\r\n", "crlf.toml")));
    ProfileError form_feed = error_in("name = \"x\"\n#\fcomment\n#\n");
    CHECK(form_feed.line == 2);
    CHECK(form_feed.column == 2);
    CHECK(form_feed.message.find("U+000C") != std::string::npos);
    CHECK(std::holds_alternative<Profile>(load_profile_text("name = \"x\"\t# tab\n", "tab.toml")));

    ProfileError deep = error_in("name = \"x\"\nx = " + std::string(100000, '[') + "\n");
    CHECK(deep.line == 2);
    CHECK(deep.message.find("nested") != std::string::npos);

    ProfileError unreadable = error_of(load_profile("/nonexistent/profile.toml"));
    CHECK(unreadable.file == "/nonexistent/profile.toml");
    CHECK(unreadable.line == 0);
    CHECK(unreadable.to_string().starts_with("/nonexistent/profile.toml: cannot read"));

    pygate::testing::TempDir dir;
    ProfileError folder = error_of(load_profile(dir.path() + "/"));
    CHECK(folder.message.find("cannot read") != std::string::npos);

    ProfileError unknown = error_of(load_profile("nonsense"));
    CHECK(unknown.message.find("unknown profile `nonsense`") != std::string::npos);
}

TEST_CASE("profile show escapes what TOML needs escaped", "[profiles]") {
    Profile profile = loaded(
        load_profile_text("name = \"q\"\ndescription = \"a \\\"quoted\\\" \\\\ back\\tslash\\u0001\"\n", "q.toml"));
    CHECK(profile.description == "a \"quoted\" \\ back\tslash\x01");
    Profile again = loaded(load_profile_text(shown(profile), "again.toml"));
    CHECK(again == profile);
}

TEST_CASE("a dotted key or table extending an empty array is an error, not a crash (found by fuzzing)",
          "[profiles][malformed]") {
    const std::pair<const char*, std::uint32_t> cases[] = {
        {"r = []\nr.o = 6\n", 2}, {"r = []\n[r.o]\nx = 1\n", 2}, {"[t]\nr = []\n[t.r.o]\n", 3}};
    for ([[maybe_unused]] const auto& [text, line] : cases) {
        INFO(text);
        ProfileError error = error_in(text);
        CHECK(error.message.starts_with("TOML syntax error: "));
#if TOML11_VERSION_MAJOR >= 4
        // toml11 4 refuses it itself, at the key.
        CHECK(error.message.find("value already exists") != std::string::npos);
        CHECK(error.line == line);
#else
        // toml11 3 reaches the array's back(), which CheckedArray refuses.
        CHECK(error.message.find("extends an empty array") != std::string::npos);
#endif
    }
}

TEST_CASE("runner.preload: the built-ins' warm-run modules", "[profiles][preload]") {
    CHECK(loaded(load_profile("data_processing")).runner.preload == std::vector<std::string>{"numpy", "pandas"});
    CHECK(loaded(load_profile("plotting")).runner.preload ==
          std::vector<std::string>{"numpy", "pandas", "matplotlib", "matplotlib.pyplot"});
    for (const char* name : {"safe_eval", "repo_tooling", "networked", "code_pool"}) {
        INFO(name);
        CHECK(loaded(load_profile(name)).runner.preload.empty());
    }
    // Each built-in's preload is an import its own profile allows (the loader refuses others).
    for (const BuiltinProfile& builtin : builtin_profiles()) {
        Profile profile = loaded(load_profile(builtin.name));
        for (const std::string& module : profile.runner.preload) {
            INFO(builtin.name << " preloads " << module);
            CHECK(pygate::analyzer::allows_import(profile, module));
        }
    }
}

TEST_CASE("runner.preload loads in order and round-trips through profile show", "[profiles][preload]") {
    Profile profile = loaded(load_profile_text(R"(name = "warm"
extends = "data_processing"
[imports]
allow_add = ["xml.etree"]
[runner]
preload = ["xml.etree.ElementTree", "pandas", "numpy.linalg"]
)",
                                               "warm.toml"));
    CHECK(profile.runner.preload == std::vector<std::string>{"xml.etree.ElementTree", "pandas", "numpy.linalg"});
    std::string text = shown(profile);
    CHECK(text.find("\n[runner]\npreload = [\"xml.etree.ElementTree\", \"pandas\", \"numpy.linalg\"]\n") !=
          std::string::npos);
    Profile again = loaded(load_profile_text(text, "shown.toml"));
    CHECK(again == profile);
    CHECK(shown(again) == text);

    // An empty list is written too, and loads back empty.
    Profile none = loaded(load_profile_text("name = \"none\"\n[runner]\npreload = []\n", "none.toml"));
    CHECK(none.runner.preload.empty());
    CHECK(shown(none).find("\n[runner]\npreload = []\n") != std::string::npos);
    CHECK(loaded(load_profile_text(shown(none), "shown.toml")) == none);
}

TEST_CASE("runner.preload is inherited whole unless the child sets its own", "[profiles][preload]") {
    Profile inherits = loaded(load_profile_text("name = \"c\"\nextends = \"data_processing\"\n", "c.toml"));
    CHECK(inherits.runner.preload == std::vector<std::string>{"numpy", "pandas"});

    Profile narrows = loaded(
        load_profile_text("name = \"c\"\nextends = \"data_processing\"\n[runner]\npreload = [\"numpy\"]\n", "c.toml"));
    CHECK(narrows.runner.preload == std::vector<std::string>{"numpy"});

    Profile cleared =
        loaded(load_profile_text("name = \"c\"\nextends = \"plotting\"\n[runner]\npreload = []\n", "c.toml"));
    CHECK(cleared.runner.preload.empty());

    // Through a file parent, two levels down.
    pygate::testing::TempDir dir;
    dir.file("base.toml", "name = \"base\"\nextends = \"safe_eval\"\n[runner]\npreload = [\"json\", \"decimal\"]\n");
    dir.file("middle.toml", "name = \"middle\"\nextends = \"base.toml\"\n[limits]\nmemory_mb = 256\n");
    std::string child = dir.file("child.toml", "name = \"child\"\nextends = \"middle.toml\"\n");
    CHECK(loaded(load_profile(child)).runner.preload == std::vector<std::string>{"json", "decimal"});
}

TEST_CASE("runner.preload must stay allowed by the profile that uses it", "[profiles][preload][malformed]") {
    // A child that stops allowing an inherited preload module: the error is at
    // its `extends`, names the module and says how to fix it.
    ProfileError narrowed =
        error_in("name = \"c\"\nextends = \"data_processing\"\n[imports]\nallow_remove = [\"pandas\"]\n");
    INFO(narrowed.to_string());
    CHECK(narrowed.line == 2);
    CHECK(narrowed.column == 11);
    CHECK(narrowed.message.find("inherited from the parent, names `pandas`") != std::string::npos);
    CHECK(narrowed.message.find("profile c does not allow importing it") != std::string::npos);
    // Setting its own list fixes it.
    Profile fixed = loaded(load_profile_text(
        "name = \"c\"\nextends = \"data_processing\"\n[imports]\nallow_remove = [\"pandas\"]\n[runner]\npreload = "
        "[\"numpy\"]\n",
        "c.toml"));
    CHECK(fixed.runner.preload == std::vector<std::string>{"numpy"});

    // The prefix rule of imports.allow: os.path allows neither os nor a sibling.
    ProfileError parent_of_allowed =
        error_in("name = \"x\"\n[imports]\nallow = [\"os.path\"]\n[runner]\npreload = [\"os\"]\n");
    CHECK(parent_of_allowed.message.find("names `os`") != std::string::npos);

    // Allowed by the list is not enough: the gate judges `import MODULE` as it
    // would a program's, so a forbidden `import` statement (PG011) refuses it.
    ProfileError forbidden = error_in(
        "name = \"x\"\n[imports]\nallow = [\"math\"]\n[syntax]\nforbid = [\"import\"]\n[runner]\npreload = "
        "[\"math\"]\n");
    INFO(forbidden.to_string());
    CHECK(forbidden.line == 7);
    CHECK(forbidden.column == 12);
    CHECK(forbidden.message.find("names `math`, but profile x refuses `import math`: PG011") != std::string::npos);
    // A keyword is no module an import statement can name, even where
    // imports.allow (which takes any dotted identifiers) lists it.
    ProfileError keyword =
        error_in("name = \"x\"\n[imports]\nallow = [\"os.class\"]\n[runner]\npreload = [\"math\", \"os.class\"]\n");
    CHECK(keyword.line == 5);
    CHECK(keyword.column == 20);
    CHECK(keyword.message.find("`class` is a Python keyword") != std::string::npos);
    // Lowering PG003 does not make a module part of the profile.
    ProfileError lowered = error_in(
        "name = \"x\"\n[imports]\nallow = [\"math\"]\n[rules.PG003]\nseverity = \"off\"\n[runner]\npreload = "
        "[\"os\"]\n");
    CHECK(lowered.message.find("names `os`, but profile x does not allow importing it") != std::string::npos);
    ProfileError pool = error_in("name = \"x\"\nextends = \"code_pool\"\n[runner]\npreload = [\"math\"]\n");
    CHECK(pool.message.find("names `math`, but profile x does not allow importing it") != std::string::npos);

    // At most 16 modules, however many the profile allows.
    std::string many = "name = \"x\"\nextends = \"safe_eval\"\n[runner]\npreload = [";
    for (const char* module :
         {"math", "cmath", "decimal", "fractions", "statistics", "random", "re", "json", "datetime", "time", "calendar",
          "string", "textwrap", "unicodedata", "difflib", "itertools"})
        many += fmt::format("\"{}\", ", module);
    CHECK(loaded(load_profile_text(many + "]\n", "x.toml")).runner.preload.size() == 16);
    ProfileError too_many = error_in(many + "\"functools\"]\n");
    CHECK(too_many.line == 4);
    CHECK(too_many.message.find("names 17 modules; at most 16") != std::string::npos);
}
