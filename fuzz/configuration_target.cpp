// libFuzzer target: configuration text (pygate.toml, then the same text as a
// pyproject.toml) through the strict reader. Bad text must give an error
// naming a place, never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "settings/configuration.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    for (bool pyproject : {false, true}) {
        auto result = pygate::settings::parse_configuration(text, "fuzz.toml", "/nonexistent", pyproject);
        if (!result) continue;
        if (auto* error = std::get_if<pygate::settings::ConfigurationError>(&*result))
            if (error->message.empty()) return -1;
    }
    return 0;
}
