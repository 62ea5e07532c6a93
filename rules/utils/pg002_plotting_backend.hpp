#pragma once
// Plotting backends are modules named by strings. matplotlib imports a
// `module://name` backend (matplotlib.use, pyplot.switch_backend,
// rcParams["backend"], rcParams.update and rc_context), and pandas imports
// whatever module its plotting.backend option or a plot call's `backend=`
// names. Either runs the code of a module no import statement shows, which
// the import allowlist cannot judge: a dynamic import (PG002).
// A backend pygate cannot fold names a module it cannot rule out.

#include "analyzer/rule_hooks.hpp"

namespace pygate::rules {

// Reports a call that may make matplotlib or pandas import a module by name.
void judge_backend_call(const analyzer::CallSite& call, analyzer::RuleContext& context, analyzer::RuleNumber rule);

// `matplotlib.rcParams["backend"] = value` (a subscript site): reports when
// the value may name a module.
void judge_backend_subscript(const analyzer::SyntaxSite& site, analyzer::RuleContext& context,
                             analyzer::RuleNumber rule);

// `{"backend": value}` (a pair site) in a file that imports matplotlib: the
// dictionary may reach rcParams by ways pygate does not follow (`rc |= d`,
// `rcParams.__init__(d)`, seaborn's `rc=`), so the key is judged wherever
// it is written, as rcParams' keys that start programs are (PG004).
void judge_backend_pair(const analyzer::SyntaxSite& site, analyzer::RuleContext& context, analyzer::RuleNumber rule);

// A backend value reaching rcParams in a mapping PG004 reads
// (pg004_matplotlib_programs.hpp, `d = dict(backend=...)`; `rc.update(d)`):
// reported as PG002 at `at` when it may name a module.
void judge_backend_value(analyzer::Node value, analyzer::ScopeId scope, analyzer::RuleContext& context,
                         analyzer::Node at);

// `pandas.options.plotting.backend = value` (an attribute site): reports
// when the value may name a module.
void judge_backend_attribute(const analyzer::AttributeSite& site, analyzer::RuleContext& context,
                             analyzer::RuleNumber rule);

}  // namespace pygate::rules
