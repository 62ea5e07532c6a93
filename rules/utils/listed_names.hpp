#pragma once
// Names said in a sentence: "a, b, c, and 7 more", or "nothing".

#include <cstddef>
#include <span>
#include <string>

namespace pygate::rules {

// At most `cap` names, then how many more; a profile's lists can be long and
// the advice that quotes them is read by a person or a model.
std::string listed_names(std::span<const std::string> names, std::size_t cap = 60);

}  // namespace pygate::rules
