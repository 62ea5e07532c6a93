# Writes OUTPUT, a C++ file holding each profile NAMES (comma-separated) read
# from FOLDER/NAME.toml as a raw string literal.
string(REPLACE "," ";" names "${NAMES}")
set(delimiter "pygate_toml")
set(body "")
foreach(name IN LISTS names)
  file(READ "${FOLDER}/${name}.toml" text)
  string(FIND "${text}" ")${delimiter}\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${name}.toml contains the raw-string delimiter")
  endif()
  string(APPEND body "    {\"${name}\", R\"${delimiter}(${text})${delimiter}\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from profiles/*.toml by profiles/embed_profiles.cmake; do not edit.
#include \"profiles/builtin_profiles.hpp\"

namespace pygate::profiles {
namespace {
constexpr BuiltinProfile k_builtin_profiles[] = {
${body}};
}  // namespace

std::span<const BuiltinProfile> builtin_profiles() { return k_builtin_profiles; }

}  // namespace pygate::profiles
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
