#pragma once
// The session driver (runner/session_driver.py): the main.py of a session's
// interpreter, which runs the steps it receives on descriptor 3 in one
// namespace and answers on descriptor 4. Embedded at build time.

#include <string_view>

namespace pygate::runner {

std::string_view session_driver_source();

}  // namespace pygate::runner
