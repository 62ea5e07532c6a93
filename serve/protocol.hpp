#pragma once
// The `pygate serve` protocol (docs/protocol.md): JSON Lines requests parsed
// into typed operations, and the lines the server answers with. Parsing is
// strict: a missing, unknown or wrong-typed field is an `invalid_request`
// naming it, so a typo never changes what a request means.

#include <array>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "judging/gated_run.hpp"
#include "runner/workdir.hpp"

namespace pygate::serve {

// Raised when the protocol changes in a way an existing client could notice.
inline constexpr int k_protocol_version = 1;

// The error codes of docs/protocol.md.
namespace error_code {
inline constexpr const char* parse_error = "parse_error";
inline constexpr const char* invalid_utf8 = "invalid_utf8";
inline constexpr const char* line_too_long = "line_too_long";
inline constexpr const char* invalid_request = "invalid_request";
inline constexpr const char* unknown_op = "unknown_op";
inline constexpr const char* duplicate_id = "duplicate_id";
inline constexpr const char* profile_error = "profile_error";
inline constexpr const char* limit_error = "limit_error";
inline constexpr const char* read_error = "read_error";
inline constexpr const char* not_found = "not_found";
inline constexpr const char* run_error = "run_error";
inline constexpr const char* cancelled = "cancelled";
inline constexpr const char* session_busy = "session_busy";
inline constexpr const char* session_closed = "session_closed";
inline constexpr const char* preload_denied = "preload_denied";
inline constexpr const char* too_many_sessions = "too_many_sessions";
inline constexpr const char* internal_error = "internal_error";
}  // namespace error_code

// A request's id as the client sent it (a string or an integer), and a key
// that tells ids apart (1 and "1" are different ids).
struct RequestId {
    nlohmann::json value;  // null when the id could not be read
    std::string key;
};

struct ProtocolError {
    nlohmann::json id;  // null when the request's id could not be read
    std::string code;
    std::string message;
};

struct CheckOp {
    static constexpr std::string_view op_name = "check";
    std::optional<std::string> code;  // exactly one of code and path
    std::optional<std::string> path;
    std::string filename;  // the path shown in the result
    std::string profile;
};

struct RunOp {
    static constexpr std::string_view op_name = "run";
    std::string code;
    std::string profile;
    std::vector<runner::InputFile> files;
    std::optional<std::string> stdin_data;
    judging::LimitOverrides overrides;
    bool stream = false;
    bool allow_review = false;
    // Forked from the profile's template when the server has one
    // (serve/template_pool); false: a cold run, always.
    bool warm = true;
};

struct CancelOp {
    static constexpr std::string_view op_name = "cancel";
    RequestId target;
};

struct ProfilesOp {
    static constexpr std::string_view op_name = "profiles";
    std::optional<std::string> name;  // one profile's TOML; none: the list
};

struct RulesOp {
    static constexpr std::string_view op_name = "rules";
};

struct ExplainOp {
    static constexpr std::string_view op_name = "explain";
    std::string rule;
};

struct VersionOp {
    static constexpr std::string_view op_name = "version";
};

struct SessionOpenOp {
    static constexpr std::string_view op_name = "session_open";
    std::string profile;
    std::vector<runner::InputFile> files;
    std::vector<std::string> preload;  // modules imported at open
    judging::LimitOverrides overrides;          // timeout: each step's wall clock; cpu, memory: the session's
    std::int64_t idle_timeout = 600;   // seconds without a request before the session closes
};

struct SessionExecOp {
    static constexpr std::string_view op_name = "session_exec";
    std::string session;
    std::string code;
    std::optional<std::int64_t> timeout;  // this step's wall clock, at most the session's
    bool stream = false;
    bool display = false;  // answer with the value's rich representations and the figures the step drew
};

struct SessionFilesOp {
    static constexpr std::string_view op_name = "session_files";
    std::string session;
    std::vector<std::string> fetch;  // output/ paths whose bytes to return; the rest are listed
};

struct SessionCloseOp {
    static constexpr std::string_view op_name = "session_close";
    std::string session;
};

// Every op, in the order docs/protocol.md lists them. Each is named once, by
// its struct's `op_name`: parse_request reads the op of that name into it, the
// hello line lists the names, and the server answers each through an
// overload of its own, so an op without a reader or a handler does not
// compile.
using Operation = std::variant<CheckOp, RunOp, CancelOp, ProfilesOp, RulesOp, ExplainOp, VersionOp, SessionOpenOp,
                               SessionExecOp, SessionFilesOp, SessionCloseOp>;

namespace detail {
template <std::size_t... I>
constexpr std::array<std::string_view, sizeof...(I)> operation_names(std::index_sequence<I...>) {
    return {std::variant_alternative_t<I, Operation>::op_name...};
}
constexpr bool all_different(const auto& names) {
    for (std::size_t i = 0; i < names.size(); ++i)
        for (std::size_t j = i + 1; j < names.size(); ++j)
            if (names[i] == names[j]) return false;
    return true;
}
}  // namespace detail

// The ops' names, in the variant's order (the hello line names them).
inline constexpr auto k_operation_names =
    detail::operation_names(std::make_index_sequence<std::variant_size_v<Operation>>{});
static_assert(detail::all_different(k_operation_names), "two ops with one name");

struct Request {
    RequestId id;
    Operation op;
};

// `default_profile` fills a request that names none.
std::variant<Request, ProtocolError> parse_request(std::string_view line, const std::string& default_profile);

// The lines the server writes, each with its newline.
std::string hello_line(std::size_t max_line, unsigned max_runs, unsigned jobs, unsigned max_sessions);
std::string result_line(const nlohmann::json& id, std::string_view result_json);
std::string error_line(const nlohmann::json& id, std::string_view code, std::string_view message);
std::string event_line(const nlohmann::json& id, std::string_view event, std::string_view data);

}  // namespace pygate::serve
