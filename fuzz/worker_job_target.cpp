// libFuzzer target: bytes as a server's worker reads its job from a pipe
// (serve/workers/worker_job). Whatever the bytes, decoding must refuse them with a
// message or give a job that encodes back to a job decoding to the same, and
// the profile it carries must load only if it is the one its digest names:
// never a crash, a hang or a read out of bounds.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "serve/workers/worker_job.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pygate::serve;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto decoded = decode_worker_job(text);
    if (auto* error = std::get_if<std::string>(&decoded)) {
        if (error->empty()) __builtin_trap();
        return 0;
    }
    const WorkerJob& job = std::get<WorkerJob>(decoded);
    const std::string encoded = encode_worker_job(job);
    auto again = decode_worker_job(encoded);
    if (!std::holds_alternative<WorkerJob>(again)) __builtin_trap();
    if (encode_worker_job(std::get<WorkerJob>(again)) != encoded) __builtin_trap();
    auto profile = job_profile(job);
    if (auto* error = std::get_if<std::string>(&profile)) {
        if (error->empty()) __builtin_trap();
    } else if (std::get<pygate::analyzer::Profile>(profile).name.empty()) {
        __builtin_trap();
    }
    return 0;
}
