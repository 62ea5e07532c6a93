#pragma once
// Untrusted text (paths, messages, source lines) made safe to print: invalid
// UTF-8 becomes U+FFFD (one per byte), a tab a space, and C0/C1 controls,
// U+2028/U+2029 and bidirectional controls U+FFFD, so a scanned file can
// neither drive a terminal nor start a line of its own. Each output format
// may first escape code points of its own.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace pygate::reporters {

// Returns the format's escape for a code point, or nothing to apply the defaults.
using CodePointEscape = std::function<std::optional<std::string_view>(std::uint32_t)>;

std::string safe_text(std::string_view text, const CodePointEscape& escape = {});

}  // namespace pygate::reporters
