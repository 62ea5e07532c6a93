#include "serve/request_shape.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace pygate::serve {
namespace {

using nlohmann::json;

// Counts as it reads, and stops the read at the first bound passed.
class ShapeCounter : public nlohmann::json_sax<json> {
public:
    std::optional<std::string> error;

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(); }
    bool key(string_t&) override { return true; }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    bool value() {
        if (++m_values <= k_max_request_values) return true;
        error = fmt::format("the request holds more than {} values", k_max_request_values);
        return false;
    }
    bool open() {
        if (!value()) return false;
        if (++m_depth <= k_max_request_depth) return true;
        error = fmt::format("the request nests deeper than {} levels", k_max_request_depth);
        return false;
    }
    bool close() {
        --m_depth;
        return true;
    }

    std::size_t m_values = 0;
    std::size_t m_depth = 0;
};

}  // namespace

std::optional<std::string> request_shape_error(std::string_view line) {
    ShapeCounter counter;
    json::sax_parse(line, &counter, json::input_format_t::json, false);
    return counter.error;
}

}  // namespace pygate::serve
