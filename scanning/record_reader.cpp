#include "scanning/record_reader.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "analyzer/text/unicode.hpp"

namespace pygate::scanning {
namespace {

// A record is a flat object of a few fields; deeper nesting only costs memory
// (a line of 40 MB of '[' would build 40 million arrays), so it is refused.
constexpr std::size_t k_max_record_depth = 64;
constexpr std::size_t k_max_quoted_bytes = 120;

struct TooDeep {};

std::string a_type_name(const nlohmann::json& value) {
    std::string_view name = value.type_name();
    bool vowel = name.find_first_of("aeiou") == 0;
    return fmt::format("{} {}", vowel ? "an" : "a", name);
}

// nlohmann's message without its "[json.exception.parse_error.101] " tag,
// and with what it quotes of the line kept short.
std::string parse_error_text(const char* what) {
    std::string_view text = what;
    if (text.starts_with("[json.exception.")) {
        auto end = text.find("] ");
        if (end != std::string_view::npos) text.remove_prefix(end + 2);
    }
    return analyzer::first_line_shortened(text, k_max_quoted_bytes + 80);
}

}  // namespace

std::variant<Record, RecordError> parse_record(std::string_view line, std::uint64_t line_number,
                                               std::string_view source_name, const RecordFields& fields) {
    const std::string line_name = std::to_string(line_number);
    auto error = [&](std::string name, std::string_view what) {
        return RecordError{std::move(name), fmt::format("line {} of {}: {}", line_number, source_name, what)};
    };
    if (line.find_first_not_of(" \t\r") == std::string_view::npos)
        return error(line_name, "an empty line, not a JSON record");
    // JSON never holds a raw NUL, and nlohmann's parser would take one for
    // the end of the text and accept whatever follows it.
    if (auto nul = line.find('\0'); nul != std::string_view::npos)
        return error(line_name, fmt::format("not valid JSON: a NUL byte at column {}", nul + 1));
    nlohmann::json record;
    try {
        record = nlohmann::json::parse(line, [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
            if (static_cast<std::size_t>(depth) > k_max_record_depth) throw TooDeep{};
            return true;
        });
    } catch (const nlohmann::json::exception& e) {  // parse_error, and out_of_range for a number like 1e999
        return error(line_name, fmt::format("not valid JSON: {}", parse_error_text(e.what())));
    } catch (const TooDeep&) {
        return error(line_name, fmt::format("JSON nested more than {} levels deep", k_max_record_depth));
    }
    if (!record.is_object()) return error(line_name, fmt::format("{}, not a JSON object", a_type_name(record)));

    std::string name = line_name;
    if (auto id = record.find(fields.id); id != record.end()) {
        if (id->is_string())
            name = id->get<std::string>();
        else if (id->is_number_integer())
            name = id->dump();
        else
            return error(line_name,
                         fmt::format("its \"{}\" is {}, not a string or an integer", fields.id, a_type_name(*id)));
        if (name.empty()) return error(line_name, fmt::format("its \"{}\" is empty", fields.id));
    }
    auto code = record.find(fields.code);
    if (code == record.end()) return error(name, fmt::format("no \"{}\" field", fields.code));
    if (!code->is_string())
        return error(name, fmt::format("its \"{}\" is {}, not a string", fields.code, a_type_name(*code)));
    return Record{std::move(name), std::move(code->get_ref<std::string&>())};
}

}  // namespace pygate::scanning
