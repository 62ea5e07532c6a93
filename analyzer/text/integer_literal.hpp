#pragma once
// Python integer literals' prefixes, read the same way by constant folding
// (analyzer/model/resolve.cpp) and size estimation (rules/utils/constant_size.cpp).

#include <cstddef>
#include <string_view>

namespace pygate::analyzer {

struct IntegerLiteralPrefix {
    int base;               // 2, 8, 10 or 16
    std::size_t digits_at;  // where the digits start: after `0x`, `0o`, `0b`
};

// `0x1F` is base 16 from index 2, `0b1_0` base 2 from 2, `1_000` base 10 from 0.
inline IntegerLiteralPrefix integer_literal_prefix(std::string_view text) {
    if (text.size() > 2 && text[0] == '0') {
        char marker = static_cast<char>(text[1] | 0x20);
        int base = marker == 'x' ? 16 : marker == 'o' ? 8 : marker == 'b' ? 2 : 10;
        if (base != 10) return {base, 2};
    }
    return {10, 0};
}

}  // namespace pygate::analyzer
