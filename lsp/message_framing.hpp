#pragma once
// The Language Server Protocol's base protocol: each message is a header
// block ("Content-Length: N\r\n", optionally "Content-Type: ...\r\n", then
// "\r\n") and N bytes of JSON. FrameDecoder cuts a byte stream into message
// bodies with bounded memory: a header block longer than k_max_header_bytes
// or a body over the caller's bound is an error and is skipped (an oversized
// body without being held), and the stream goes on with the next header.
// It never reads a descriptor itself, so tests and the fuzzer feed it bytes.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pygate::lsp {

inline constexpr std::size_t k_max_header_bytes = 8192;

struct Frame {
    enum class Kind {
        message,  // `body` holds one message's bytes
        error,    // a header block or body that could not be taken; `error` says why
    };
    Kind kind = Kind::message;
    std::string body;
    std::string error;
};

class FrameDecoder {
public:
    explicit FrameDecoder(std::size_t max_body) : m_max_body(max_body) {}

    // More bytes of the stream.
    void feed(std::string_view bytes);
    // The next complete frame, or nothing until more bytes are fed.
    std::optional<Frame> next();
    // The bytes held but not yet part of a frame (for a client that ends mid-message).
    std::size_t buffered() const { return m_buffer.size() - m_start; }

private:
    std::optional<Frame> next_header();
    void compact();

    std::size_t m_max_body;
    std::string m_buffer;
    std::size_t m_start = 0;            // bytes of m_buffer already consumed
    std::optional<std::size_t> m_body;  // the length of the body being read, after its header
    std::size_t m_skip = 0;             // bytes of an oversized body still to drop
};

// One message framed for writing.
std::string frame_message(std::string_view body);

}  // namespace pygate::lsp
