#include "rules/utils/pg006_request_url_store.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>

#include "rules/utils/pg006_url_scheme.hpp"
#include "rules/utils/referent_names.hpp"
#include "rules/utils/stored_value.hpp"

namespace pygate::rules {

using analyzer::Node;
using analyzer::Referent;

namespace {

constexpr int k_specificity = 60;

// Whether `object` may be a Request: one the resolver traces to it, or a
// value it cannot trace in a file that imports urllib.request.
bool may_be_request(Node object, analyzer::ScopeId scope, const analyzer::Model& model) {
    analyzer::Referents referents = model.resolve(object, scope);
    if (referents.empty()) return model.imports("urllib.request") || model.imports("urllib");
    return std::any_of(referents.begin(), referents.end(), [](const Referent& r) {
        return r.kind == Referent::Kind::instance && r.qualified == "urllib.request.Request";
    });
}

void judge(Node at, std::string_view attribute, Node value, analyzer::ScopeId scope, analyzer::RuleContext& context,
           analyzer::RuleNumber rule) {
    const analyzer::Model& model = context.model();
    auto report = [&](analyzer::Severity severity, const std::string& why) {
        context.report(rule, severity, at,
                       fmt::format("file access: a urllib Request's `{}` set after it was made: {}; urlopen opens "
                                   "what the request then says, and a `file:` URL is a local file",
                                   attribute, why),
                       k_specificity);
    };
    if (node_is_null(value)) return report(analyzer::Severity::warning, "to a value pygate cannot see");
    if (attribute == "type" || attribute == "set_proxy") {
        std::optional<std::string> scheme = model.fold_string(value, scope);
        if (!scheme) return report(analyzer::Severity::warning, "to a scheme pygate cannot fold");
        std::string lowered = *scheme;
        std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (lowered == "file") report(analyzer::Severity::error, "to `file`");
        return;
    }
    UrlScheme url = url_scheme(model, value, scope);
    if (url.kind == UrlScheme::Kind::file) return report(analyzer::Severity::error, "to a `file:` URL");
    if (url.kind == UrlScheme::Kind::unknown)
        report(analyzer::Severity::warning, "to a URL whose scheme is not constant");
}

// `_full_url` is what full_url's setter sets (with `_parse()` after it).
bool url_attribute(std::string_view name) { return name == "full_url" || name == "_full_url" || name == "type"; }

}  // namespace

void judge_request_url_store(const analyzer::AttributeSite& site, analyzer::RuleContext& context,
                             analyzer::RuleNumber rule) {
    if (!site.store || !url_attribute(site.attribute)) return;
    std::optional<Node> value = value_stored_at(site.node);
    if (!value) return;  // `del r.full_url`
    if (!may_be_request(site.object, site.scope, context.model())) return;
    judge(site.node, site.attribute, *value, site.scope, context, rule);
}

void judge_request_url_setattr(const analyzer::CallSite& call, analyzer::RuleContext& context,
                               analyzer::RuleNumber rule) {
    const analyzer::Model& model = context.model();
    // `r.set_proxy(host, type)` sets the request's scheme to `type`.
    if (names_any(call.callee, {"urllib.request.Request.set_proxy"})) {
        judge(call.node, "set_proxy", model.argument(call.node, 1, "type"), call.scope, context, rule);
        return;
    }
    if (!names_any(call.callee, {"builtins.setattr"})) return;
    std::optional<std::string> name = model.fold_string(model.argument(call.node, 1), call.scope);
    if (!name || !url_attribute(*name)) return;  // a name pygate cannot fold is PG009's
    if (!may_be_request(model.argument(call.node, 0), call.scope, model)) return;
    judge(call.node, *name, model.argument(call.node, 2), call.scope, context, rule);
}

}  // namespace pygate::rules
