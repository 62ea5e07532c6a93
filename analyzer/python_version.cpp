#include "analyzer/python_version.hpp"

#include <fmt/format.h>

#include <charconv>

namespace pygate::analyzer {
namespace {

// A run of at most three decimal digits at the start of `text`, consumed.
std::optional<unsigned> take_number(std::string_view& text) {
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9')
        ++digits;
    if (digits == 0 || digits > 3) return std::nullopt;
    unsigned value = 0;
    std::from_chars(text.data(), text.data() + digits, value);
    text.remove_prefix(digits);
    return value;
}

}  // namespace

std::string PythonVersion::spelled() const {
    return fmt::format("{}.{}", major, minor);
}

std::optional<PythonVersion> parse_python_version(std::string_view text) {
    std::optional<unsigned> major = take_number(text);
    if (!major || text.empty() || text.front() != '.') return std::nullopt;
    text.remove_prefix(1);
    std::optional<unsigned> minor = take_number(text);
    if (!minor || *major > 255 || *minor > 255) return std::nullopt;
    if (!text.empty()) {
        if (text.front() != '.') return std::nullopt;
        text.remove_prefix(1);
        if (!take_number(text) || !text.empty()) return std::nullopt;
    }
    return PythonVersion{static_cast<std::uint8_t>(*major), static_cast<std::uint8_t>(*minor)};
}

std::string supported_targets_spelled() {
    std::string spelled;
    for (unsigned minor = k_oldest_target.minor; minor <= k_newest_target.minor; ++minor) {
        if (!spelled.empty()) spelled += minor == k_newest_target.minor ? " or " : ", ";
        spelled += PythonVersion{3, static_cast<std::uint8_t>(minor)}.spelled();
    }
    return spelled;
}

}  // namespace pygate::analyzer
