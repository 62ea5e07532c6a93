#include "serve/protocol.hpp"

#include <fmt/format.h>

#include <optional>
#include <set>
#include <utility>

#include "analyzer/text/unicode.hpp"
#include "serve/request_shape.hpp"
#include "support/base64.hpp"
#include "support/version.hpp"

namespace pygate::serve {

using support::base64_decode;
using support::k_pygate_version;

namespace {

using nlohmann::json;

struct BadField {
    std::string message;
};

// Reads a request object's fields by name and type, remembering which it
// read so that any other field is reported.
class Fields {
public:
    explicit Fields(const json& object) : m_object(object) {}

    const json* find(const char* name) {
        m_known.insert(name);
        auto found = m_object.find(name);
        return found == m_object.end() ? nullptr : &*found;
    }

    std::optional<std::string> optional_string(const char* name) {
        const json* value = find(name);
        if (value == nullptr) return std::nullopt;
        if (!value->is_string()) throw BadField{fmt::format("`{}` must be a string", name)};
        return value->get<std::string>();
    }

    std::string required_string(const char* name) {
        auto value = optional_string(name);
        if (!value) throw BadField{fmt::format("`{}` is missing", name)};
        return *value;
    }

    bool optional_bool(const char* name, bool fallback) {
        const json* value = find(name);
        if (value == nullptr) return fallback;
        if (!value->is_boolean()) throw BadField{fmt::format("`{}` must be true or false", name)};
        return value->get<bool>();
    }

    std::optional<std::int64_t> optional_positive(const char* name) {
        const json* value = find(name);
        if (value == nullptr) return std::nullopt;
        if (!value->is_number_integer()) throw BadField{fmt::format("`{}` must be an integer", name)};
        if (value->is_number_unsigned() && value->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
            throw BadField{fmt::format("`{}` is too large", name)};
        const auto number = value->get<std::int64_t>();
        if (number <= 0) throw BadField{fmt::format("`{}` must be positive", name)};
        return number;
    }

    // Every field the request has that no read asked for.
    void reject_others() const {
        for (auto it = m_object.begin(); it != m_object.end(); ++it)
            if (m_known.count(it.key()) == 0) throw BadField{fmt::format("unknown field `{}`", it.key())};
    }

private:
    const json& m_object;
    std::set<std::string, std::less<>> m_known;
};

bool is_valid_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        const std::size_t length = analyzer::utf8_sequence_length(text, i);
        if (length == 0) return false;
        i += length;
    }
    return true;
}

std::optional<RequestId> read_id(const json& value) {
    if (value.is_string()) return RequestId{value, value.dump()};
    if (value.is_number_integer()) return RequestId{value, value.dump()};
    return std::nullopt;
}

std::vector<runner::InputFile> read_files(const json* value) {
    std::vector<runner::InputFile> files;
    if (value == nullptr) return files;
    if (!value->is_object()) throw BadField{"`files` must be an object of {name: text or {\"base64\": ...}}"};
    for (auto it = value->begin(); it != value->end(); ++it) {
        runner::InputFile file{it.key(), {}};
        if (auto problem = runner::invalid_input_name(file.name)) throw BadField{"`files`: " + *problem};
        if (it->is_string()) {
            file.bytes = it->get<std::string>();
        } else if (it->is_object() && it->size() == 1 && it->contains("base64") && (*it)["base64"].is_string()) {
            auto decoded = base64_decode((*it)["base64"].get<std::string>());
            if (!decoded) throw BadField{fmt::format("`files`: `{}` is not valid base64", file.name)};
            file.bytes = std::move(*decoded);
        } else {
            throw BadField{fmt::format("`files`: `{}` must be a string or {{\"base64\": \"...\"}}", file.name)};
        }
        files.push_back(std::move(file));
    }
    return files;
}

std::vector<std::string> read_strings(const json* value, const char* name) {
    std::vector<std::string> strings;
    if (value == nullptr) return strings;
    if (!value->is_array()) throw BadField{fmt::format("`{}` must be an array of strings", name)};
    for (const auto& item : *value) {
        if (!item.is_string()) throw BadField{fmt::format("`{}` must be an array of strings", name)};
        strings.push_back(item.get<std::string>());
    }
    return strings;
}

// Each op's fields, read into its struct: one overload per op, chosen by its
// type, so an op of Operation without one does not compile.
template <class Op>
struct Tag {};

CheckOp read_op(Tag<CheckOp>, Fields& fields, const std::string& default_profile) {
    CheckOp check;
    check.code = fields.optional_string("code");
    check.path = fields.optional_string("path");
    if (check.code.has_value() == check.path.has_value()) throw BadField{"give exactly one of `code` and `path`"};
    check.filename = fields.optional_string("filename").value_or(check.path ? *check.path : "<code>");
    check.profile = fields.optional_string("profile").value_or(default_profile);
    return check;
}

RunOp read_op(Tag<RunOp>, Fields& fields, const std::string& default_profile) {
    RunOp run;
    run.code = fields.required_string("code");
    run.profile = fields.optional_string("profile").value_or(default_profile);
    run.files = read_files(fields.find("files"));
    run.stdin_data = fields.optional_string("stdin");
    run.overrides.timeout = fields.optional_positive("timeout");
    run.overrides.memory = fields.optional_positive("memory");
    run.overrides.cpu = fields.optional_positive("cpu");
    run.overrides.output_limit = fields.optional_positive("output_limit");
    run.stream = fields.optional_bool("stream", false);
    run.allow_review = fields.optional_bool("allow_review", false);
    run.warm = fields.optional_bool("warm", true);
    return run;
}

CancelOp read_op(Tag<CancelOp>, Fields& fields, const std::string&) {
    const json* target = fields.find("target");
    if (target == nullptr) throw BadField{"`target` is missing"};
    auto id = read_id(*target);
    if (!id) throw BadField{"`target` must be a string or an integer"};
    return CancelOp{std::move(*id)};
}

ProfilesOp read_op(Tag<ProfilesOp>, Fields& fields, const std::string&) {
    return ProfilesOp{fields.optional_string("name")};
}

RulesOp read_op(Tag<RulesOp>, Fields&, const std::string&) {
    return RulesOp{};
}

ExplainOp read_op(Tag<ExplainOp>, Fields& fields, const std::string&) {
    return ExplainOp{fields.required_string("rule")};
}

VersionOp read_op(Tag<VersionOp>, Fields&, const std::string&) {
    return VersionOp{};
}

SessionOpenOp read_op(Tag<SessionOpenOp>, Fields& fields, const std::string& default_profile) {
    SessionOpenOp open;
    open.profile = fields.optional_string("profile").value_or(default_profile);
    open.files = read_files(fields.find("files"));
    open.preload = read_strings(fields.find("preload"), "preload");
    open.overrides.timeout = fields.optional_positive("timeout");
    open.overrides.memory = fields.optional_positive("memory");
    open.overrides.cpu = fields.optional_positive("cpu");
    open.overrides.output_limit = fields.optional_positive("output_limit");
    open.idle_timeout = fields.optional_positive("idle_timeout").value_or(600);
    if (open.idle_timeout > 24 * 60 * 60) throw BadField{"`idle_timeout` is over a day"};
    return open;
}

SessionExecOp read_op(Tag<SessionExecOp>, Fields& fields, const std::string&) {
    SessionExecOp exec;
    exec.session = fields.required_string("session");
    exec.code = fields.required_string("code");
    exec.timeout = fields.optional_positive("timeout");
    exec.stream = fields.optional_bool("stream", false);
    exec.display = fields.optional_bool("display", false);
    return exec;
}

SessionFilesOp read_op(Tag<SessionFilesOp>, Fields& fields, const std::string&) {
    SessionFilesOp files;
    files.session = fields.required_string("session");
    files.fetch = read_strings(fields.find("fetch"), "fetch");
    return files;
}

SessionCloseOp read_op(Tag<SessionCloseOp>, Fields& fields, const std::string&) {
    return SessionCloseOp{fields.required_string("session")};
}

// The op named `name`, read; nullopt when no op has that name.
template <std::size_t... I>
std::optional<Operation> read_operation(std::string_view name, Fields& fields, const std::string& default_profile,
                                        std::index_sequence<I...>) {
    std::optional<Operation> operation;
    (void)((std::variant_alternative_t<I, Operation>::op_name == name &&
            (operation.emplace(std::in_place_index<I>,
                               read_op(Tag<std::variant_alternative_t<I, Operation>>{}, fields, default_profile)),
             true)) ||
           ...);
    return operation;
}

}  // namespace

std::variant<Request, ProtocolError> parse_request(std::string_view line, const std::string& default_profile) {
    if (!is_valid_utf8(line))
        return ProtocolError{nullptr, error_code::invalid_utf8, "the line is not UTF-8"};
    if (std::optional<std::string> shape = request_shape_error(line))
        return ProtocolError{nullptr, error_code::invalid_request, *shape};
    json object = json::parse(line, nullptr, false);
    if (object.is_discarded())
        return ProtocolError{nullptr, error_code::parse_error, "the line is not one JSON value"};
    if (!object.is_object()) return ProtocolError{nullptr, error_code::invalid_request, "a request is a JSON object"};
    auto id_field = object.find("id");
    if (id_field == object.end())
        return ProtocolError{nullptr, error_code::invalid_request, "the request has no `id`"};
    auto id = read_id(*id_field);
    if (!id) return ProtocolError{nullptr, error_code::invalid_request, "`id` must be a string or an integer"};
    auto op_field = object.find("op");
    if (op_field == object.end() || !op_field->is_string())
        return ProtocolError{id->value, error_code::invalid_request, "`op` is missing or not a string"};
    const std::string op = op_field->get<std::string>();
    Fields fields(object);
    fields.find("id");
    fields.find("op");
    try {
        std::optional<Operation> operation = read_operation(
            op, fields, default_profile, std::make_index_sequence<std::variant_size_v<Operation>>{});
        if (!operation)
            return ProtocolError{id->value, error_code::unknown_op,
                                 fmt::format("unknown op `{}` (ops: {})", op, fmt::join(k_operation_names, ", "))};
        fields.reject_others();
        return Request{std::move(*id), std::move(*operation)};
    } catch (const BadField& bad) {
        return ProtocolError{id->value, error_code::invalid_request, fmt::format("{}: {}", op, bad.message)};
    }
}

std::string hello_line(std::size_t max_line, unsigned max_runs, unsigned jobs, unsigned max_sessions) {
    nlohmann::ordered_json hello{{"protocol", k_protocol_version},
               {"pygate_version", k_pygate_version},
               {"ops", k_operation_names},
               {"max_line", max_line},
               {"max_runs", max_runs},
               {"jobs", jobs},
               {"max_sessions", max_sessions}};
    return nlohmann::ordered_json{{"hello", std::move(hello)}}.dump() + "\n";
}

std::string result_line(const json& id, std::string_view result_json) {
    std::string line = "{\"id\":";
    line += id.dump();
    line += ",\"result\":";
    line += result_json;
    line += "}\n";
    return line;
}

std::string error_line(const json& id, std::string_view code, std::string_view message) {
    nlohmann::ordered_json line{{"id", id}, {"error", {{"code", code}, {"message", message}}}};
    return line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string event_line(const json& id, std::string_view event, std::string_view data) {
    nlohmann::ordered_json line{{"id", id}, {"event", event}, {"data", data}};
    return line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace pygate::serve
