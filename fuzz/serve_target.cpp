// libFuzzer target: bytes as `pygate serve` reads them: cut into lines by
// the bounded LineReader (from a memory file, with a small --max-line so
// over-long lines are exercised), each line parsed into a request and its
// answers written. Bad bytes must give a protocol error, never a crash.
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

#include "support/base64.hpp"
#include "serve/protocol.hpp"
#include "fuzz/input_lines.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
using namespace pygate::serve;
using namespace pygate::support;
    pygate::fuzz::for_each_line(data, size, 4096, [](const std::string& line) {
        auto parsed = parse_request(line, "safe_eval");
        if (auto* error = std::get_if<ProtocolError>(&parsed)) {
            if (error->message.empty()) __builtin_trap();
            (void)error_line(error->id, error->code, error->message);
            return;
        }
        const Request& request = std::get<Request>(parsed);
        if (auto* run = std::get_if<RunOp>(&request.op)) {
            for (const auto& file : run->files)
                if (base64_decode(base64_encode(file.bytes)) != file.bytes) __builtin_trap();
        }
        (void)result_line(request.id.value, "{}");
    });
    return 0;
}
