#pragma once
// The one-line fix for a constant path outside the profile's folders, as a
// newcomer meets it first (`pd.read_csv("data/births.csv")`,
// `plt.savefig("fig.png")`): which folder the file belongs in, the path to
// use instead, and, for the folders `pygate run` fills and empties
// (input/, output/), the option that does it.

#include <string>
#include <string_view>
#include <vector>

namespace pygate::rules {

// `relative`: the path as the program names it, normalised (no `..`, not
// absolute). Empty when the profile names no folder to read from.
std::string read_fix_hint(std::string_view relative, const std::vector<std::string>& read_prefixes);
// Empty when the profile names no folder to write to.
std::string write_fix_hint(std::string_view relative, const std::vector<std::string>& write_prefixes);

}  // namespace pygate::rules
