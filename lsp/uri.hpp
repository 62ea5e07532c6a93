#pragma once
// `file:` URIs and the paths they name (RFC 8089 as editors write them:
// percent-encoded, no authority or `localhost`). Other schemes name no file.

#include <optional>
#include <string>
#include <string_view>

namespace pygate::lsp {

std::optional<std::string> path_of_uri(std::string_view uri);
std::string uri_of_path(std::string_view path);

}  // namespace pygate::lsp
