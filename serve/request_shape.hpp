#pragma once
// The shape one request line may have, checked by a streaming pass before
// the line is parsed into a document: at most k_max_request_depth levels of
// nesting and k_max_request_values values (objects, arrays, keys' values and
// array elements, each one). A line within --max-line bytes then costs the
// server that many bytes of strings and at most k_max_request_values small
// nodes, however it is shaped: `[[[[...` sixteen million deep, or sixteen
// million `0,`, would otherwise cost a node each.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pygate::serve {

inline constexpr std::size_t k_max_request_depth = 32;
inline constexpr std::size_t k_max_request_values = 100000;

// Why `line` (valid UTF-8) is refused, or nullopt when its shape is within
// the bounds; a line that is not JSON is not refused here (the parse says so).
std::optional<std::string> request_shape_error(std::string_view line);

}  // namespace pygate::serve
