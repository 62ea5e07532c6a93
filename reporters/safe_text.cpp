#include "reporters/safe_text.hpp"

#include "analyzer/text/unicode.hpp"

namespace pygate::reporters {
namespace {
constexpr std::string_view k_replacement = "\xEF\xBF\xBD";
}

std::string safe_text(std::string_view text, const CodePointEscape& escape) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = analyzer::utf8_sequence_length(text, i);
        if (length == 0) {
            out += k_replacement;
            ++i;
            continue;
        }
        std::uint32_t cp = analyzer::decode_code_point(text, i, length);
        std::optional<std::string_view> escaped = escape ? escape(cp) : std::nullopt;
        bool control = cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp == 0x2028 || cp == 0x2029;
        if (escaped)
            out += *escaped;
        else if (cp == '\t')
            out += ' ';
        else if (control || analyzer::bidi_control_name(cp))
            out += k_replacement;
        else
            out.append(text.substr(i, length));
        i += length;
    }
    return out;
}

}  // namespace pygate::reporters
