// The base protocol's framing: whole messages out of any cutting of the
// stream, and bad headers and oversized bodies refused without losing the
// messages after them.
#include "lsp/message_framing.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace pygate::lsp;

namespace {

std::vector<Frame> frames_of(FrameDecoder& decoder) {
    std::vector<Frame> frames;
    while (auto frame = decoder.next())
        frames.push_back(std::move(*frame));
    return frames;
}

}  // namespace

TEST_CASE("framing: messages cut at every byte come out whole and in order", "[lsp][framing]") {
    const std::string stream = frame_message(R"({"a":1})") +
                               "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" +
                               frame_message("{\"b\":\"\xc3\xa9\"}") + frame_message("");
    for (std::size_t cut = 1; cut <= stream.size(); ++cut) {
        FrameDecoder decoder(1024);
        std::vector<Frame> frames;
        for (std::size_t at = 0; at < stream.size(); at += cut) {
            decoder.feed(std::string_view(stream).substr(at, cut));
            for (auto& frame : frames_of(decoder))
                frames.push_back(std::move(frame));
        }
        REQUIRE(frames.size() == 3);
        CHECK(frames[0].body == R"({"a":1})");
        CHECK(frames[1].body == "{\"b\":\"\xc3\xa9\"}");
        CHECK(frames[2].body.empty());
        CHECK(decoder.buffered() == 0);
    }
}

TEST_CASE("framing: a header block without Content-Length is an error and the next message is read", "[lsp][framing]") {
    FrameDecoder decoder(1024);
    decoder.feed("X-Other: 1\r\n\r\n" + frame_message("{}"));
    auto frames = frames_of(decoder);
    REQUIRE(frames.size() == 2);
    CHECK(frames[0].kind == Frame::Kind::error);
    CHECK(frames[0].error == "a header block without Content-Length");
    CHECK(frames[1].kind == Frame::Kind::message);
    CHECK(frames[1].body == "{}");
}

TEST_CASE("framing: malformed lengths are errors", "[lsp][framing]") {
    for (const char* header : {"Content-Length: -1\r\n\r\n", "Content-Length: 12x\r\n\r\n", "Content-Length:\r\n\r\n",
                               "Content-Length 5\r\n\r\n", "Content-Length: 99999999999999999999999\r\n\r\n",
                               "Content-Length: 1\r\nContent-Length: 2\r\n\r\n"}) {
        FrameDecoder decoder(1024);
        decoder.feed(header);
        auto frames = frames_of(decoder);
        REQUIRE(frames.size() == 1);
        CHECK(frames[0].kind == Frame::Kind::error);
    }
    FrameDecoder decoder(1024);
    decoder.feed("content-length:   2  \r\n\r\n{}");  // names are case-insensitive, values trimmed
    auto frames = frames_of(decoder);
    REQUIRE(frames.size() == 1);
    CHECK(frames[0].body == "{}");
}

TEST_CASE("framing: an oversized body is skipped unheld, and the stream goes on", "[lsp][framing]") {
    FrameDecoder decoder(16);
    decoder.feed("Content-Length: 100000\r\n\r\n");
    auto frames = frames_of(decoder);
    REQUIRE(frames.size() == 1);
    CHECK(frames[0].kind == Frame::Kind::error);
    for (int i = 0; i < 100; ++i) {
        decoder.feed(std::string(1000, 'x'));
        CHECK(frames_of(decoder).empty());
        CHECK(decoder.buffered() == 0);
    }
    decoder.feed(frame_message("{}"));
    frames = frames_of(decoder);
    REQUIRE(frames.size() == 1);
    CHECK(frames[0].body == "{}");
}

TEST_CASE("framing: endless headers are bounded", "[lsp][framing]") {
    FrameDecoder decoder(1024);
    std::size_t errors = 0;
    for (int i = 0; i < 100; ++i) {
        decoder.feed(std::string(1000, 'h'));
        for (const auto& frame : frames_of(decoder))
            errors += frame.kind == Frame::Kind::error;
        CHECK(decoder.buffered() <= k_max_header_bytes + 1000);
    }
    CHECK(errors > 0);
}
