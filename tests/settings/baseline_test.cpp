// The baseline reader and matcher (cli/baseline), in process: fingerprints,
// counting, expiry and the reader's errors. End to end: tools/ci_conventions_check.py.
#include "settings/baseline.hpp"

#include <catch2/catch.hpp>

using namespace pygate;
using settings::Baseline;
using settings::BaselineMatcher;

namespace {

analyzer::Finding finding(analyzer::RuleNumber rule, std::string name, std::string line, std::uint32_t at = 1) {
    analyzer::Finding out;
    out.rule = rule;
    out.severity = analyzer::Severity::error;
    out.qualified_name = std::move(name);
    out.source_line = std::move(line);
    out.range = {at, 1, at, 2};
    return out;
}

reporters::FileReport file_with(std::vector<analyzer::Finding> findings) {
    reporters::FileReport file;
    file.path = "src/app.py";
    file.findings = std::move(findings);
    file.decision = analyzer::Decision::deny;
    return file;
}

settings::BaselineEntry entry_for(const reporters::FileReport& file, const analyzer::Finding& f,
                             std::optional<std::string> expires = std::nullopt) {
    settings::BaselineEntry entry;
    entry.fingerprint = settings::finding_fingerprint(file.path, f);
    entry.rule = analyzer::rule_code(f.rule);
    entry.path = file.path;
    entry.qualified_name = f.qualified_name;
    entry.source_line = settings::normalised_source_line(f.source_line);
    entry.reason = "accepted";
    entry.expires = std::move(expires);
    return entry;
}

}  // namespace

TEST_CASE("the fingerprint ignores the line number and whitespace runs, not the code", "[baseline]") {
    auto base = finding(4, "subprocess.run", "subprocess.run(['id'])", 3);
    CHECK(settings::finding_fingerprint("a.py", base) ==
          settings::finding_fingerprint("a.py", finding(4, "subprocess.run", "    subprocess.run(['id'])  ", 30)));
    CHECK(settings::finding_fingerprint("a.py", base) !=
          settings::finding_fingerprint("a.py", finding(4, "subprocess.run", "subprocess.run(['ls'])", 3)));
    CHECK(settings::finding_fingerprint("a.py", base) != settings::finding_fingerprint("b.py", base));
    CHECK(settings::finding_fingerprint("a.py", base) !=
          settings::finding_fingerprint("a.py", finding(5, "subprocess.run", "subprocess.run(['id'])", 3)));
    CHECK(settings::normalised_source_line(" \tx  =\t eval( 1 ) \r") == "x = eval( 1 )");
}

TEST_CASE("N entries absorb at most N findings, and the rest decide", "[baseline]") {
    auto twice = file_with({finding(1, "builtins.eval", "eval(x)", 1), finding(1, "builtins.eval", "eval(x)", 2)});
    Baseline baseline{{entry_for(twice, twice.findings[0])}};
    BaselineMatcher matcher(baseline, "2026-11-26");
    matcher.apply(twice, analyzer::GatePolicy{});
    REQUIRE(twice.baselined.size() == 2);
    CHECK(twice.is_baselined(0));
    CHECK(!twice.is_baselined(1));
    CHECK(twice.decision == analyzer::Decision::deny);
    CHECK(matcher.absorbed() == 1);
    CHECK(matcher.unused_notes().empty());

    auto once = file_with({finding(1, "builtins.eval", "eval(x)", 1)});
    BaselineMatcher both(Baseline{{entry_for(once, once.findings[0]), entry_for(once, once.findings[0])}},
                         "2026-11-26");
    both.apply(once, analyzer::GatePolicy{});
    CHECK(once.decision == analyzer::Decision::allow);
    CHECK(*once.baselined[0] == "accepted");
    CHECK(both.unused_notes().size() == 1);
}

TEST_CASE("an entry applies up to its expiry date and not after", "[baseline]") {
    auto file = file_with({finding(1, "builtins.eval", "eval(x)")});
    auto on_the_day = file;
    BaselineMatcher current(Baseline{{entry_for(file, file.findings[0], "2026-11-26")}}, "2026-11-26");
    current.apply(on_the_day, analyzer::GatePolicy{});
    CHECK(on_the_day.decision == analyzer::Decision::allow);
    CHECK(current.expired_notes().empty());

    BaselineMatcher expired(Baseline{{entry_for(file, file.findings[0], "2026-11-25")}}, "2026-11-26");
    expired.apply(file, analyzer::GatePolicy{});
    CHECK(file.decision == analyzer::Decision::deny);
    CHECK(!file.is_baselined(0));
    REQUIRE(expired.expired_notes().size() == 1);
    CHECK(expired.expired_notes()[0].find("expired on 2026-11-25") != std::string::npos);
    CHECK(expired.unused_notes().empty());  // expired is said once, not also as unused
}

TEST_CASE("PG000 is never absorbed, even when recording", "[baseline]") {
    auto file = file_with({finding(0, "", "def f(:")});
    BaselineMatcher matcher(Baseline{{entry_for(file, file.findings[0])}}, "2026-11-26");
    matcher.apply(file, analyzer::GatePolicy{}, true);
    CHECK(file.decision == analyzer::Decision::deny);
    CHECK(matcher.recorded().empty());
}

TEST_CASE("the written file reads back, and damaged files say what is wrong", "[baseline]") {
    auto file = file_with({finding(4, "subprocess.run", "subprocess.run(['id'])")});
    auto entry = entry_for(file, file.findings[0], "2027-01-31");
    auto read = settings::parse_baseline(settings::baseline_json({entry}));
    REQUIRE(std::holds_alternative<Baseline>(read));
    const auto& entries = std::get<Baseline>(read).entries;
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].fingerprint == entry.fingerprint);
    CHECK(entries[0].expires == entry.expires);

    auto error = [](std::string_view text) {
        auto result = settings::parse_baseline(text);
        return std::holds_alternative<std::string>(result) ? std::get<std::string>(result) : std::string("accepted");
    };
    CHECK(error("").starts_with("not JSON"));
    CHECK(error("{\"version\": 1, \"entries\": {}}") == "`entries` must be an array");
    CHECK(error("{\"version\": 1, \"entries\": [3]}") == "entries[0] must be an object, not a number");
    std::string json = settings::baseline_json({entry});
    std::string bad_date = json;
    bad_date.replace(bad_date.find("2027-01-31"), 10, "2027-02-29");
    CHECK(error(bad_date).find("entries[0]: `expires` must be a date") != std::string::npos);
    std::string leap = json;
    leap.replace(leap.find("2027-01-31"), 10, "2028-02-29");
    CHECK(error(leap) == "accepted");
    std::string edited = json;
    edited.replace(edited.find("['id']"), 6, "['ls']");
    CHECK(error(edited).find("`fingerprint` is not the one") != std::string::npos);
}

TEST_CASE("dates are real calendar dates", "[baseline]") {
    CHECK(settings::is_iso_date("2026-11-26"));
    CHECK(settings::is_iso_date("2024-02-29"));
    CHECK(!settings::is_iso_date("2023-02-29"));
    CHECK(!settings::is_iso_date("2026-13-01"));
    CHECK(!settings::is_iso_date("2026-1-01"));
    CHECK(!settings::is_iso_date("26-11-2026"));
    CHECK(settings::is_iso_date(settings::today_utc()));
}
