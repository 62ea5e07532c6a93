#include "reporters/json_writer.hpp"

#include <fmt/format.h>

#include "analyzer/text/unicode.hpp"

namespace pygate::reporters {
namespace {

constexpr std::string_view k_replacement_character = "\xEF\xBF\xBD";

// How many bytes of the sequence starting at `i` are a valid beginning of a
// UTF-8 sequence (at least 1): what one U+FFFD replaces, as the Unicode
// standard's "maximal subpart" practice (and nlohmann::json) replace.
std::size_t invalid_subpart_length(std::string_view text, std::size_t i) {
    auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
    if (lead < 0xC2 || lead > 0xF4) return 1;
    unsigned char low = 0x80, high = 0xBF;  // the second byte's range
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
    std::size_t n = 1;
    for (; n < length && i + n < text.size(); ++n) {
        auto byte = static_cast<unsigned char>(text[i + n]);
        if (n == 1 ? (byte < low || byte > high) : (byte & 0xC0) != 0x80) break;
    }
    return n;
}

bool is_plain(unsigned char byte) {
    return byte >= 0x20 && byte < 0x80 && byte != '"' && byte != '\\';
}

// The escape of an ASCII byte that is not plain: the short forms JSON has, \u00XX otherwise.
std::string escape_of(unsigned char byte) {
    switch (byte) {
        case '"':
            return "\\\"";
        case '\\':
            return "\\\\";
        case '\b':
            return "\\b";
        case '\f':
            return "\\f";
        case '\n':
            return "\\n";
        case '\r':
            return "\\r";
        case '\t':
            return "\\t";
        default:
            return fmt::format("\\u{:04x}", byte);
    }
}

}  // namespace

void JsonWriter::newline_and_indent(std::size_t level) {
    if (m_compact) return;
    m_out += '\n';
    m_out.append(2 * level, ' ');
}

void JsonWriter::before_value() {
    if (m_after_key) {
        m_after_key = false;
        return;
    }
    if (m_has_elements.empty()) return;
    if (m_has_elements.back()) m_out += ',';
    m_has_elements.back() = true;
    newline_and_indent(m_has_elements.size());
}

void JsonWriter::open(char bracket) {
    before_value();
    m_out += bracket;
    m_has_elements.push_back(false);
}

void JsonWriter::close(char bracket) {
    bool had_elements = m_has_elements.back();
    m_has_elements.pop_back();
    if (had_elements) newline_and_indent(m_has_elements.size());
    m_out += bracket;
}

void JsonWriter::key(std::string_view name) {
    before_value();
    escaped(name);
    m_out += m_compact ? ":" : ": ";
    m_after_key = true;
}

void JsonWriter::value(std::string_view text) {
    before_value();
    escaped(text);
}

void JsonWriter::value(std::uint64_t number) {
    before_value();
    fmt::format_to(std::back_inserter(m_out), "{}", number);
}

void JsonWriter::write_boolean(bool flag) {
    before_value();
    m_out += flag ? "true" : "false";
}

void JsonWriter::escaped(std::string_view text) {
    m_out += '"';
    std::size_t i = 0;
    while (i < text.size()) {
        // Most text is printable ASCII needing no escape: copy it in one run.
        std::size_t run = i;
        while (run < text.size() && is_plain(static_cast<unsigned char>(text[run])))
            ++run;
        m_out.append(text.substr(i, run - i));
        i = run;
        if (i == text.size()) break;
        auto byte = static_cast<unsigned char>(text[i]);
        if (byte >= 0x80) {
            std::size_t length = analyzer::utf8_sequence_length(text, i);
            if (length != 0) {
                m_out.append(text.substr(i, length));
                i += length;
            } else {
                m_out += k_replacement_character;
                i += invalid_subpart_length(text, i);
            }
            continue;
        }
        m_out += escape_of(byte);
        ++i;
    }
    m_out += '"';
}

}  // namespace pygate::reporters
