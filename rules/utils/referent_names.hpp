#pragma once
// Small questions the rules' helpers ask of resolved names and of source
// text, answered once here.

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>

#include "analyzer/model/model.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::rules {

// Whether some referent is a module member named one of `names` (resolved,
// not spelled: `plt.rc_context` is `matplotlib.pyplot.rc_context`).
inline bool names_any(const analyzer::Referents& referents, std::initializer_list<std::string_view> names) {
    return std::any_of(referents.begin(), referents.end(), [&](const analyzer::Referent& r) {
        return r.kind == analyzer::Referent::Kind::name &&
               std::find(names.begin(), names.end(), r.qualified) != names.end();
    });
}

// A node's source for a message, its first line shortened; a store that
// shows no value (`rcParams[k] |= v`) has no node: "(not shown)".
inline std::string shown_source(const analyzer::Model& model, analyzer::Node node) {
    if (node_is_null(node)) return "(not shown)";
    return analyzer::first_line_shortened(model.text(node), 60);
}

}  // namespace pygate::rules
