#pragma once
// matplotlib settings that make it start other programs: text.usetex (and a
// text's `usetex=`) runs latex and dvipng for every text it draws,
// ps.usedistiller runs Ghostscript or xpdf, pgf.texsystem names the TeX
// program the pgf backend runs, animation.ffmpeg_path and
// animation.convert_path name the programs the animation writers start.
// Which settings do so is reviewed by hand from matplotlib's sources (the
// library effects analysis sees latex only as a possibility of every text
// call, docs/analysis.md "Library settings"). A setting set to a value pygate
// cannot see, or through a key it cannot fold, is a review.

#include "analyzer/rule_hooks.hpp"

namespace pygate::rules {

// rcParams.update, rc_context, style.use and style.context given a
// dictionary, matplotlib.rc(GROUP, KEY=...), and any call of a matplotlib
// callable (or of an untraced value in a file that imports matplotlib) with
// a `usetex=` keyword.
void judge_program_settings_call(const analyzer::CallSite& call, analyzer::RuleContext& context,
                                 analyzer::RuleNumber rule);

// A dictionary display's `"usetex": value` or `"text.usetex": value` pair (a
// pair site), in a file that imports matplotlib: the dictionary may reach a
// text (`fontdict=`, `**`) or rcParams (`rc |= d`, a helper's `rc.update(d)`).
// `f = t.set_usetex`, `map(t.set_usetex, [True])`, `for f in (t.set_usetex,)`:
// a TeX switch or runner taken as a value is called where no site shows.
void judge_tex_method_as_value(const analyzer::AttributeSite& site, analyzer::RuleContext& context,
                               analyzer::RuleNumber rule);

void judge_setting_pair(const analyzer::SyntaxSite& site, analyzer::RuleContext& context, analyzer::RuleNumber rule);

// `matplotlib.rcParams[KEY] = value` (a subscript site), and
// `anything["usetex"] = value` or `anything["text.usetex"] = value` in a file
// that imports matplotlib.
void judge_program_settings_subscript(const analyzer::SyntaxSite& site, analyzer::RuleContext& context,
                                      analyzer::RuleNumber rule);

// `rcParams |= mapping` (an augmented_assignment site): dict's in-place union
// sets every key of the mapping.
void judge_rc_params_update_in_place(const analyzer::SyntaxSite& site, analyzer::RuleContext& context,
                                     analyzer::RuleNumber rule);

// rcParams (or its defaults) going where pygate does not follow it: handed to
// the program's own function, put in a list, returned. Code there may set any
// setting, so it is a review; its own methods and items, an alias, and
// callables that only read it are followed.
void judge_rc_params_reference(const analyzer::Reference& reference, analyzer::RuleContext& context,
                               analyzer::RuleNumber rule);

}  // namespace pygate::rules
