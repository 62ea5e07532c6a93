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

// Whether a file may hold objects of `library`, one of the third-party
// libraries the tables cover: it imports that library, or another of them,
// whose values lead to its objects (a seaborn grid's `figure` and `data`,
// pandas' plots' axes, any of them numpy's arrays), so that a method matched
// by name on a value pygate cannot trace is not missed for want of an import.
inline bool may_hold_objects_of(const analyzer::Model& model, std::string_view library) {
    static constexpr std::string_view k_family[] = {"numpy", "pandas", "matplotlib", "scipy", "seaborn", "mpl_toolkits"};
    if (model.imports(library)) return true;
    if (std::find(std::begin(k_family), std::end(k_family), library) == std::end(k_family)) return false;
    return std::any_of(std::begin(k_family), std::end(k_family),
                       [&](std::string_view other) { return model.imports(other); });
}

// A node's source for a message, its first line shortened; a store that
// shows no value (`rcParams[k] |= v`) has no node: "(not shown)".
inline std::string shown_source(const analyzer::Model& model, analyzer::Node node) {
    if (node_is_null(node)) return "(not shown)";
    return analyzer::first_line_shortened(model.text(node), 60);
}

}  // namespace pygate::rules
