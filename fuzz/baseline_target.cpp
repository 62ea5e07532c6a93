// libFuzzer target: a --baseline file's text through the strict reader, then
// a matcher built from what it accepted. Bad text must give an error saying
// what is wrong, never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "settings/baseline.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = pygate::settings::parse_baseline(text);
    if (auto* error = std::get_if<std::string>(&parsed)) return error->empty() ? -1 : 0;
    pygate::settings::BaselineMatcher matcher(std::get<pygate::settings::Baseline>(std::move(parsed)), "2026-11-26");
    (void)matcher.expired_notes();
    (void)matcher.unused_notes();
    return 0;
}
