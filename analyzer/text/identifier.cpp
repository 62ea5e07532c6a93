#include "analyzer/text/identifier.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <cstdlib>

namespace pygate::analyzer {

std::string normalize_identifier(std::string_view spelled) {
    if (std::all_of(spelled.begin(), spelled.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        return std::string(spelled);
    utf8proc_uint8_t* folded = nullptr;
    utf8proc_ssize_t length = utf8proc_map(
        reinterpret_cast<const utf8proc_uint8_t*>(spelled.data()), static_cast<utf8proc_ssize_t>(spelled.size()),
        &folded, static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT));
    // The source was validated as UTF-8 before parsing; keep the spelling if utf8proc disagrees.
    if (length < 0) return std::string(spelled);
    std::string out(reinterpret_cast<const char*>(folded), static_cast<std::size_t>(length));
    std::free(folded);
    return out;
}

}  // namespace pygate::analyzer
