#pragma once
// Datasets of code kept as JSON Lines: one JSON object a line, whose code
// field is checked as a file named by its id field. A line that is not such
// a record is an error for that line, never the end of the scan.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "analyzer/text/source_file.hpp"

namespace pygate::scanning {

// Longer lines are refused unread. JSON escapes make a file's code longer
// (\u00e9 for é, six bytes for two), so the limit is a few times the size of
// the largest file pygate analyses.
inline constexpr std::size_t k_max_record_line_bytes = 4 * analyzer::k_max_source_bytes;

struct RecordFields {
    std::string code = "code";
    std::string id = "id";  // when a record has none, its line number names it
};

struct Record {
    std::string name;  // the id, or the line number
    std::string code;  // UTF-8, as the JSON string holds it
};

struct RecordError {
    std::string name;     // the id when it could be read, or the line number
    std::string message;  // names the line and what is wrong with it
};

// One line (without its '\n') of `source_name`, the `line_number`th.
std::variant<Record, RecordError> parse_record(std::string_view line, std::uint64_t line_number,
                                               std::string_view source_name, const RecordFields& fields);

}  // namespace pygate::scanning
