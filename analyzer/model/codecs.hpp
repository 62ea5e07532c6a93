#pragma once
// The codecs the constant folder computes, as CPython 3.11's codecs compute
// them with errors="strict": one table of names (every alias CPython's
// encodings package accepts for them) and one implementation each. A codec
// or a name not in the table is unknown; so is input the codec refuses.
// Not part of the analyzer's public interface.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pygate::analyzer {

enum class CodecId : std::uint8_t { utf_8, ascii, latin_1, utf_16_le, utf_16_be, rot_13, hex, base64 };

struct CodecInfo {
    CodecId id;
    // A text encoding (str.encode, bytes.decode, str(b, enc) accept it);
    // the others only codecs.encode and codecs.decode.
    bool text;
    // rot_13 maps str to str both ways; the others bytes to str (decode)
    // and str to bytes (encode), or bytes to bytes (hex, base64).
};

// The codec `name` names, normalised as CPython normalises it (case, runs
// of punctuation); nothing for a name outside the table, or one pygate does
// not normalise exactly (a dot, a character outside ASCII).
std::optional<CodecInfo> find_codec(std::string_view name);

// The text `bytes` decode to (UTF-8 for str results), or nothing when the
// codec refuses them or its result is not computed. rot_13 takes UTF-8 text.
std::optional<std::string> codec_decode(CodecId codec, std::string_view input);
// The bytes `input` encodes to, or nothing. Text codecs and rot_13 take UTF-8 text.
std::optional<std::string> codec_encode(CodecId codec, std::string_view input);

// Whether `text` is UTF-8 that a Python str can hold: well formed, no
// surrogate, nothing beyond U+10FFFF.
bool valid_str_utf8(std::string_view text);

// base64.b64decode of input in the standard alphabet (urlsafe: `-` and `_`
// for `+` and `/`) with its padding in place; nothing for any other input,
// which b64decode may decode leniently.
std::optional<std::string> strict_base64_decode(std::string_view input, bool urlsafe);

// bytes.fromhex: pairs of hex digits, ASCII white space between pairs.
std::optional<std::string> from_hex(std::string_view text);

}  // namespace pygate::analyzer
