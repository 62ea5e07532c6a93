#include "analyzer/model/format_template.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <string>

namespace pygate::analyzer {

std::optional<std::vector<TemplatePiece>> format_pieces(std::string_view format) {
    std::vector<TemplatePiece> pieces;
    std::size_t literal = 0;  // where the current literal run began
    auto close_literal = [&](std::size_t at) {
        if (at > literal) pieces.push_back({format.substr(literal, at - literal), false});
    };
    for (std::size_t i = 0; i < format.size(); ++i) {
        char c = format[i];
        if ((c == '{' || c == '}') && i + 1 < format.size() && format[i + 1] == c) {
            close_literal(i + 1);  // the run keeps one brace of the two
            literal = i + 2;
            ++i;
            continue;
        }
        if (c == '}') return std::nullopt;  // a single `}`: ValueError
        if (c != '{') continue;
        std::size_t close = format.find('}', i);
        if (close == std::string_view::npos) return std::nullopt;
        close_literal(i);
        pieces.push_back({format.substr(i + 1, close - i - 1), true});
        literal = close + 1;
        i = close;
    }
    close_literal(format.size());
    return pieces;
}

std::optional<std::vector<TemplatePiece>> percent_pieces(std::string_view format) {
    std::vector<TemplatePiece> pieces;
    std::size_t literal = 0;
    auto close_literal = [&](std::size_t at) {
        if (at > literal) pieces.push_back({format.substr(literal, at - literal), false});
    };
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') continue;
        if (i + 1 == format.size()) return std::nullopt;  // `a%`: "incomplete format"
        char conversion = format[i + 1];
        if (conversion == '%') {
            close_literal(i + 1);  // the run keeps one percent of the two
        } else if (conversion == 's' || conversion == 'd' || conversion == 'i') {
            close_literal(i);
            pieces.push_back({format.substr(i + 1, 1), true});
        } else {
            return std::nullopt;
        }
        literal = i + 2;
        ++i;
    }
    close_literal(format.size());
    return pieces;
}

bool plain_format_field(std::string_view field) {
    return field.find_first_of(".[!:") == std::string_view::npos;
}

Node format_argument(const Model& model, Node call, std::string_view field, std::uint32_t& automatic) {
    if (field.empty()) return model.argument(call, automatic++);
    if (std::all_of(field.begin(), field.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return model.argument(call, static_cast<std::uint32_t>(std::stoul(std::string(field.substr(0, 9)))));
    return model.argument(call, std::numeric_limits<std::uint32_t>::max(), field);
}

}  // namespace pygate::analyzer
