#pragma once
// Methods matched by name on values pygate cannot trace. Some objects reach
// processes, the network or files through methods whose names no other
// common object has (an event loop's subprocess_shell and create_connection,
// a figure's savefig, a frame's to_csv, a path's read_text), and they come
// from more places than the resolver's factories know: a parameter, a
// task's get_loop(), `fig, ax = plt.subplots()`, `for p in folder.iterdir()`.
// So in a file that imports the object's module, such a method called on an
// untraced value is taken for that object's. The one place where a method is
// matched by its name alone: it fails closed.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "analyzer/rule_hooks.hpp"
#include "rules/utils/name_table.hpp"

namespace pygate::rules {

// Whose methods a rule guesses: in a file that imports `module`, an untraced
// `x.m(...)` is `owner.m` when the rule's table names it.
struct GuessedOwner {
    std::string_view module;  // `matplotlib`
    std::string_view owner;   // `matplotlib.figure.Figure`
};

struct GuessedMethod {
    std::string qualified;    // `matplotlib.figure.Figure.savefig`
    std::string_view module;  // the import that let it be guessed: `matplotlib`
    const NameEntry* entry;
};

// What `site` is taken for, if it calls a method on an untraced value in a
// file that imports one of the owners' modules, and `table` names that
// method of that owner. Names in `too_common` (`open`, `replace`) are never guessed.
// A member of a library value whose type no table says (`df.groupby(k).obj`,
// `fig.canvas`) is untraced too: the tables say nothing of its methods.
std::optional<GuessedMethod> guess_untraced_method(const analyzer::CallSite& site, const analyzer::RuleContext& context,
                                                   std::span<const GuessedOwner> owners, const NameTable& table,
                                                   std::span<const std::string_view> too_common = {});

// For rules whose finding is the name alone (PG004, PG005): reports an
// untraced call of an event loop's method (in a file that imports asyncio)
// or a DataFrame's (in a file that imports pandas) that `table` names.
// Returns whether it did.
bool report_untraced_method_call(const analyzer::CallSite& site, analyzer::RuleContext& context,
                                 analyzer::RuleNumber rule, const NameTable& table);

// "`fig.savefig` is a method of matplotlib.figure.Figure called on a value
// pygate cannot trace, in a file that imports matplotlib".
std::string guessed_method_reason(const analyzer::CallSite& site, const analyzer::Model& model,
                                  const GuessedMethod& guessed);

}  // namespace pygate::rules
