// libFuzzer target: a message a warm run's worker reads on its link to the
// template (runner/template_link): the forked child's pid, its setup report,
// its end. Whatever the bytes, each reader answers nullopt or a value within
// its bounds: never a crash, a hang or a read out of bounds.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "runner/template_link.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pygate::runner;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (auto pid = forked_child(text); pid && *pid <= 0) __builtin_trap();
    if (auto setup = child_setup(text); setup && !setup->ready && (setup->error < 0 || setup->error >= 4096))
        __builtin_trap();
    if (auto exit = child_exit(text);
        exit && (exit->wait_status < 0 || exit->wait_status > 0xFFFF || exit->user_ms < 0 || exit->max_rss_kb < 0))
        __builtin_trap();
    return 0;
}
