// libFuzzer target: JSON Lines text through the record reader (`pygate check
// --records`), line by line as the reader hands lines over. Every line must
// give a record whose code is valid UTF-8 or an error naming its line; never
// a crash, a hang or unbounded memory (deep nesting is refused).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "analyzer/text/unicode.hpp"
#include "scanning/record_reader.hpp"

namespace {

bool valid_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        std::size_t length = pygate::analyzer::utf8_sequence_length(text, i);
        if (length == 0) return false;
        i += length;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    const pygate::scanning::RecordFields fields;
    std::uint64_t line_number = 0;
    while (!text.empty()) {
        std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++line_number;
        auto parsed = pygate::scanning::parse_record(line, line_number, "fuzz.jsonl", fields);
        if (auto* error = std::get_if<pygate::scanning::RecordError>(&parsed)) {
            std::string expected_start = "line " + std::to_string(line_number) + " of fuzz.jsonl: ";
            if (error->name.empty() || !error->message.starts_with(expected_start)) __builtin_trap();
        } else {
            const auto& record = std::get<pygate::scanning::Record>(parsed);
            if (record.name.empty() || !valid_utf8(record.code)) __builtin_trap();
        }
    }
    return 0;
}
