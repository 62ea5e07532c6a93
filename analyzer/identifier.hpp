#pragma once
// Identifiers as CPython sees them (PEP 3131): the parser NFKC-normalises
// every non-ASCII identifier, so `ｅｖａｌ` is `eval`. Look-alikes NFKC does
// not fold (Cyrillic `е`) stay other names, to CPython and to pygate.

#include <string>
#include <string_view>

namespace pygate::analyzer {

std::string normalize_identifier(std::string_view spelled);

}  // namespace pygate::analyzer
