#pragma once
// What the library tables say a called library callable does with its
// arguments (analyzer/library/README.md, "Effects"), for the rules whose
// concern each effect is: a rule judges a callee its own tables name by
// those tables, and any other by its table entry's effects, so that a
// callable no rule was written for (a newer writer, a loader, a helper that
// looks a name up) is judged by what it does.

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/library/library_tables.hpp"
#include "analyzer/rule_hooks.hpp"

namespace pygate::rules {

// The argument an effect depends on (README: `name#N`, `name`, `#N`, `#N+`,
// `**`, `**names`, `self`, `*`), or none: the effect happens whatever the arguments.
struct EffectParameter {
    std::string_view name;        // keyword; empty for a positional-only parameter
    int position = -1;            // -1: keyword only
    bool rest = false;            // `#N+`: each positional argument from N on
    bool keyword_values = false;  // `**`
    bool keyword_names = false;   // `**names`
    bool receiver = false;        // `self`
    bool any = false;             // `*`
    bool none = true;             // no parameter
};

struct LibraryEffect {
    std::string_view kind;  // names, code, format, annotations, reads, writes, files, environment, ...
    EffectParameter parameter;
};

// The effects an entry lists (a function's, or a class's for constructing it).
std::vector<LibraryEffect> library_effects(const analyzer::LibraryEntry& entry);
// The effects of assigning a property, its setter's (an attribute entry's).
std::vector<LibraryEffect> setter_effects(const analyzer::LibraryEntry& entry);

// The library callable `site` calls, when the target's tables know it: the
// callee referent and its entry (aliases followed), a member of a value
// whose type the resolver guessed included.
struct CalledLibraryCallable {
    const analyzer::Referent* callee = nullptr;  // the call's callee as resolved (`operator.methodcaller`)
    const analyzer::LibraryEntry* entry = nullptr;
    std::vector<LibraryEffect> effects;
    // The positional arguments of the call before the callable's own: 1 for
    // `operator.methodcaller("query", expr)`, whose first is the method's name.
    std::uint32_t skipped = 0;
    std::string via;  // how the call reaches it, when by a name: "methods named `query`, through operator.methodcaller"
    // A method of a value whose class pygate cannot name (`frame.style.format(...)`),
    // taken for each library method so named: only the names and format strings
    // it is seen to pass are judged (a dunder there is one whatever the class);
    // what it cannot see stays as an ordinary method call's, unjudged.
    bool by_method_name_only = false;
    analyzer::Referent method;  // by_method_name_only: the method taken, which `callee` points to
};
std::optional<CalledLibraryCallable> called_library_callable(const analyzer::CallSite& site,
                                                             const analyzer::RuleContext& context);

// Whether a library callable takes names or a format string from its
// arguments (not its receiver): a names: or format: effect on a parameter.
bool takes_names_or_format(const analyzer::LibraryEntry& entry);

// Whether a member's referents leave its owner's class unnamed: none, or
// members of an attribute whose value's type no table says (`frame.style.format`).
bool of_unnamed_class(const analyzer::Referents& referents, const analyzer::LibraryKnowledge& libraries);

// Whether the attribute `x.NAME` may be a library method that takes names
// or a format string from its arguments, on a value whose class pygate
// cannot name (not a string): what `library_calls` judges of `x.NAME(...)`.
bool may_be_method_taking_names(analyzer::Node attribute, analyzer::ScopeId scope,
                                const analyzer::RuleContext& context);
// The same of the method `name` of `receiver`, reached by `method`
// (`getattr(receiver, "name")`).
bool may_be_method_taking_names(std::string_view name, analyzer::Node receiver, analyzer::Node method,
                                analyzer::ScopeId scope, const analyzer::RuleContext& context);

// Every library callable `site` may call: the one it calls directly; a
// method called by a string name, which may be any class's method so named
// (operator.methodcaller(NAME, args...), getattr(x, NAME)(args...) on a
// value whose class pygate cannot name): each such method with effects, its
// arguments those the call passes on; and `x.NAME(...)` on a value whose
// class pygate cannot name: each library method NAME whose names or format
// string an argument gives (by_method_name_only).
// Worked out once per call site: the rules that ask in turn (PG001, PG002,
// PG006, PG009) share the answer, valid until another call site is asked.
const std::vector<CalledLibraryCallable>& library_calls(const analyzer::CallSite& site,
                                                        const analyzer::RuleContext& context);

// The nodes of `site`'s call that `parameter` takes: the argument at its
// position or keyword, each positional from N on, the keywords' values, the
// receiver (the object of `x.method(...)`), or every argument. Empty when
// the call passes none of them. `unpacked` is set when `*args` or
// `**kwargs` may hide one.
std::vector<analyzer::Node> effect_arguments(const EffectParameter& parameter, const analyzer::CallSite& site,
                                             const analyzer::Model& model, bool* unpacked = nullptr,
                                             std::uint32_t skipped = 0);

// The strings an argument may hold: a constant, a name bound to constants,
// or the elements (a dict's keys and values) of a literal container, nested
// ones too, followed through a name bound once to one. A callable, a number
// or None holds none. Whether those are all it may hold.
// A call of a builtin container or number maker, or of a third-party
// library's callable outside its string-making modules, holds what its
// arguments hold (`np.dtype("O")` holds "O", `rng.normal(size=3)` nothing);
// `-x`, `not x` and comparisons hold nothing.
bool argument_strings(analyzer::Node value, analyzer::ScopeId scope, const analyzer::Model& model,
                      const analyzer::LibraryKnowledge& libraries, std::vector<std::string>& out, int depth = 0);

// The names of the keyword arguments `site` passes (for `**names`).
std::vector<std::string> keyword_argument_names(const analyzer::CallSite& site, const analyzer::Model& model);

// "pygate's table for pandas 1.5.3 says so of `...`": where the effect was read, for a message.
std::string effect_source(const CalledLibraryCallable& called, const analyzer::RuleContext& context);

// An effect a rule judges whatever the arguments, and how its message says it.
struct EffectMeaning {
    std::string_view kind;  // `process`
    std::string_view what;  // "starts other programs"
};

class NameTable;

// Reports, at `reference`, the first of its referents that names a library
// callable whose table entry lists one of `meanings`' effects and that
// `table` (the rule's own) does not name: the rule's tables speak for the
// names they hold, the library tables for the rest. Whether it reported.
bool report_library_effect(const analyzer::Reference& reference, analyzer::RuleContext& context,
                           analyzer::RuleNumber rule, const NameTable& table,
                           std::initializer_list<EffectMeaning> meanings);

// Below the rules' own table entries: one location keeps the most specific finding.
inline constexpr int k_library_effect_specificity = 15;

}  // namespace pygate::rules
