#include "rules/catalogue.hpp"

#include <fmt/format.h>

#include <array>
#include <string>
#include <vector>

#include "analyzer/library/library_tables.hpp"

namespace pygate::rules {
namespace {

using analyzer::NameFacts;
using analyzer::Referent;

constexpr analyzer::RuleNumber k_rule = 14;
// Below every rule that names what a library's name does: a name a table
// knows is judged by those rules; this one speaks only of what no table knows.
constexpr int k_specificity = 4;
constexpr std::array<std::string_view, 1> k_cwe = {"CWE-1357"};

std::vector<std::string> tables() {
    std::vector<std::string> out;
    for (const analyzer::LibraryTable& table : analyzer::library_tables())
        out.push_back(fmt::format("{} {}: {} names", table.distribution, table.version, table.entries.size()));
    return out;
}
constexpr std::array<RuleTable, 1> k_tables = {{{"The library tables compiled in", tables}}};

std::string versions_with_tables(std::string_view distribution) {
    std::vector<std::string_view> versions = analyzer::LibraryKnowledge::table_versions(distribution);
    return versions.empty() ? std::string("none") : fmt::format("{}", fmt::join(versions, ", "));
}

// What the tables cannot say of `facts`' name, or nothing when they can.
std::optional<std::string> unknown_because(const NameFacts& facts, std::string_view qualified) {
    switch (facts.status) {
        case NameFacts::Status::unknown:
        case NameFacts::Status::dynamic:  // a class's own attribute: instances' __getattr__ answers instances only
            return fmt::format("`{}` is not in pygate's table for {} {}: `{}` holds no `{}`, so pygate does not "
                               "know what it does",
                               qualified, facts.distribution, facts.version, facts.within, facts.missing);
        case NameFacts::Status::no_table:
            if (facts.version.empty())
                return fmt::format("{} is not installed for the program's target, so pygate cannot say which {} "
                                   "`{}` will be, nor what it does (it has tables for {} {})",
                                   facts.distribution, facts.distribution, qualified, facts.distribution,
                                   versions_with_tables(facts.distribution));
            return fmt::format("the program's target has {} {}, for which pygate has no table (it has tables for "
                               "{}): pygate does not know what `{}` does there",
                               facts.distribution, facts.version, versions_with_tables(facts.distribution),
                               qualified);
        default:
            return std::nullopt;
    }
}

void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    if (reference.store) return;
    for (const Referent& referent : reference.referents) {
        // A guessed type's member is the guess's to answer for, not the program's (model.hpp).
        if (referent.kind != Referent::Kind::name || referent.through_instance) continue;
        NameFacts facts = context.libraries().describe(referent.qualified);
        // A name a star import's module lacks is not that module's.
        if (referent.via_star_import && facts.status != NameFacts::Status::no_table) continue;
        std::optional<std::string> because = unknown_because(facts, referent.qualified);
        if (!because) continue;
        context.report(k_rule, analyzer::Severity::warning, reference.node,
                       fmt::format("{} ({})", *because, context.how_reached(reference.node, referent)),
                       k_specificity, &referent);
        return;
    }
}

constexpr analyzer::RuleHooks k_hooks{.on_reference = on_reference};

}  // namespace

const RuleMetadata k_pg014_unknown_library_name{
    .number = k_rule,
    .name = "unknown-library-name",
    .default_severity = analyzer::Severity::warning,
    .cwe = k_cwe,
    .summary = "A name of an allowed library that pygate's tables do not know for the target's version",
    .catches =
        "A reference to a name of a library a profile allows (the standard library's allowed modules, numpy, "
        "pandas, scipy, matplotlib, seaborn, ...) that the library's table for the version the program's "
        "target has does not hold (`pandas.read_foo`, `numpy.brand_new_loader`), and every name of a library "
        "whose target version has no table or that the target does not have. Dunder attributes are PG009's; "
        "members of values whose type pygate guessed are not judged here.",
    .why =
        "Allowing a library grants what its functions do, and pygate vouches only for what its tables say "
        "each one does. A name they do not hold is a function nobody reviewed: a newer version's reader or "
        "writer, a private helper, a loader that opens any file. When pygate cannot be sure, it does not "
        "allow.",
    .bad_example =
        "import pandas as pd\n"
        "frame = pd.read_foo('input/data.foo')\n",
    .good_example =
        "import pandas as pd\n"
        "frame = pd.read_csv('input/data.csv')\n",
    .instead =
        "Use the library's documented names for the version the target has. A reviewer decides on code that "
        "needs a name pygate does not know; `pygate explain PG014` lists the library versions its tables cover.",
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
