#pragma once
// The names CPython 3.11's `builtins` module provides, which a free name
// resolves to (`eval` is `builtins.eval`) unless the file binds it.

#include <string_view>

namespace pygate::analyzer {

bool is_builtin_name(std::string_view name);

}  // namespace pygate::analyzer
