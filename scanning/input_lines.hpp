#pragma once
// Reading a large input file of lines (records, lists of paths) with one line
// in memory: plain or gzip-compressed, newline- or NUL-separated, with how
// much of it is read (for the progress line). The server's protocol lines are
// line_reader.hpp's, read from a socket that must also watch for signals.

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace pygate::scanning {

// Reads a file line by line, plain or gzip-compressed (zlib tells which from
// its first bytes), holding one line at a time. Lines end with `separator`
// ('\0' for lists of paths that may hold newlines); a line longer than
// `max_line_bytes` is skipped unread.
class InputLines {
public:
    // "-" is standard input. Nothing when it cannot be opened; `open_error` says why.
    static std::optional<InputLines> open(const std::string& path, std::size_t max_line_bytes, char separator,
                                          std::string& open_error);
    InputLines(InputLines&& other) noexcept;
    InputLines& operator=(InputLines&& other) noexcept;
    InputLines(const InputLines&) = delete;
    ~InputLines();

    enum class Status {
        line,      // `line` holds the next line, without its separator
        too_long,  // the next line was over max_line_bytes: skipped, `line` empty
        end,       // no more lines
        failed,    // the file cannot be read further: error() says why
    };
    Status next(std::string& line);

    std::uint64_t line_number() const { return m_line_number; }  // of the line just returned
    const std::string& error() const { return m_error; }
    // How much of the file has been read, when its size is known (a regular file).
    std::optional<double> fraction_read() const;

private:
    InputLines(gzFile file, std::int64_t size, std::size_t max_line_bytes, char separator)
        : m_file(file), m_size(size), m_max_line_bytes(max_line_bytes), m_separator(separator) {}
    bool refill();

    gzFile m_file;
    std::int64_t m_size;  // the file's size in bytes (compressed), or -1 when unknown
    std::size_t m_max_line_bytes;
    char m_separator;
    std::string m_buffer;
    std::size_t m_begin = 0;  // the unread part of m_buffer starts here
    bool m_eof = false;
    std::uint64_t m_line_number = 0;
    std::string m_error;
};

}  // namespace pygate::scanning
