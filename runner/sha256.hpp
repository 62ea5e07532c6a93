#pragma once
// SHA-256 (OpenSSL's implementation) as lowercase hex, for the receipt.

#include <optional>
#include <string>
#include <string_view>

namespace pygate::runner {

std::string sha256_hex(std::string_view bytes);

// The file's digest; empty when it cannot be read.
std::optional<std::string> sha256_file(const std::string& path);

}  // namespace pygate::runner
