#include "profiles/profile_loader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <set>
#include <sstream>
#include <vector>

#include "analyzer/analyze.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/text/line_index.hpp"
#include "analyzer/text/source.hpp"
#include "analyzer/text/source_file.hpp"
#include "analyzer/text/unicode.hpp"
#include "profiles/builtin_profiles.hpp"
#include "profiles/profile_gate.hpp"
#include "profiles/toml_text.hpp"
#include "profiles/toml_value.hpp"
#include "rules/registry.hpp"

namespace pygate::profiles {

using namespace analyzer;  // the profile model
namespace fs = std::filesystem;

std::string ProfileError::to_string() const {
    if (line == 0) return fmt::format("{}: {}", file, message);
    return fmt::format("{}:{}:{}: {}", file, line, column, message);
}

bool names_profile_file(std::string_view name) {
    return name.find('/') != std::string_view::npos || name.ends_with(".toml");
}

namespace {

// A chain longer than this is a mistake, not a policy.
constexpr std::size_t k_max_extends_depth = 16;
// Deeper TOML nesting than any profile needs; toml11 parses recursively.
constexpr int k_max_toml_nesting = 32;

// Thrown and caught inside this file only: the public functions return a result.
struct Failure {
    ProfileError error;
};

// One profile document being applied: where its errors point.
class Document {
public:
    Document(std::string file, fs::path base_folder) : m_file(std::move(file)), m_base_folder(std::move(base_folder)) {}

    const std::string& file() const { return m_file; }
    const fs::path& base_folder() const { return m_base_folder; }

    [[noreturn]] void fail_at(std::uint32_t line, std::uint32_t column, std::string message) const {
        throw Failure{ProfileError{m_file, line, column, std::move(message)}};
    }

    [[noreturn]] void fail(const TomlValue& at, std::string message) const {
        const TomlPlace place = place_of_value(at);
        fail_at(place.line, place.column, std::move(message));
    }

    [[noreturn]] void fail_key(const TomlValue& value, std::string_view key, std::string message) const {
        const TomlPlace place = place_of_key(value, key);
        fail_at(place.line, place.column, std::move(message));
    }

private:
    std::string m_file;
    fs::path m_base_folder;
};

const char* type_name(const TomlValue& value) {
    switch (value.type()) {
        case toml::value_t::boolean:
            return "a boolean";
        case toml::value_t::integer:
            return "an integer";
        case toml::value_t::floating:
            return "a float";
        case toml::value_t::string:
            return "a string";
        case toml::value_t::array:
            return "an array";
        case toml::value_t::table:
            return "a table";
        case toml::value_t::empty:
            return "nothing";
        default:
            return "a date or time";
    }
}

// --- what each key may hold

using Validator = std::function<std::optional<std::string>(const std::string&)>;

bool is_identifier(std::string_view text) {
    if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0]))) return false;
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

bool is_dotted_name(std::string_view text) {
    while (true) {
        std::size_t dot = text.find('.');
        if (!is_identifier(text.substr(0, dot))) return false;
        if (dot == std::string_view::npos) return true;
        text.remove_prefix(dot + 1);
    }
}

std::optional<std::string> check_module(const std::string& text) {
    if (is_dotted_name(text)) return std::nullopt;
    return fmt::format("`{}` is not a module name (dotted identifiers such as `os.path`)", text);
}

std::optional<std::string> check_identifier(const std::string& text) {
    if (is_identifier(text)) return std::nullopt;
    return fmt::format("`{}` is not a Python identifier", text);
}

std::optional<std::string> check_dunder(const std::string& text) {
    if (text.size() > 4 && text.starts_with("__") && text.ends_with("__") && is_identifier(text)) return std::nullopt;
    return fmt::format("`{}` is not a dunder name such as `__name__`", text);
}

std::optional<std::string> check_path_prefix(const std::string& text) {
    if (text.empty()) return "an empty path prefix; write \"./\" for the working folder";
    if (text.starts_with('/') || text.starts_with('~'))
        return fmt::format("`{}` is absolute; filesystem prefixes are relative to the working folder", text);
    for (std::string_view rest = text; !rest.empty();) {
        std::size_t slash = rest.find('/');
        if (rest.substr(0, slash) == "..") return fmt::format("`{}` leaves the working folder through `..`", text);
        if (slash == std::string_view::npos) break;
        rest.remove_prefix(slash + 1);
    }
    return std::nullopt;
}

std::optional<std::string> check_pattern(const std::string& text) {
    if (text.empty()) return "an empty pattern";
    return std::nullopt;
}

std::optional<std::string> check_syntax_keyword(const std::string& text) {
    for (std::string_view keyword : k_forbiddable_syntax)
        if (keyword == text) return std::nullopt;
    return fmt::format("`{}` is not a syntax keyword (known: {})", text, fmt::join(k_forbiddable_syntax, ", "));
}

// Dotted identifiers in which `*` may stand for any run (qualified_name_pattern.hpp).
std::optional<std::string> check_qualified_name_pattern(const std::string& text) {
    std::string name = text;
    std::replace(name.begin(), name.end(), '*', 'x');
    if (is_dotted_name(name)) return std::nullopt;
    return fmt::format("`{}` is not a qualified-name pattern such as `os.getcwd`, `requests.*` or `os.exec*`", text);
}

std::optional<std::string> check_gate_severity(const std::string& text) {
    if (text == "error" || text == "warning" || text == "note") return std::nullopt;
    return fmt::format("`{}` is not a severity the gate can act on (error, warning or note)", text);
}

// --- reading typed values

const TomlValue* member(const TomlValue& table, std::string_view key) {
    const auto& entries = table.as_table();
    auto it = entries.find(std::string(key));
    return it == entries.end() ? nullptr : &it->second;
}

const TomlValue& table_at(const Document& doc, const TomlValue& value, std::string_view what) {
    if (!value.is_table()) doc.fail(value, fmt::format("`{}` must be a table, not {}", what, type_name(value)));
    return value;
}

std::string string_of(const Document& doc, const TomlValue& value, std::string_view what) {
    if (!value.is_string()) doc.fail(value, fmt::format("`{}` must be a string, not {}", what, type_name(value)));
    return toml_string(value);
}

std::vector<std::string> strings_of(const Document& doc, const TomlValue& value, std::string_view what,
                                    const Validator& validate) {
    if (!value.is_array())
        doc.fail(value, fmt::format("`{}` must be an array of strings, not {}", what, type_name(value)));
    std::vector<std::string> out;
    const auto& items = value.as_array();
    for (std::size_t i = 0; i < items.size(); ++i) {
        std::string item = string_of(doc, items[i], fmt::format("{}[{}]", what, i));
        if (auto problem = validate(item)) doc.fail(items[i], fmt::format("`{}`: {}", what, *problem));
        if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(std::move(item));
    }
    return out;
}

std::int64_t positive_integer_of(const Document& doc, const TomlValue& value, std::string_view what) {
    if (!value.is_integer()) doc.fail(value, fmt::format("`{}` must be an integer, not {}", what, type_name(value)));
    std::int64_t number = value.as_integer();
    if (number < 1) doc.fail(value, fmt::format("`{}` must be at least 1, not {}", what, number));
    return number;
}

// A table may hold only the keys its schema names; list keys also accept
// KEY_add and KEY_remove.
void expect_keys(const Document& doc, const TomlValue& table, std::string_view what,
                 const std::vector<std::string_view>& scalars, const std::vector<std::string_view>& lists) {
    for (const auto& [key, value] : table.as_table()) {
        bool known = std::find(scalars.begin(), scalars.end(), key) != scalars.end();
        for (std::string_view list : lists)
            known = known || key == list || key == fmt::format("{}_add", list) || key == fmt::format("{}_remove", list);
        if (known) continue;
        std::vector<std::string> names(scalars.begin(), scalars.end());
        for (std::string_view list : lists)
            names.emplace_back(list);
        std::string where = what.empty() ? std::string("a profile") : fmt::format("[{}]", what);
        doc.fail_key(value, key, fmt::format("unknown key `{}` in {} (known: {})", key, where, fmt::join(names, ", ")));
    }
}

// `KEY` replaces the inherited list, `KEY_add` extends it, `KEY_remove` removes from it.
void edit_list(const Document& doc, const TomlValue& table, std::string_view table_name, std::string_view key,
               std::vector<std::string>& list, const Validator& validate) {
    auto name = [&](std::string_view suffix) { return fmt::format("{}.{}{}", table_name, key, suffix); };
    if (const TomlValue* replace = member(table, key)) list = strings_of(doc, *replace, name(""), validate);
    if (const TomlValue* add = member(table, fmt::format("{}_add", key)))
        for (std::string& item : strings_of(doc, *add, name("_add"), validate))
            if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(std::move(item));
    if (const TomlValue* remove = member(table, fmt::format("{}_remove", key)))
        for (const std::string& item : strings_of(doc, *remove, name("_remove"), validate))
            std::erase(list, item);
}

// --- the tables

void apply_builtins(const Document& doc, const TomlValue& table, Profile& profile) {
    expect_keys(doc, table, "builtins", {}, {"allow"});
    const TomlValue* add = member(table, "allow_add");
    const TomlValue* remove = member(table, "allow_remove");
    if (!profile.builtins_allow && !member(table, "allow") && (add || remove))
        doc.fail_key(add ? *add : *remove, add ? "allow_add" : "allow_remove",
                     "the parent profile allows every builtin, so there is no `builtins.allow` list to edit; "
                     "write `allow = [...]` instead");
    if (!profile.builtins_allow && !member(table, "allow")) return;
    std::vector<std::string> list = profile.builtins_allow.value_or(std::vector<std::string>{});
    edit_list(doc, table, "builtins", "allow", list, check_identifier);
    profile.builtins_allow = std::move(list);
}

void apply_filesystem(const Document& doc, const TomlValue& table, FilesystemPolicy& filesystem) {
    expect_keys(doc, table, "filesystem", {"dynamic_paths"}, {"read", "write", "write_deny"});
    edit_list(doc, table, "filesystem", "read", filesystem.read, check_path_prefix);
    edit_list(doc, table, "filesystem", "write", filesystem.write, check_path_prefix);
    edit_list(doc, table, "filesystem", "write_deny", filesystem.write_deny, check_pattern);
    if (const TomlValue* value = member(table, "dynamic_paths")) {
        std::string text = string_of(doc, *value, "filesystem.dynamic_paths");
        if (text == "deny")
            filesystem.dynamic_paths = DynamicPaths::deny;
        else if (text == "review")
            filesystem.dynamic_paths = DynamicPaths::review;
        else if (text == "allow")
            filesystem.dynamic_paths = DynamicPaths::allow;
        else
            doc.fail(
                *value,
                fmt::format("`filesystem.dynamic_paths` must be \"deny\", \"review\" or \"allow\", not \"{}\"", text));
    }
}

// Every integer key of `table_name` (k_source_keys, k_limit_keys) must be positive.
template <class Table, std::size_t N>
void apply_integers(const Document& doc, const TomlValue& table, std::string_view table_name,
                    const IntegerKey<Table> (&keys)[N], Table& target) {
    for (const IntegerKey<Table>& key : keys)
        if (const TomlValue* value = member(table, key.key))
            target.*key.field = positive_integer_of(doc, *value, fmt::format("{}.{}", table_name, key.key));
}

template <class Table, std::size_t N>
std::vector<std::string_view> key_names(const IntegerKey<Table> (&keys)[N]) {
    std::vector<std::string_view> names;
    for (const IntegerKey<Table>& key : keys)
        names.push_back(key.key);
    return names;
}

void apply_source(const Document& doc, const TomlValue& table, SourceLimits& source) {
    expect_keys(doc, table, "source", key_names(k_source_keys), {});
    apply_integers(doc, table, "source", k_source_keys, source);
}

void apply_limits(const Document& doc, const TomlValue& table, RunnerLimits& limits) {
    std::vector<std::string_view> known = key_names(k_limit_keys);
    known.push_back("network");
    expect_keys(doc, table, "limits", known, {});
    apply_integers(doc, table, "limits", k_limit_keys, limits);
    if (const TomlValue* value = member(table, "network")) {
        if (!value->is_boolean())
            doc.fail(*value, fmt::format("`limits.network` must be true or false, not {}", type_name(*value)));
        limits.network = value->as_boolean();
    }
}

// CPython's hard keywords (keyword.kwlist): no import statement can name a
// module with one of them as a part, whatever the parser in front of it accepts.
constexpr std::string_view k_python_keywords[] = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield",
};

std::optional<std::string> check_importable_module(const std::string& text) {
    if (auto problem = check_module(text)) return problem;
    for (std::string_view rest = text; !rest.empty();) {
        std::string_view part = rest.substr(0, rest.find('.'));
        if (std::find(std::begin(k_python_keywords), std::end(k_python_keywords), part) != std::end(k_python_keywords))
            return fmt::format("`{}` is not a module an import statement can name: `{}` is a Python keyword", text,
                               part);
        rest.remove_prefix(std::min(rest.size(), part.size() + 1));
    }
    return std::nullopt;
}

// `[runner] preload` is one list a child sets whole or inherits: no _add or
// _remove, so the modules a template imports are read in one place. A
// repeated module is refused rather than merged, as a likely typo.
const TomlValue* apply_runner(const Document& doc, const TomlValue& table, RunnerSettings& runner) {
    expect_keys(doc, table, "runner", {"preload"}, {});
    const TomlValue* value = member(table, "preload");
    if (value == nullptr) return nullptr;
    if (!value->is_array())
        doc.fail(*value, fmt::format("`runner.preload` must be an array of strings, not {}", type_name(*value)));
    const auto& items = value->as_array();
    if (items.size() > k_max_preload_modules)
        doc.fail(*value, fmt::format("`runner.preload` names {} modules; at most {} may be preloaded", items.size(),
                                     k_max_preload_modules));
    std::vector<std::string> preload;
    for (std::size_t i = 0; i < items.size(); ++i) {
        std::string module = string_of(doc, items[i], fmt::format("runner.preload[{}]", i));
        if (auto problem = check_importable_module(module))
            doc.fail(items[i], fmt::format("`runner.preload`: {}", *problem));
        if (std::find(preload.begin(), preload.end(), module) != preload.end())
            doc.fail(items[i], fmt::format("`runner.preload` names `{}` twice", module));
        preload.push_back(std::move(module));
    }
    runner.preload = std::move(preload);
    return value;
}

// Why the gate refuses a program that is only `import MODULE` under
// `profile`, or nothing when it allows it: the same judging a program's own
// imports get (PG003's allow list, PG011's forbidden `import`, any rule a name
// trips), as a session's preload gets (serve/ops/session_ops.cpp).
std::optional<std::string> gate_refusal(const Profile& profile, const std::string& module, Parser& parser) {
    const AnalysisOptions options{&profile, rules::all_hooks()};
    std::vector<Finding> findings = analyze_bytes(fmt::format("import {}\n", module), parser, options).findings;
    if (judge_findings(findings, profile) == Decision::allow) return std::nullopt;
    std::vector<std::string> reasons;
    for (const Finding& finding : findings)
        reasons.push_back(fmt::format("{}: {}", rule_code(finding.rule), finding.message));
    return fmt::format("{}", fmt::join(reasons, "; "));
}

// A preloaded module ends up in the sys.modules of every run forked from the
// template, so it must be one the profile lets a program import; otherwise the
// template would hold a module the gate refuses. Checked after every table is
// applied, because a child may narrow the imports its parent's preload needs.
// `set_here` is this document's `preload` array (null when inherited), `extends`
// its parent's name, where an inherited list's error points.
void check_preload(const Document& doc, const Profile& profile, const TomlValue* set_here, const TomlValue* extends) {
    if (profile.runner.preload.empty()) return;
    Parser parser;
    for (std::size_t i = 0; i < profile.runner.preload.size(); ++i) {
        const std::string& module = profile.runner.preload[i];
        // The allow list first, whatever the rules' severities: lowering PG003
        // does not make a module part of the profile.
        std::optional<std::string> why;
        if (!allows_import(profile, module))
            why = fmt::format("profile {} does not allow importing it (`imports.allow`)", profile.name);
        else if (std::optional<std::string> refusal = gate_refusal(profile, module, parser))
            why = fmt::format("profile {} refuses `import {}`: {}", profile.name, module, *refusal);
        if (!why) continue;
        if (set_here != nullptr)
            doc.fail(set_here->as_array()[i], fmt::format("`runner.preload` names `{}`, but {}", module, *why));
        std::string message = fmt::format(
            "`runner.preload`, inherited from the parent, names `{}`, but {}; set `[runner] preload` to modules it "
            "allows (`preload = []` for none)",
            module, *why);
        if (extends != nullptr) doc.fail(*extends, message);
        doc.fail_at(1, 1, message);
    }
}

void apply_rules(const Document& doc, const TomlValue& table, std::map<analyzer::RuleNumber, RuleSettings>& rules) {
    for (const auto& [code, value] : table.as_table()) {
        const rules::RuleMetadata* rule = rules::find_rule(code);
        if (rule == nullptr || rule->code() != code)
            doc.fail_key(value, code, fmt::format("unknown rule `{}` (`pygate rules` lists them)", code));
        const std::string what = fmt::format("rules.{}", code);
        table_at(doc, value, what);
        expect_keys(doc, value, what, {"severity"}, {"allow"});
        RuleSettings& settings = rules[rule->number];
        if (const TomlValue* severity = member(value, "severity")) {
            std::string text = string_of(doc, *severity, what + ".severity");
            std::optional<analyzer::Severity> parsed = analyzer::parse_severity(text);
            if (!parsed)
                doc.fail(*severity, fmt::format("`{}.severity` must be \"error\", \"warning\", \"note\" or \"off\", "
                                                "not \"{}\"",
                                                what, text));
            // Fail closed: source pygate cannot read as CPython would is never let through.
            if (rule->number == analyzer::k_unsafe_source_rule && *parsed != analyzer::Severity::error)
                doc.fail(*severity, fmt::format("{} cannot be lowered: source pygate cannot read exactly as "
                                                "CPython would is always an error",
                                                code));
            settings.severity = parsed;
        }
        edit_list(doc, value, what, "allow", settings.allow, check_qualified_name_pattern);
    }
}

std::vector<analyzer::Severity> to_severities(const std::vector<std::string>& names) {
    std::vector<analyzer::Severity> out;
    for (const std::string& name : names)
        out.push_back(*analyzer::parse_severity(name));
    return out;
}

std::vector<std::string> to_names(const std::vector<analyzer::Severity>& severities) {
    std::vector<std::string> out;
    for (analyzer::Severity severity : severities)
        out.emplace_back(analyzer::severity_name(severity));
    return out;
}

void apply_gate(const Document& doc, const TomlValue& table, analyzer::GatePolicy& gate) {
    expect_keys(doc, table, "gate", {}, {"deny", "review"});
    std::vector<std::string> deny = to_names(gate.deny), review = to_names(gate.review);
    edit_list(doc, table, "gate", "deny", deny, check_gate_severity);
    edit_list(doc, table, "gate", "review", review, check_gate_severity);
    // Errors always deny: a profile may make the gate stricter, and lowers a rule
    // by its severity, where the change is visible.
    if (std::find(deny.begin(), deny.end(), "error") == deny.end())
        doc.fail(table,
                 "`gate.deny` must include \"error\": lower a rule's severity instead of letting errors through");
    for (const std::string& name : review)
        if (std::find(deny.begin(), deny.end(), name) != deny.end())
            doc.fail(table, fmt::format("severity \"{}\" is in both `gate.deny` and `gate.review`", name));
    gate.deny = to_severities(deny);
    gate.review = to_severities(review);
}

// --- documents and `extends`

#if TOML11_VERSION_MAJOR < 4
// toml11's syntax errors place the problem with a caret under the line; its
// location() is the start of the enclosing region, so the caret is more exact.
std::uint32_t caret_column(const std::string& message, std::uint32_t line, std::uint32_t fallback) {
    std::istringstream lines(message);
    std::string text, marker = fmt::format(" {} | ", line);
    while (std::getline(lines, text)) {
        std::size_t at = text.find(marker);
        if (at == std::string::npos || text.find_first_not_of(' ') != at + 1) continue;
        std::size_t content = at + marker.size();
        std::string caret_line;
        if (!std::getline(lines, caret_line)) break;
        std::size_t caret = caret_line.find_first_of("^~", content);
        if (caret == std::string::npos) break;
        return analyzer::count_code_points(std::string_view(text).substr(content, caret - content)) + 1;
    }
    return fallback;
}
#endif

std::string first_line_of(const std::string& message) {
    std::string line = message.substr(0, message.find('\n'));
    if (line.starts_with("[error] ")) line.erase(0, 8);
    if (line.starts_with("toml::")) {
        std::size_t colon = line.find(": ");
        if (colon != std::string::npos) line.erase(0, colon + 2);
    }
    return line;
}

// toml11 parses recursively, so absurd nesting is refused before it can exhaust the stack.
void check_nesting(const Document& doc, std::string_view text) {
    int depth = 0;
    std::uint32_t line = 1, column = 0;
    char quote = 0;
    bool comment = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++column;
        if (c == '\n') {
            ++line, column = 0, comment = false;
            continue;
        }
        if (comment) continue;
        if (quote != 0) {
            if (c == '\\' && quote == '"')
                ++i;
            else if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '#')
            comment = true;
        else if (c == '"' || c == '\'')
            quote = c;
        else if (c == '[' || c == '{') {
            if (++depth > k_max_toml_nesting)
                doc.fail_at(line, column, fmt::format("arrays and tables nested deeper than {}", k_max_toml_nesting));
        } else if (c == ']' || c == '}')
            depth = std::max(0, depth - 1);
    }
}

void check_utf8(const Document& doc, std::string_view text) {
    std::uint32_t line = 1, column = 1;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = analyzer::utf8_sequence_length(text, i);
        if (length == 0 || text[i] == '\0')
            doc.fail_at(line, column,
                        length == 0 ? "the file is not valid UTF-8" : "the file contains a NUL byte");
        // TOML allows no control character but tab and line feed (a carriage return
        // only before one; the rest only escaped, in strings), and toml11 4.4 loops
        // forever on one in a comment ("#\fe\n#", found by fuzzing): refused first.
        const auto byte = static_cast<unsigned char>(text[i]);
        if ((byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') || byte == 0x7f)
            doc.fail_at(line, column, fmt::format("TOML syntax error: the control character U+{:04X}", byte));
        if (byte == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))
            doc.fail_at(line, column, "TOML syntax error: a carriage return not followed by a line feed");
        if (text[i] == '\n')
            ++line, column = 1;
        else
            ++column;
        i += length;
    }
}

TomlValue parse_toml(const Document& doc, std::string_view text) {
    check_utf8(doc, text);
    check_nesting(doc, text);
    std::istringstream stream{std::string(text)};
    try {
        return parse_toml_stream(stream, doc.file());
#if TOML11_VERSION_MAJOR >= 4
    } catch (const toml::syntax_error& error) {
        // toml11 4 places the error itself: the first location of the first error.
        if (error.errors().empty() || error.errors().front().locations().empty())
            doc.fail_at(0, 0, fmt::format("TOML syntax error: {}", first_line_of(error.what())));
        const toml::source_location& where = error.errors().front().locations().front().first;
        doc.fail_at(static_cast<std::uint32_t>(where.first_line_number()),
                    static_cast<std::uint32_t>(where.first_column_number()),
                    "TOML syntax error: " + first_line_of(error.errors().front().title()));
#else
    } catch (const toml::exception& error) {
        const toml::source_location where = error.location();
        std::string message = error.what();
        doc.fail_at(where.line(), caret_column(message, where.line(), where.column()),
                    "TOML syntax error: " + first_line_of(message));
#endif
    } catch (const std::exception& error) {
        doc.fail_at(0, 0, fmt::format("TOML syntax error: {}", first_line_of(error.what())));
    }
}

std::string builtin_names() {
    std::vector<std::string_view> names;
    for (const BuiltinProfile& profile : builtin_profiles())
        names.push_back(profile.name);
    return fmt::format("{}", fmt::join(names, ", "));
}

class Loader {
public:
    // The profile `name_or_path` names; `from` is the document whose `extends` names it.
    Profile load(std::string_view name_or_path, const Document* from, const TomlValue* at) {
        if (!names_profile_file(name_or_path)) {
            const BuiltinProfile* builtin = find_builtin_profile(name_or_path);
            std::string message =
                fmt::format("unknown profile `{}` (built-in: {}; a file name contains '/' or ends in .toml)",
                            name_or_path, builtin_names());
            if (builtin == nullptr && from != nullptr) from->fail(*at, message);
            if (builtin == nullptr) throw Failure{ProfileError{std::string(name_or_path), 0, 0, message}};
            return load_document(builtin->toml, Document(fmt::format("builtin:{}.toml", builtin->name), "."),
                                 fmt::format("builtin:{}", builtin->name), at, from);
        }
        fs::path path = name_or_path;
        std::string shown(name_or_path);
        if (from != nullptr && path.is_relative()) {
            path = from->base_folder() / path;
            shown = path.lexically_normal().string();
        }
        analyzer::ReadResult read = analyzer::read_source_file(path.string());
        if (auto* failure = std::get_if<analyzer::ReadFailure>(&read)) {
            std::string message = fmt::format("cannot read the profile: {}", failure->message);
            if (from != nullptr) from->fail(*at, fmt::format("`extends = \"{}\"`: {}", name_or_path, message));
            throw Failure{ProfileError{shown, 0, 0, message}};
        }
        std::error_code ignored;
        fs::path identity = fs::weakly_canonical(path, ignored);
        return load_document(std::get<std::string>(read), Document(shown, path.parent_path()), identity.string(), at,
                             from);
    }

    Profile load_document(std::string_view text, const Document& doc, const std::string& identity,
                          const TomlValue* at = nullptr, const Document* from = nullptr) {
        if (std::find(m_chain.begin(), m_chain.end(), identity) != m_chain.end()) {
            m_chain.push_back(identity);
            from->fail(*at, fmt::format("`extends` makes a cycle: {}", fmt::join(m_chain, " -> ")));
        }
        if (m_chain.size() >= k_max_extends_depth)
            from->fail(*at, fmt::format("`extends` chain longer than {} profiles", k_max_extends_depth));
        m_chain.push_back(identity);
        Profile profile = apply(doc, parse_toml(doc, text));
        m_chain.pop_back();
        return profile;
    }

private:
    Profile apply(const Document& doc, const TomlValue& root) {
        expect_keys(doc, root, "",
                    {"name", "extends", "description", "imports", "builtins", "dunders", "filesystem", "syntax",
                     "source", "rules", "gate", "limits", "runner"},
                    {});
        const TomlValue* name = member(root, "name");
        if (name == nullptr) doc.fail_at(1, 1, "a profile needs `name = \"...\"`");
        std::string name_text = string_of(doc, *name, "name");
        if (name_text.empty() || !std::all_of(name_text.begin(), name_text.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
            }))
            doc.fail(*name, "`name` must be letters, digits, `_` and `-`");

        Profile profile;
        const TomlValue* extends = member(root, "extends");
        if (extends != nullptr) profile = load(string_of(doc, *extends, "extends"), &doc, extends);
        profile.name = name_text;
        if (const TomlValue* description = member(root, "description"))
            profile.description = string_of(doc, *description, "description");

        auto table = [&](std::string_view key) -> const TomlValue* {
            const TomlValue* value = member(root, key);
            return value ? &table_at(doc, *value, key) : nullptr;
        };
        if (const TomlValue* imports = table("imports")) {
            expect_keys(doc, *imports, "imports", {}, {"allow"});
            edit_list(doc, *imports, "imports", "allow", profile.imports_allow, check_module);
        }
        if (const TomlValue* builtins = table("builtins")) apply_builtins(doc, *builtins, profile);
        if (const TomlValue* dunders = table("dunders")) {
            expect_keys(doc, *dunders, "dunders", {}, {"allow"});
            edit_list(doc, *dunders, "dunders", "allow", profile.dunders_allow, check_dunder);
        }
        if (const TomlValue* filesystem = table("filesystem")) apply_filesystem(doc, *filesystem, profile.filesystem);
        if (const TomlValue* syntax = table("syntax")) {
            expect_keys(doc, *syntax, "syntax", {}, {"forbid"});
            edit_list(doc, *syntax, "syntax", "forbid", profile.syntax_forbid, check_syntax_keyword);
        }
        if (const TomlValue* source = table("source")) apply_source(doc, *source, profile.source);
        if (const TomlValue* rule_table = table("rules")) apply_rules(doc, *rule_table, profile.rules);
        if (const TomlValue* gate = table("gate")) apply_gate(doc, *gate, profile.gate);
        if (const TomlValue* limits = table("limits")) apply_limits(doc, *limits, profile.limits);
        const TomlValue* preload = nullptr;
        if (const TomlValue* runner = table("runner")) preload = apply_runner(doc, *runner, profile.runner);
        check_preload(doc, profile, preload, extends);
        return profile;
    }

    std::vector<std::string> m_chain;  // identities of the documents being loaded, for cycles
};

template <class Load>
ProfileResult guarded(Load&& load) {
    try {
        return load();
    } catch (const Failure& failure) {
        return failure.error;
    }
}

}  // namespace

ProfileResult load_profile(std::string_view name_or_path) {
    return guarded([&] { return Loader().load(name_or_path, nullptr, nullptr); });
}

ProfileResult load_profile_text(std::string_view text, std::string_view file_name, const fs::path& base_folder) {
    return guarded([&] {
        std::error_code ignored;
        return Loader().load_document(text, Document(std::string(file_name), base_folder),
                                      fs::weakly_canonical(base_folder / file_name, ignored).string());
    });
}

std::string builtin_parent(std::string_view builtin_name) {
    const BuiltinProfile* builtin = find_builtin_profile(builtin_name);
    if (builtin == nullptr) return {};
    std::istringstream stream{std::string(builtin->toml)};
    const TomlValue root = parse_toml_stream(stream, std::string(builtin_name));
    const TomlValue* extends = member(root, "extends");
    return extends != nullptr && extends->is_string() ? toml_string(*extends) : std::string();
}

TomlResult parse_toml_text(std::string_view text, std::string_view file_name) {
    try {
        return parse_toml(Document(std::string(file_name), "."), text);
    } catch (const Failure& failure) {
        return failure.error;
    }
}

const char* toml_type_name(const TomlValue& value) {
    return type_name(value);
}

TomlPlace place_of_value(const TomlValue& value) {
    const toml::source_location where = value.location();
#if TOML11_VERSION_MAJOR >= 4
    return {static_cast<std::uint32_t>(where.first_line_number()), static_cast<std::uint32_t>(where.first_column_number())};
#else
    return {static_cast<std::uint32_t>(where.line()), static_cast<std::uint32_t>(where.column())};
#endif
}

TomlPlace place_of_key(const TomlValue& value, std::string_view key) {
    const toml::source_location where = value.location();
#if TOML11_VERSION_MAJOR >= 4
    const std::string& line = where.first_line();
#else
    const std::string& line = where.line_str();
#endif
    const std::size_t at = line.find(key);
    if (at == std::string::npos) return place_of_value(value);
    return {place_of_value(value).line,
            static_cast<std::uint32_t>(analyzer::count_code_points(std::string_view(line).substr(0, at)) + 1)};
}

}  // namespace pygate::profiles
