#pragma once
// A urllib.request.Request's URL changed after the request was made:
// `r.full_url = "file:/etc/hostname"` (or `_full_url`), `r.type = "file"`,
// `r.set_proxy(host, "file")`, or the same through setattr. urlopen opens what the request says when it is opened, so a
// store to its URL or scheme is judged as a URL given to urlopen: a `file:`
// URL is a local file. The checked Request(url) is no guard once the
// object can be changed.

#include "analyzer/rule_hooks.hpp"

namespace pygate::rules {

// A store to a Request's `full_url` or `type` (an attribute site).
void judge_request_url_store(const analyzer::AttributeSite& site, analyzer::RuleContext& context,
                             analyzer::RuleNumber rule);

// `setattr(request, "full_url" | "type", value)`, and `request.set_proxy(host,
// type)`, which sets the scheme.
void judge_request_url_setattr(const analyzer::CallSite& call, analyzer::RuleContext& context,
                               analyzer::RuleNumber rule);

}  // namespace pygate::rules
