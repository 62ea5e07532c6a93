#pragma once
// The callables that save a figure through matplotlib's savefig, handing it
// their path and keywords: savefig and print_figure themselves, and
// seaborn's wrappers (a grid's savefig, an objects Plot's save), whose
// figure the tables cannot type. A saver's `backend=` chooses a module
// (PG002), its path's extension or `format="pgf"` runs TeX (PG004), and its
// path is written (PG006's table names the same callables).

#include <algorithm>
#include <array>
#include <string_view>

#include "analyzer/model/model.hpp"
#include "analyzer/model/qualified_name_pattern.hpp"

namespace pygate::rules {

inline constexpr std::array<std::string_view, 6> k_figure_savers = {
    "matplotlib.pyplot.savefig",
    "matplotlib.figure.Figure.savefig",
    "matplotlib.backend_bases.FigureCanvasBase.print_figure",
    "seaborn.*.savefig",     // _BaseGrid.savefig: FacetGrid, PairGrid, JointGrid, the figure-level plots' grids
    "seaborn.*Plot.save",    // seaborn.objects.Plot.save
    "seaborn.*Plotter.save",
};

// Whether some referent is one of the savers.
inline bool saves_a_figure(const analyzer::Referents& callee) {
    return std::any_of(callee.begin(), callee.end(), [](const analyzer::Referent& r) {
        return r.kind == analyzer::Referent::Kind::name &&
               std::any_of(k_figure_savers.begin(), k_figure_savers.end(),
                           [&](std::string_view pattern) { return analyzer::matches_qualified_name(pattern, r.qualified); });
    });
}

}  // namespace pygate::rules
