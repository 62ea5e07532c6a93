#pragma once
// The TOML value type the profile loader parses into: toml11's, with arrays
// whose back() refuses an empty array. toml11 3.7 (Debian 12) calls back() on
// the array a dotted key or table header extends (`r = []` then `r.o = 6`,
// found by fuzzing) without checking that it holds a table: undefined
// behaviour, a crash in practice. With this array it is an exception, which
// the loader reports as a TOML error of the profile.

#include <memory>
#include <stdexcept>
#include <toml.hpp>
#include <vector>

namespace pygate::profiles {

template <class T, class Allocator = std::allocator<T>>
class CheckedArray : public std::vector<T, Allocator> {
public:
    using std::vector<T, Allocator>::vector;

    T& back() {
        if (this->empty()) throw std::out_of_range(k_empty);
        return std::vector<T, Allocator>::back();
    }
    const T& back() const {
        if (this->empty()) throw std::out_of_range(k_empty);
        return std::vector<T, Allocator>::back();
    }

private:
    static constexpr const char* k_empty =
        "a dotted key or table header extends an empty array, which is not a table";
};

using TomlValue = toml::basic_value<toml::discard_comments, std::unordered_map, CheckedArray>;

}  // namespace pygate::profiles
