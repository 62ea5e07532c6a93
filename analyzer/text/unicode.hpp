#pragma once
// UTF-8 and the Unicode facts pygate needs, in one place for the analyzer and
// the reporters: strict decoding, and the bidirectional controls that make the
// code shown differ from the code run (Trojan Source, CVE-2021-42574).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pygate::analyzer {

// Length of the well-formed UTF-8 sequence at `i`, or 0 (RFC 3629: no
// overlongs, no surrogates, nothing above U+10FFFF).
std::size_t utf8_sequence_length(std::string_view text, std::size_t i);

// The code point of the well-formed sequence of `length` bytes at `i`.
std::uint32_t decode_code_point(std::string_view text, std::size_t i, std::size_t length);

// The code points of UTF-8 text, each byte of an ill-formed sequence as one.
std::vector<std::uint32_t> code_points_of(std::string_view text);

struct BidiControl {
    std::uint32_t code_point;
    std::string_view name;
};
// The 12 bidirectional controls PG000 refuses anywhere in a file.
std::span<const BidiControl> bidi_controls();

// The first line of `text`, cut at a code-point boundary to at most
// `max_bytes` and marked with "..." when cut: how messages quote code.
std::string first_line_shortened(std::string_view text, std::size_t max_bytes);

// The Unicode name of a bidirectional control, or nothing for other code points.
std::optional<std::string_view> bidi_control_name(std::uint32_t code_point);

}  // namespace pygate::analyzer
