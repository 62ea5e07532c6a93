// libFuzzer target: profile TOML text through the strict loader. Bad text
// must give a ProfileError naming a place, never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "profiles/profile_loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    pygate::profiles::ProfileResult result = pygate::profiles::load_profile_text(text, "fuzz.toml", "/nonexistent");
    if (auto* error = std::get_if<pygate::profiles::ProfileError>(&result)) return error->message.empty() ? -1 : 0;
    return 0;
}
