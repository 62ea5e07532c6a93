#pragma once
namespace pygate::cli {
inline constexpr const char* k_pygate_version = PYGATE_VERSION;
}
