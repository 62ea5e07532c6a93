# Writes OUTPUT, a C++ file holding INPUT (a Python file of the runner's:
# runner/session_driver.py, runner/template_driver.py) as a raw string
# literal returned by FUNCTION, declared in HEADER: the drivers are pygate's
# own code, shipped inside the binary.
file(READ "${INPUT}" text)
set(delimiter "pygate_driver")
string(FIND "${text}" ")${delimiter}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string delimiter")
endif()
file(WRITE "${OUTPUT}.tmp" "// Generated from ${INPUT} by runner/embed_python_source.cmake; do not edit.
#include \"${HEADER}\"

namespace pygate::runner {

std::string_view ${FUNCTION}() {
    return R\"${delimiter}(${text})${delimiter}\";
}

}  // namespace pygate::runner
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
