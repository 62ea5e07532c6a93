#pragma once
// The TOML value type the profile loader parses into: toml11's, with arrays
// whose back() refuses an empty array, and what differs between toml11 3
// (Debian 12) and 4 (Debian 13) where pygate meets it: the value type's
// parameters, parse() and a string's text. toml11 3.7 (Debian 12) calls back() on
// the array a dotted key or table header extends (`r = []` then `r.o = 6`,
// found by fuzzing) without checking that it holds a table: undefined
// behaviour, a crash in practice. With this array it is an exception, which
// the loader reports as a TOML error of the profile.

#include <istream>
#include <memory>
#include <stdexcept>
#include <string>
#include <toml.hpp>
#include <unordered_map>
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

#if TOML11_VERSION_MAJOR >= 4
struct TomlConfig : toml::type_config {
    using comment_type = toml::discard_comments;
    template <class T>
    using array_type = CheckedArray<T>;
};
using TomlValue = toml::basic_value<TomlConfig>;

// Throws toml::syntax_error (errors() places each) or std::exception.
inline TomlValue parse_toml_stream(std::istream& stream, const std::string& file_name) {
    return toml::parse<TomlConfig>(stream, file_name);
}
inline const std::string& toml_string(const TomlValue& value) { return value.as_string(); }
#else
using TomlValue = toml::basic_value<toml::discard_comments, std::unordered_map, CheckedArray>;

// Throws toml::exception (location() places it) or std::exception.
inline TomlValue parse_toml_stream(std::istream& stream, const std::string& file_name) {
    return toml::parse<toml::discard_comments, std::unordered_map, CheckedArray>(stream, file_name);
}
inline const std::string& toml_string(const TomlValue& value) { return value.as_string().str; }
#endif

}  // namespace pygate::profiles
