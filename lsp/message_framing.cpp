#include "lsp/message_framing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace pygate::lsp {
namespace {

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

bool same_name(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

// The Content-Length of a header block (without its final blank line), or an error.
std::optional<std::size_t> content_length(std::string_view block, std::string& error) {
    std::optional<std::size_t> length;
    while (!block.empty()) {
        const std::size_t end = block.find("\r\n");
        const std::string_view line = block.substr(0, end);
        block = end == std::string_view::npos ? std::string_view() : block.substr(end + 2);
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos) {
            error = "a header line without `:`";
            return std::nullopt;
        }
        if (!same_name(trimmed(line.substr(0, colon)), "Content-Length")) continue;  // Content-Type, or unknown
        const std::string_view digits = trimmed(line.substr(colon + 1));
        std::size_t value = 0;
        const auto [rest, code] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (digits.empty() || code != std::errc() || rest != digits.data() + digits.size()) {
            error = "Content-Length is not a number";
            return std::nullopt;
        }
        if (length && *length != value) {
            error = "two different Content-Length headers";
            return std::nullopt;
        }
        length = value;
    }
    if (!length) error = "a header block without Content-Length";
    return length;
}

}  // namespace

void FrameDecoder::feed(std::string_view bytes) {
    if (m_skip > 0 && buffered() == 0) {
        // An oversized body is dropped as it arrives, never held.
        const std::size_t dropped = std::min(m_skip, bytes.size());
        m_skip -= dropped;
        bytes.remove_prefix(dropped);
    }
    compact();
    m_buffer.append(bytes);
}

void FrameDecoder::compact() {
    if (m_start == 0) return;
    m_buffer.erase(0, m_start);
    m_start = 0;
}

std::optional<Frame> FrameDecoder::next() {
    if (m_skip > 0) {
        const std::size_t dropped = std::min(m_skip, buffered());
        m_skip -= dropped;
        m_start += dropped;
        if (m_skip > 0) return std::nullopt;
    }
    if (!m_body) return next_header();
    if (buffered() < *m_body) return std::nullopt;
    Frame frame;
    frame.body.assign(m_buffer, m_start, *m_body);
    m_start += *m_body;
    m_body.reset();
    if (m_start > (std::size_t{1} << 16) || m_start == m_buffer.size()) compact();
    return frame;
}

std::optional<Frame> FrameDecoder::next_header() {
    const std::string_view held = std::string_view(m_buffer).substr(m_start);
    const std::size_t end = held.find("\r\n\r\n");
    if (end == std::string_view::npos) {
        if (held.size() <= k_max_header_bytes) return std::nullopt;
        // No blank line in sight: drop what is held, and look for the next header after it.
        m_start = m_buffer.size();
        compact();
        return Frame{Frame::Kind::error, {}, fmt::format("a header block over {} bytes", k_max_header_bytes)};
    }
    const std::string_view block = held.substr(0, end);
    m_start += end + 4;
    std::string error;
    std::optional<std::size_t> length = content_length(block, error);
    if (!length) return Frame{Frame::Kind::error, {}, error};
    if (*length > m_max_body) {
        m_skip = *length;
        return Frame{Frame::Kind::error,
                     {},
                     fmt::format("a message of {} bytes, over the bound of {} (--max-message); it was skipped", *length,
                                 m_max_body)};
    }
    m_body = *length;
    return next();
}

std::string frame_message(std::string_view body) {
    std::string framed = fmt::format("Content-Length: {}\r\n\r\n", body.size());
    framed.append(body);
    return framed;
}

}  // namespace pygate::lsp
