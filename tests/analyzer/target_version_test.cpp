// Syntax read per target version (docs/analysis.md, "Syntax per target
// version"): what each CPython refuses is a PG000 finding, what it accepts
// is read. Each claim was checked with compile() under CPython 3.11.2 and
// pyodide's 3.12.7, 3.13.2 and 3.14.2.
#include <catch2/catch.hpp>
#include <variant>

#include "analyzer/analyze.hpp"
#include "analyzer/python_version.hpp"
#include "analyzer/syntax/template_strings.hpp"
#include "profiles/profile_loader.hpp"
#include "rules/registry.hpp"

using namespace pygate::analyzer;

namespace {

// The PG000 findings of `code` read as `version`, with the model built (as `pygate check` runs).
std::vector<Finding> refused_as(PythonVersion version, std::string code) {
    static thread_local Parser parser;
    static const Profile profile = std::get<Profile>(pygate::profiles::load_profile("safe_eval"));
    AnalysisOptions options{&profile, pygate::rules::all_hooks()};
    options.target_version = version;
    std::vector<Finding> out;
    for (Finding& finding : analyze_bytes(std::move(code), parser, options).findings)
        if (finding.rule == k_unsafe_source_rule) out.push_back(std::move(finding));
    return out;
}

constexpr PythonVersion k_311{3, 11}, k_312{3, 12}, k_313{3, 13}, k_314{3, 14};

}  // namespace

TEST_CASE("a target version is read as MAJOR.MINOR[.PATCH], and only 3.11 to 3.14 are targets", "[target]") {
    CHECK(parse_python_version("3.12") == PythonVersion{3, 12});
    CHECK(parse_python_version("3.13.2") == PythonVersion{3, 13});
    for (const char* bad : {"", "3", "3.", "3.12.", "3.x", "3.12rc1", " 3.12", "3.12.1.1", "1234.1"})
        CHECK_FALSE(parse_python_version(bad).has_value());
    CHECK(is_supported_target(PythonVersion{3, 11}));
    CHECK(is_supported_target(PythonVersion{3, 14}));
    CHECK_FALSE(is_supported_target(PythonVersion{3, 10}));
    CHECK_FALSE(is_supported_target(PythonVersion{3, 15}));
    CHECK_FALSE(is_supported_target(PythonVersion{4, 0}));
    CHECK(supported_targets_spelled() == "3.11, 3.12, 3.13 or 3.14");
}

TEST_CASE("PEP 695 type statements and type parameter lists are syntax from 3.12 on", "[target][syntax]") {
    for (const char* code : {"type X = list[int]\n", "type M[K, V] = dict[K, V]\n",
                             "def f[T](x: T) -> T:\n    return x\n", "class C[T: int, *Ts, **P]:\n    pass\n"}) {
        INFO(code);
        CHECK(refused_as(k_311, code).size() == 1);
        CHECK(refused_as(k_312, code).empty());
        CHECK(refused_as(k_313, code).empty());
        CHECK(refused_as(k_314, code).empty());
    }
    // `type(x).a = 1` is an assignment to CPython in every version.
    CHECK(refused_as(k_311, "type(x).a = 1\n").empty());
    CHECK(refused_as(k_312, "type(x).a = 1\n").empty());
}

TEST_CASE("PEP 701 f-strings are refused for 3.11 and read from 3.12 on", "[target][syntax]") {
    for (const char* code : {"x = f\"{\"a\"}\"\n", "x = f\"{\"\\n\".join(a)}\"\n", "x = f\"{a # c\n}\"\n",
                             "x = f\"{a +\nb}\"\n", "x = f'{f\"{f'{1}'}\"}'\n"}) {
        INFO(code);
        CHECK(refused_as(k_311, code).size() == 1);
        CHECK(refused_as(k_312, code).empty());
        CHECK(refused_as(k_314, code).empty());
    }
}

TEST_CASE("forms the grammar misreads or lacks are refused for every target", "[target][syntax]") {
    // `except A, B:` is read as `except A as B:`: refused before 3.14 as CPython does, and for 3.14
    // (PEP 758) because the tree binds B.
    const std::string except_comma = "try:\n    pass\nexcept ValueError, TypeError:\n    pass\n";
    for (PythonVersion version : {k_311, k_312, k_313, k_314}) {
        INFO(version.spelled());
        CHECK(refused_as(version, except_comma).size() == 1);
        CHECK_FALSE(refused_as(version, "def f[T=int]():\n    pass\n").empty());  // PEP 696: an ERROR node
    }
    CHECK(refused_as(k_314, except_comma)[0].message.find("PEP 758") != std::string::npos);
    CHECK(refused_as(k_312, except_comma)[0].message.find("CPython 3.12 refuses") != std::string::npos);
}

TEST_CASE("PEP 750 t-strings are refused before 3.14 and read as 3.14 reads them", "[target][syntax]") {
    for (PythonVersion version : {k_311, k_312, k_313}) {
        INFO(version.spelled());
        CHECK_FALSE(refused_as(version, "y = 1\nx = t\"{y}\"\n").empty());
    }
    for (const char* accepted : {"y = 1\nx = t\"{y!r:>{y}}\"\n", "y = 1\nx = T'{y=}' tR\"{y}\" Rt'a' rT'b'\n",
                                 "y = 1\nx = f\"{t'{y}'}\"\n", "y = 1\nx = t\"\"\"\n{y}\n\"\"\"\n"}) {
        INFO(accepted);
        CHECK(refused_as(k_314, accepted).empty());
    }
    // CPython 3.14 refuses these: other prefixes with t, and a t-string beside a str or bytes literal.
    for (const char* refused : {"x = tb'a'\n", "x = ft'a'\n", "x = ut'a'\n", "x = t'a' 'b'\n", "x = 'a' t'b'\n",
                                "x = t'a' f'b'\n", "x = t'a' b'b'\n"}) {
        INFO(refused);
        CHECK_FALSE(refused_as(k_314, refused).empty());
    }
}

TEST_CASE("t-string prefixes are read as f-string prefixes in a copy of the same length", "[target][syntax]") {
    CHECK_FALSE(template_strings_read_as_fstrings("x = f'{y}' + 'it''s' + foot'a'").has_value());
    CHECK(template_strings_read_as_fstrings("x = t'{y}'") == "x = f'{y}'");
    CHECK(template_strings_read_as_fstrings("x = (T\"a\", tr'b', Rt'c', rT'd')") ==
          "x = (F\"a\", fr'b', Rf'c', rF'd')");
    // Only a name of exactly t, tr or rt: `tb`, `ft`, `ut`, `at` and non-ASCII names stay.
    CHECK_FALSE(template_strings_read_as_fstrings("tb'a' ft'a' ut'a' at'a' trr'a' \xc3\xb1t'a' 1t'a'").has_value());
}
