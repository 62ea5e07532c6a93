#pragma once
// Standard base64 (RFC 4648, with padding), for binary files in requests.

#include <optional>
#include <string>
#include <string_view>

namespace pygate::support {

std::string base64_encode(std::string_view bytes);

// nullopt unless `text` is canonical padded base64 (no white space, no
// missing or extra padding, no other alphabet).
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace pygate::support
