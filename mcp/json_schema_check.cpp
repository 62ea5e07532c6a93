#include "mcp/json_schema_check.hpp"

#include <cmath>

namespace pygate::mcp {
namespace {

using nlohmann::json;

bool has_type(const json& value, const std::string& type) {
    if (type == "string") return value.is_string();
    if (type == "boolean") return value.is_boolean();
    if (type == "object") return value.is_object();
    if (type == "array") return value.is_array();
    if (type == "null") return value.is_null();
    if (type == "number") return value.is_number();
    if (type == "integer") {
        // JSON Schema's integer is a number without a fraction: 3.0 is one.
        if (value.is_number_integer()) return true;
        if (!value.is_number_float()) return false;
        const double number = value.get<double>();
        return std::isfinite(number) && number == std::floor(number) && std::fabs(number) < 9.0e15;
    }
    return false;
}

std::string type_words(const json& type) {
    if (type.is_string()) return type.get<std::string>();
    std::string words;
    for (const auto& each : type) words += (words.empty() ? "" : " or ") + each.get<std::string>();
    return words;
}

// Characters, not bytes: what a schema's length means.
std::size_t code_points(const std::string& text) {
    std::size_t count = 0;
    for (unsigned char c : text) count += (c & 0xC0) != 0x80;
    return count;
}

}  // namespace

std::optional<std::string> schema_violation(const json& value, const json& schema, const std::string& where) {
    if (schema.contains("type")) {
        const json& type = schema["type"];
        bool matches = false;
        if (type.is_string()) matches = has_type(value, type);
        for (const auto& each : type.is_array() ? type : json::array()) matches = matches || has_type(value, each);
        if (!matches) return where + ": expected " + type_words(type);
    }
    if (schema.contains("enum")) {
        bool listed = false;
        for (const auto& allowed : schema["enum"]) listed = listed || allowed == value;
        if (!listed) return where + ": must be one of " + schema["enum"].dump();
    }
    if (value.is_number()) {
        const double number = value.get<double>();
        if (schema.contains("minimum") && number < schema["minimum"].get<double>())
            return where + ": must be at least " + schema["minimum"].dump();
        if (schema.contains("maximum") && number > schema["maximum"].get<double>())
            return where + ": must be at most " + schema["maximum"].dump();
    }
    if (value.is_string()) {
        const std::size_t length = code_points(value.get_ref<const std::string&>());
        if (schema.contains("minLength") && length < schema["minLength"].get<std::size_t>())
            return where + ": must have at least " + schema["minLength"].dump() + " characters";
        if (schema.contains("maxLength") && length > schema["maxLength"].get<std::size_t>())
            return where + ": must have at most " + schema["maxLength"].dump() + " characters";
    }
    if (value.is_array() && schema.contains("items")) {
        for (std::size_t i = 0; i < value.size(); ++i)
            if (auto violation = schema_violation(value[i], schema["items"], where + "[" + std::to_string(i) + "]"))
                return violation;
    }
    if (value.is_object()) {
        for (const auto& required : schema.value("required", json::array()))
            if (!value.contains(required.get<std::string>()))
                return where + ": missing `" + required.get<std::string>() + "`";
        const json properties = schema.value("properties", json::object());
        const json extra = schema.value("additionalProperties", json(true));
        for (const auto& [key, member] : value.items()) {
            const std::string inner = where + "." + key;
            if (properties.contains(key)) {
                if (auto violation = schema_violation(member, properties[key], inner)) return violation;
            } else if (extra.is_boolean()) {
                if (!extra.get<bool>()) return where + ": unknown field `" + key + "`";
            } else if (auto violation = schema_violation(member, extra, inner)) {
                return violation;
            }
        }
    }
    return std::nullopt;
}

}  // namespace pygate::mcp
