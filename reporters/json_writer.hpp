#pragma once
// A streaming JSON writer: values go straight to a string as they are
// written, laid out as nlohmann::json's dump(2) lays them out (two-space
// indents, `"key": value`, empty containers as {} and []), or, compact, as
// its dump() does (one line, no spaces: JSON Lines). A report of thousands
// of findings is written without building a document first.

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pygate::reporters {

enum class JsonLayout { indented, compact };

class JsonWriter {
public:
    explicit JsonWriter(std::string& out, JsonLayout layout = JsonLayout::indented)
        : m_out(out), m_compact(layout == JsonLayout::compact) {}

    void begin_object() { open('{'); }
    void end_object() { close('}'); }
    void begin_array() { open('['); }
    void end_array() { close(']'); }

    // The key of the next value in the enclosing object.
    void key(std::string_view name);

    // Strings from untrusted files: invalid UTF-8 becomes U+FFFD, never an error.
    void value(std::string_view text);
    void value(const char* text) { value(std::string_view(text)); }
    void value(std::uint64_t number);
    template <class Flag>
    requires std::same_as<Flag, bool>  // not a candidate for numbers
    void value(Flag flag) { write_boolean(flag); }

    // `"name": value` in one call.
    template <class Value>
    void member(std::string_view name, const Value& v) {
        key(name);
        value(v);
    }

private:
    void write_boolean(bool flag);
    void open(char bracket);
    void close(char bracket);
    // Before a value: the separator and indentation its position needs.
    void before_value();
    void newline_and_indent(std::size_t level);
    void escaped(std::string_view text);

    std::string& m_out;
    bool m_compact;
    std::vector<bool> m_has_elements;  // per open container
    bool m_after_key = false;
};

}  // namespace pygate::reporters
