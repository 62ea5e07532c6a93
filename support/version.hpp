#pragma once
namespace pygate::support {
inline constexpr const char* k_pygate_version = PYGATE_VERSION;
}
