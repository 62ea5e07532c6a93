// The folder's codecs, each checked against CPython 3.11 by the value
// oracle (tests/tools/value_oracle.py): decoding strict, anything else unknown.
#include "analyzer/model/codecs.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "analyzer/text/string_literal.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::analyzer {
namespace {

struct CodecName {
    std::string_view name;  // normalised: lower case, punctuation runs as one `_`
    CodecInfo info;
};

// encodings.aliases and the module names themselves, for the codecs computed here.
constexpr std::array k_codec_names = {
    CodecName{"utf_8", {CodecId::utf_8, true}},
    CodecName{"utf8", {CodecId::utf_8, true}},
    CodecName{"u8", {CodecId::utf_8, true}},
    CodecName{"utf", {CodecId::utf_8, true}},
    CodecName{"utf8_ucs2", {CodecId::utf_8, true}},
    CodecName{"utf8_ucs4", {CodecId::utf_8, true}},
    CodecName{"cp65001", {CodecId::utf_8, true}},
    CodecName{"ascii", {CodecId::ascii, true}},
    CodecName{"646", {CodecId::ascii, true}},
    CodecName{"ansi_x3_4_1968", {CodecId::ascii, true}},
    CodecName{"cp367", {CodecId::ascii, true}},
    CodecName{"csascii", {CodecId::ascii, true}},
    CodecName{"ibm367", {CodecId::ascii, true}},
    CodecName{"iso646_us", {CodecId::ascii, true}},
    CodecName{"iso_ir_6", {CodecId::ascii, true}},
    CodecName{"us", {CodecId::ascii, true}},
    CodecName{"us_ascii", {CodecId::ascii, true}},
    CodecName{"latin_1", {CodecId::latin_1, true}},
    CodecName{"8859", {CodecId::latin_1, true}},
    CodecName{"cp819", {CodecId::latin_1, true}},
    CodecName{"csisolatin1", {CodecId::latin_1, true}},
    CodecName{"ibm819", {CodecId::latin_1, true}},
    CodecName{"iso8859", {CodecId::latin_1, true}},
    CodecName{"iso8859_1", {CodecId::latin_1, true}},
    CodecName{"iso_8859_1", {CodecId::latin_1, true}},
    CodecName{"iso_8859_1_1987", {CodecId::latin_1, true}},
    CodecName{"iso_ir_100", {CodecId::latin_1, true}},
    CodecName{"l1", {CodecId::latin_1, true}},
    CodecName{"latin", {CodecId::latin_1, true}},
    CodecName{"latin1", {CodecId::latin_1, true}},
    CodecName{"utf_16_le", {CodecId::utf_16_le, true}},
    CodecName{"utf_16le", {CodecId::utf_16_le, true}},
    CodecName{"unicodelittleunmarked", {CodecId::utf_16_le, true}},
    CodecName{"utf_16_be", {CodecId::utf_16_be, true}},
    CodecName{"utf_16be", {CodecId::utf_16_be, true}},
    CodecName{"unicodebigunmarked", {CodecId::utf_16_be, true}},
    CodecName{"rot_13", {CodecId::rot_13, false}},
    CodecName{"rot13", {CodecId::rot_13, false}},
    CodecName{"hex_codec", {CodecId::hex, false}},
    CodecName{"hex", {CodecId::hex, false}},
    CodecName{"base64_codec", {CodecId::base64, false}},
    CodecName{"base64", {CodecId::base64, false}},
    CodecName{"base_64", {CodecId::base64, false}},
};

bool ascii_alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::optional<std::string> decode_utf_16(std::string_view input, bool little) {
    if (input.size() % 2 != 0) return std::nullopt;
    std::string out;
    auto unit = [&](std::size_t i) {
        auto a = static_cast<unsigned char>(input[i]), b = static_cast<unsigned char>(input[i + 1]);
        return static_cast<std::uint32_t>(little ? (b << 8 | a) : (a << 8 | b));
    };
    for (std::size_t i = 0; i < input.size(); i += 2) {
        std::uint32_t u = unit(i);
        if (u >= 0xDC00 && u <= 0xDFFF) return std::nullopt;
        if (u >= 0xD800 && u <= 0xDBFF) {
            if (i + 3 >= input.size()) return std::nullopt;
            std::uint32_t low = unit(i + 2);
            if (low < 0xDC00 || low > 0xDFFF) return std::nullopt;
            u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
            i += 2;
        }
        append_utf8(out, u);
    }
    return out;
}

std::string encode_utf_16(std::string_view text, bool little) {
    std::string out;
    auto put = [&](std::uint32_t u) {
        auto high = static_cast<char>(u >> 8), low = static_cast<char>(u & 0xFF);
        out += little ? low : high;
        out += little ? high : low;
    };
    for (std::uint32_t cp : code_points_of(text)) {
        if (cp >= 0x10000) {
            cp -= 0x10000;
            put(0xD800 + (cp >> 10));
            put(0xDC00 + (cp & 0x3FF));
        } else {
            put(cp);
        }
    }
    return out;
}

std::string rot13(std::string_view text) {
    std::string out(text);
    for (char& c : out) {
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>('a' + (c - 'a' + 13) % 26);
        else if (c >= 'A' && c <= 'Z')
            c = static_cast<char>('A' + (c - 'A' + 13) % 26);
    }
    return out;
}

}  // namespace

std::optional<CodecInfo> find_codec(std::string_view name) {
    std::string normal;
    bool punctuation = false;
    for (char c : name) {
        if (static_cast<unsigned char>(c) >= 0x80 || c == '.' || c == '\0') return std::nullopt;
        if (ascii_alnum(c)) {
            if (punctuation && !normal.empty()) normal += '_';
            punctuation = false;
            normal += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        } else {
            punctuation = true;
        }
    }
    for (const CodecName& entry : k_codec_names)
        if (entry.name == normal) return entry.info;
    return std::nullopt;
}

bool valid_str_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        auto c = static_cast<unsigned char>(text[i]);
        std::size_t length = c < 0x80                 ? 1
                             : c >= 0xC2 && c <= 0xDF ? 2
                             : c >= 0xE0 && c <= 0xEF ? 3
                             : c >= 0xF0 && c <= 0xF4 ? 4
                                                      : 0;
        if (length == 0 || i + length > text.size()) return false;
        for (std::size_t k = 1; k < length; ++k)
            if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
        if (length > 1) {
            std::uint32_t cp = decode_code_point(text, i, length);
            if ((length == 3 && cp < 0x800) || (length == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
                (cp >= 0xD800 && cp <= 0xDFFF))
                return false;
        }
        i += length;
    }
    return true;
}

std::optional<std::string> codec_decode(CodecId codec, std::string_view input) {
    switch (codec) {
        case CodecId::utf_8:
            if (!valid_str_utf8(input)) return std::nullopt;
            return std::string(input);
        case CodecId::ascii:
            if (std::any_of(input.begin(), input.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
                return std::nullopt;
            return std::string(input);
        case CodecId::latin_1: {
            std::string out;
            for (char c : input)
                append_utf8(out, static_cast<unsigned char>(c));
            return out;
        }
        case CodecId::utf_16_le:
            return decode_utf_16(input, true);
        case CodecId::utf_16_be:
            return decode_utf_16(input, false);
        case CodecId::rot_13:
            return rot13(input);
        case CodecId::hex: {  // binascii.a2b_hex: pairs of digits, nothing else
            if (input.size() % 2 != 0) return std::nullopt;
            std::string out;
            for (std::size_t i = 0; i < input.size(); i += 2) {
                int high = hex_value(input[i]), low = hex_value(input[i + 1]);
                if (high < 0 || low < 0) return std::nullopt;
                out += static_cast<char>(high * 16 + low);
            }
            return out;
        }
        case CodecId::base64:
            return strict_base64_decode(input, false);
    }
    return std::nullopt;
}

std::optional<std::string> codec_encode(CodecId codec, std::string_view input) {
    switch (codec) {
        case CodecId::utf_8:
            return std::string(input);
        case CodecId::ascii:
            if (std::any_of(input.begin(), input.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
                return std::nullopt;
            return std::string(input);
        case CodecId::latin_1: {
            std::string out;
            for (std::uint32_t cp : code_points_of(input)) {
                if (cp > 0xFF) return std::nullopt;
                out += static_cast<char>(cp);
            }
            return out;
        }
        case CodecId::utf_16_le:
            return encode_utf_16(input, true);
        case CodecId::utf_16_be:
            return encode_utf_16(input, false);
        case CodecId::rot_13:
            return rot13(input);
        case CodecId::hex: {  // binascii.b2a_hex
            constexpr std::string_view digits = "0123456789abcdef";
            std::string out;
            for (char c : input) {
                auto byte = static_cast<unsigned char>(c);
                out += digits[byte >> 4];
                out += digits[byte & 0xF];
            }
            return out;
        }
        case CodecId::base64:  // encodebytes adds line breaks: not computed
            return std::nullopt;
    }
    return std::nullopt;
}

std::optional<std::string> strict_base64_decode(std::string_view input, bool urlsafe) {
    if (input.size() % 4 != 0) return std::nullopt;
    auto value = [&](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == (urlsafe ? '-' : '+')) return 62;
        if (c == (urlsafe ? '_' : '/')) return 63;
        return -1;
    };
    std::size_t padding = 0;
    while (padding < 2 && padding < input.size() && input[input.size() - 1 - padding] == '=')
        ++padding;
    std::string out;
    std::uint32_t buffer = 0;
    int bits = 0;
    for (std::size_t i = 0; i + padding < input.size(); ++i) {
        int v = value(input[i]);
        if (v < 0) return std::nullopt;
        buffer = (buffer << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((buffer >> bits) & 0xFF);
        }
    }
    // The bits the padding leaves over must be zero, or CPython's decoder may differ.
    if ((buffer & ((1u << bits) - 1)) != 0) return std::nullopt;
    return out;
}

std::optional<std::string> from_hex(std::string_view text) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; };
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        if (space(text[i])) {
            ++i;
            continue;
        }
        if (i + 1 >= text.size()) return std::nullopt;
        int high = hex_value(text[i]), low = hex_value(text[i + 1]);
        if (high < 0 || low < 0) return std::nullopt;
        out += static_cast<char>(high * 16 + low);
        i += 2;
    }
    return out;
}

}  // namespace pygate::analyzer
