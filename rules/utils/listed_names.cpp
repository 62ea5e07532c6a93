#include "rules/utils/listed_names.hpp"

#include <fmt/format.h>

namespace pygate::rules {

std::string listed_names(std::span<const std::string> names, std::size_t cap) {
    std::string text;
    for (std::size_t i = 0; i < names.size() && i < cap; ++i) text += (i ? ", " : "") + names[i];
    if (names.size() > cap) text += fmt::format(", and {} more", names.size() - cap);
    return text.empty() ? "nothing" : text;
}

}  // namespace pygate::rules
