#include "analyzer/text/coding_declaration.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "analyzer/syntax/indentation.hpp"

namespace pygate::analyzer {
namespace {

bool is_ascii_alnum(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// tokenizer.c get_coding_spec: `line` includes its '\n' when it has one.
std::optional<std::pair<std::size_t, std::size_t>> coding_spec_in_line(std::string_view line) {
    const std::ptrdiff_t size = static_cast<std::ptrdiff_t>(line.size());
    // The spec must sit in a comment that is the only thing on the line.
    std::ptrdiff_t i = 0;
    for (; i < size - 6; ++i) {
        if (line[i] == '#') break;
        if (!is_blank(line[i])) return std::nullopt;
    }
    for (; i < size - 6; ++i) {
        if (line.compare(static_cast<std::size_t>(i), 6, "coding") != 0) continue;
        std::ptrdiff_t t = i + 6;
        if (line[t] != ':' && line[t] != '=') continue;
        do {
            ++t;
        } while (t < size && (line[t] == ' ' || line[t] == '\t'));
        std::ptrdiff_t begin = t;
        while (t < size && (is_ascii_alnum(line[t]) || line[t] == '-' || line[t] == '_' || line[t] == '.')) ++t;
        if (begin < t) return std::make_pair(static_cast<std::size_t>(begin), static_cast<std::size_t>(t - begin));
    }
    return std::nullopt;
}

// A line with anything but blanks before its comment ends the search (tokenizer.c check_coding_spec).
bool is_comment_or_blank(std::string_view line) {
    for (char c : line) {
        if (c == '#' || c == '\n') return true;
        if (!is_blank(c)) return false;
    }
    return true;
}

}  // namespace

bool is_tokenizer_utf8_name(std::string_view name) {
    // tokenizer.c get_normal_name: looks at the first 12 characters only.
    std::string head;
    for (char c : name.substr(0, 12)) head += c == '_' ? '-' : ascii_lower(c);
    return head == "utf-8" || head.starts_with("utf-8-");
}

SourceEncoding classify_codec_name(std::string_view name) {
    if (is_tokenizer_utf8_name(name)) return SourceEncoding::utf8;

    // codecs.lookup: lower case, then encodings.normalize_encoding collapses
    // every run of other characters (but '.') into one '_', trimmed.
    std::string normal;
    bool pending_underscore = false;
    for (char c : name) {
        if (is_ascii_alnum(c) || c == '.') {
            if (pending_underscore && !normal.empty()) normal += '_';
            normal += ascii_lower(c);
            pending_underscore = false;
        } else {
            pending_underscore = true;
        }
    }
    // encodings.search_function: aliases are looked up as normalised and with
    // '.' made '_'; failing that, the normalised name itself is a module name.
    std::string dotless = normal;
    std::replace(dotless.begin(), dotless.end(), '.', '_');
    static constexpr std::array<std::string_view, 6> k_utf8_aliases = {"u8",        "utf",       "utf8",
                                                                       "utf8_ucs2", "utf8_ucs4", "cp65001"};
    static constexpr std::array<std::string_view, 12> k_ascii_aliases = {
        "646",   "ansi_x3.4_1968", "ansi_x3_4_1968", "ansi_x3.4_1986",   "cp367",    "csascii",
        "ibm367", "iso646_us",     "iso_646.irv_1991", "iso_ir_6",        "us",       "us_ascii"};
    auto aliased = [&](const auto& aliases) {
        return std::find(aliases.begin(), aliases.end(), normal) != aliases.end() ||
               std::find(aliases.begin(), aliases.end(), dotless) != aliases.end();
    };
    if (aliased(k_utf8_aliases) || normal == "utf_8" || normal == "utf_8_sig") return SourceEncoding::utf8;
    if (aliased(k_ascii_aliases) || normal == "ascii") return SourceEncoding::ascii;
    return SourceEncoding::other;
}

std::optional<CodingDeclaration> find_coding_declaration(std::string_view text) {
    std::size_t line_start = 0;
    for (std::uint32_t line_number = 1; line_number <= 2 && line_start < text.size(); ++line_number) {
        std::size_t newline = text.find('\n', line_start);
        std::size_t line_end = newline == std::string_view::npos ? text.size() : newline + 1;
        std::string_view line = text.substr(line_start, line_end - line_start);
        if (auto spec = coding_spec_in_line(line)) {
            std::string name(line.substr(spec->first, spec->second));
            SourceEncoding encoding = classify_codec_name(name);
            return CodingDeclaration{std::move(name), line_start + spec->first, line_number, encoding};
        }
        if (!is_comment_or_blank(line)) break;
        line_start = line_end;
    }
    return std::nullopt;
}

}  // namespace pygate::analyzer
