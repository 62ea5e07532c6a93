#pragma once
// The pandas options a program sets: `pd.set_option(KEY, VALUE, ...)`,
// `pd.option_context(KEY, VALUE, ...)`, `pd.options.A.B = VALUE` and
// `setattr(pd.options.A, "B", VALUE)`. pandas reads a key given to
// set_option or option_context as a regular expression, searched without
// regard to case in every registered option's name, and sets the one option
// it matches (`"format.formatter"` sets `styler.format.formatter`); an
// attribute path names its option exactly. Which options reach an effect
// is library data (analyzer/library/settings.tsv); the rules judge a store
// to one by the effect's rule.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/rule_hooks.hpp"

namespace pygate::rules {

struct OptionStore {
    analyzer::Node at;                    // where a finding goes
    std::optional<std::string> key;       // the key folded; nothing when pygate cannot fold it
    bool exact = false;                   // the key is an option's whole name (an attribute path)
    analyzer::Node value;                 // null when the store shows no value
};

// The options a call sets (none for any other call). A starred argument or
// `**` hides both: its store has neither key nor value.
std::vector<OptionStore> pandas_option_stores(const analyzer::CallSite& call, const analyzer::Model& model);

// The option an attribute store under `pandas.options` sets.
std::optional<OptionStore> pandas_option_store(const analyzer::AttributeSite& site, const analyzer::Model& model);

// A pandas options object (`pd.options.styler.format`) handed as an argument
// to a callable the rules do not follow into (a function of the file, a
// lambda, a value pygate cannot name): it may set any option there, with
// any value. Where, for a review.
std::vector<analyzer::Node> options_handed_away(const analyzer::CallSite& call, const analyzer::Model& model);

// Whether a store may set `option`: a key pygate could not fold may set any;
// a folded one as pandas matches it (a key with regular-expression syntax
// other than `.` is taken to match anything).
bool may_set(const OptionStore& store, std::string_view option);

}  // namespace pygate::rules
