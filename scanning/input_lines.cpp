#include "scanning/input_lines.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>
#include <utility>

namespace pygate::scanning {
namespace {

constexpr std::size_t k_read_bytes = 1 << 16;

}  // namespace

std::optional<InputLines> InputLines::open(const std::string& path, std::size_t max_line_bytes, char separator,
                                           std::string& open_error) {
    int fd =
        path == "-" ? ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        open_error = fmt::format("{}: {}", path, std::strerror(errno));
        return std::nullopt;
    }
    struct stat status {};
    std::int64_t size = -1;
    if (::fstat(fd, &status) == 0) {
        if (S_ISDIR(status.st_mode)) {
            ::close(fd);
            open_error = fmt::format("{}: a folder, not a file of records", path);
            return std::nullopt;
        }
        if (S_ISREG(status.st_mode)) size = status.st_size;
    }
    gzFile file = ::gzdopen(fd, "rb");
    if (file == nullptr) {
        ::close(fd);
        open_error = fmt::format("{}: cannot read (out of memory)", path);
        return std::nullopt;
    }
    ::gzbuffer(file, 1 << 17);
    return InputLines(file, size, max_line_bytes, separator);
}

InputLines::InputLines(InputLines&& other) noexcept
    : m_file(std::exchange(other.m_file, nullptr)),
      m_size(other.m_size),
      m_max_line_bytes(other.m_max_line_bytes),
      m_separator(other.m_separator),
      m_buffer(std::move(other.m_buffer)),
      m_begin(other.m_begin),
      m_eof(other.m_eof),
      m_line_number(other.m_line_number),
      m_error(std::move(other.m_error)) {}

InputLines& InputLines::operator=(InputLines&& other) noexcept {
    if (this != &other) {
        if (m_file != nullptr) ::gzclose(m_file);
        m_file = std::exchange(other.m_file, nullptr);
        m_size = other.m_size;
        m_max_line_bytes = other.m_max_line_bytes;
        m_separator = other.m_separator;
        m_buffer = std::move(other.m_buffer);
        m_begin = other.m_begin;
        m_eof = other.m_eof;
        m_line_number = other.m_line_number;
        m_error = std::move(other.m_error);
    }
    return *this;
}

InputLines::~InputLines() {
    if (m_file != nullptr) ::gzclose(m_file);
}

bool InputLines::refill() {
    if (m_eof) return false;
    m_buffer.resize(k_read_bytes);
    int n = ::gzread(m_file, m_buffer.data(), static_cast<unsigned>(m_buffer.size()));
    int code = Z_OK;
    const char* message = ::gzerror(m_file, &code);
    if (n <= 0 || code != Z_OK) {
        // zlib reports a truncated gzip stream (Z_BUF_ERROR) without failing the read.
        if (code != Z_OK) {
            std::string_view what = code == Z_ERRNO ? std::strerror(errno) : message;
            // zlib names the file by its descriptor ("<fd:3>: "): the caller names it better.
            if (what.starts_with("<fd:") && what.find(": ") != std::string_view::npos)
                what.remove_prefix(what.find(": ") + 2);
            m_error = m_line_number == 0 ? fmt::format("cannot read: {}", what)
                                         : fmt::format("cannot read past line {}: {}", m_line_number, what);
        }
        m_eof = true;
    }
    m_buffer.resize(n > 0 && code == Z_OK ? static_cast<std::size_t>(n) : 0);
    m_begin = 0;
    return !m_buffer.empty();
}

InputLines::Status InputLines::next(std::string& line) {
    line.clear();
    bool too_long = false;
    bool started = false;  // a byte of this line was seen
    for (;;) {
        std::string_view unread(m_buffer.data() + m_begin, m_buffer.size() - m_begin);
        auto newline = unread.find(m_separator);
        std::string_view piece = unread.substr(0, newline);
        started = started || !piece.empty() || newline != std::string_view::npos;
        if (!too_long && line.size() + piece.size() > m_max_line_bytes) {
            too_long = true;
            std::string().swap(line);
        }
        if (!too_long) line.append(piece);
        if (newline != std::string_view::npos) {
            m_begin += newline + 1;
            ++m_line_number;
            return too_long ? Status::too_long : Status::line;
        }
        m_begin = m_buffer.size();
        if (!refill()) {
            if (!m_error.empty()) return Status::failed;
            if (!started) return Status::end;
            ++m_line_number;  // the last line, without a separator
            return too_long ? Status::too_long : Status::line;
        }
    }
}

std::optional<double> InputLines::fraction_read() const {
    if (m_size <= 0 || m_file == nullptr) return std::nullopt;
    return std::min(1.0, static_cast<double>(::gzoffset(m_file)) / static_cast<double>(m_size));
}

}  // namespace pygate::scanning
