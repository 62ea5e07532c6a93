// libFuzzer target: bytes as `pygate serve` reads them: cut into lines by
// the bounded LineReader (from a memory file, with a small --max-line so
// over-long lines are exercised), each line parsed into a request and its
// answers written. Bad bytes must give a protocol error, never a crash.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

#include "cli/base64.hpp"
#include "cli/line_reader.hpp"
#include "cli/serve_protocol.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pygate::cli;
    int fd = ::memfd_create("fuzz-serve", MFD_CLOEXEC);
    if (fd < 0) return 0;
    if (size > 0 && ::write(fd, data, size) != static_cast<ssize_t>(size)) {
        ::close(fd);
        return 0;
    }
    ::lseek(fd, 0, SEEK_SET);
    LineReader reader(fd, 4096);
    std::string line;
    for (;;) {
        LineReader::Next next = reader.next(line);
        if (next == LineReader::Next::end) break;
        if (next != LineReader::Next::line) continue;
        auto parsed = parse_request(line, "safe_eval");
        if (auto* error = std::get_if<ProtocolError>(&parsed)) {
            if (error->message.empty()) __builtin_trap();
            (void)error_line(error->id, error->code, error->message);
            continue;
        }
        const Request& request = std::get<Request>(parsed);
        if (auto* run = std::get_if<RunOp>(&request.op)) {
            for (const auto& file : run->files)
                if (base64_decode(base64_encode(file.bytes)) != file.bytes) __builtin_trap();
        }
        (void)result_line(request.id.value, "{}");
    }
    ::close(fd);
    return 0;
}
