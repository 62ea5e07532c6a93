# Writes OUTPUT, a C++ file holding INPUT (runner/session_driver.py) as a raw
# string literal: the driver is pygate's own code, shipped inside the binary.
file(READ "${INPUT}" text)
set(delimiter "pygate_driver")
string(FIND "${text}" ")${delimiter}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "session_driver.py contains the raw-string delimiter")
endif()
file(WRITE "${OUTPUT}.tmp" "// Generated from runner/session_driver.py by runner/embed_session_driver.cmake; do not edit.
#include \"runner/session_driver.hpp\"

namespace pygate::runner {

std::string_view session_driver_source() {
    return R\"${delimiter}(${text})${delimiter}\";
}

}  // namespace pygate::runner
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
