#pragma once
// Identifiers as CPython sees them (PEP 3131): the parser NFKC-normalises
// every non-ASCII identifier, so `ｅｖａｌ` is `eval`. Look-alikes NFKC does
// not fold (Cyrillic `е`) stay other names, to CPython and to pygate.

#include <string>
#include <string_view>

namespace pygate::analyzer {

std::string normalize_identifier(std::string_view spelled);

// `__name__`: a name Python's data model gives a meaning to.
inline bool is_dunder_name(std::string_view name) {
    return name.size() > 4 && name.starts_with("__") && name.ends_with("__");
}

}  // namespace pygate::analyzer
