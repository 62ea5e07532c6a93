// PG014 over the whole analysis: a library name its table holds is allowed,
// and the same name is a review once its entry is taken out of the table;
// a target whose version of a library has no table makes every name of it a
// review.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "analyzer/analyze.hpp"
#include "analyzer/library/library_tables.hpp"
#include "profiles/compiled_profiles.hpp"
#include "rules/registry.hpp"

using namespace pygate;
using analyzer::LibraryEntry;
using analyzer::LibraryKnowledge;
using analyzer::LibraryTable;
using analyzer::LibraryVersions;

namespace {

const std::string k_program =
    "import pandas as pd\n"
    "frame = pd.read_csv('input/data.csv')\n"
    "print(frame.head())\n";

std::vector<std::string> findings_of(const std::string& code, const LibraryKnowledge& libraries) {
    analyzer::Profile profile = std::get<analyzer::Profile>(profiles::resolve_profile("data_processing"));
    analyzer::Parser parser;
    analyzer::AnalysisOptions options{&profile, rules::all_hooks(), &libraries};
    std::vector<std::string> out;
    for (const analyzer::Finding& finding : analyzer::analyze_bytes(code, parser, options).findings)
        out.push_back(analyzer::rule_code(finding.rule) + " " + finding.message);
    return out;
}

}  // namespace

TEST_CASE("A name is allowed while its table holds it, and a review once its entry is taken out") {
    CHECK(findings_of(k_program, LibraryKnowledge::of_tables()).empty());

    // The compiled tables, with pandas.read_csv's canonical entry taken out of pandas'.
    std::vector<std::vector<LibraryEntry>> copies;
    std::vector<LibraryTable> tables;
    for (const LibraryTable& table : analyzer::library_tables()) {
        std::vector<LibraryEntry> entries(table.entries.begin(), table.entries.end());
        if (table.distribution == "pandas")
            std::erase_if(entries, [](const LibraryEntry& e) { return e.name == "pandas.io.parsers.readers.read_csv"; });
        copies.push_back(std::move(entries));
    }
    for (std::size_t i = 0; i < copies.size(); ++i) {
        const LibraryTable& table = analyzer::library_tables()[i];
        tables.push_back({table.distribution, table.version, copies[i]});
    }
    REQUIRE(copies.size() == analyzer::library_tables().size());
    LibraryKnowledge without(LibraryVersions::of_tables(), tables);
    std::vector<std::string> findings = findings_of(k_program, without);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].starts_with("PG014 `pandas.read_csv` is not in pygate's table for pandas"));
}

TEST_CASE("A target whose pandas has no table, or that has none, makes every pandas name a review") {
    LibraryVersions newer = LibraryVersions::of_tables();
    newer.versions["pandas"] = "2.2.3";
    std::vector<std::string> findings = findings_of(k_program, LibraryKnowledge(newer));
    REQUIRE_FALSE(findings.empty());
    CHECK(findings[0].find("the program's target has pandas 2.2.3, for which pygate has no table") !=
          std::string::npos);

    LibraryVersions none = LibraryVersions::of_tables();
    none.versions.erase("pandas");
    findings = findings_of(k_program, LibraryKnowledge(none));
    REQUIRE_FALSE(findings.empty());
    CHECK(findings[0].find("pandas is not installed for the program's target") != std::string::npos);
}
