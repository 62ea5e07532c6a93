#include "lsp/uri.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>

#include "analyzer/text/string_literal.hpp"

namespace pygate::lsp {
std::optional<std::string> path_of_uri(std::string_view uri) {
    constexpr std::string_view k_scheme = "file://";
    if (uri.size() < k_scheme.size()) return std::nullopt;
    for (std::size_t i = 0; i < k_scheme.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(uri[i])) != k_scheme[i]) return std::nullopt;
    uri.remove_prefix(k_scheme.size());
    if (uri.starts_with("localhost/")) uri.remove_prefix(std::string_view("localhost").size());
    if (!uri.starts_with('/')) return std::nullopt;  // another host's file
    if (const std::size_t end = uri.find_first_of("?#"); end != std::string_view::npos) uri = uri.substr(0, end);
    std::string path;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%') {
            if (const std::optional<std::uint32_t> byte = analyzer::hex_digits(uri, i + 1, 2)) {
                const char decoded = static_cast<char>(*byte);
                if (decoded == '\0') return std::nullopt;  // no path holds a NUL
                path += decoded;
                i += 2;
                continue;
            }
        }
        path += uri[i];
    }
    return path;
}

std::string uri_of_path(std::string_view path) {
    std::string uri = "file://";
    for (char c : path) {
        const auto byte = static_cast<unsigned char>(c);
        if (std::isalnum(byte) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~')
            uri += c;
        else
            uri += fmt::format("%{:02X}", byte);
    }
    return uri;
}

}  // namespace pygate::lsp
