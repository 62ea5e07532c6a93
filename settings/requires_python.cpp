#include "settings/requires_python.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "profiles/toml_text.hpp"

namespace fs = std::filesystem;

namespace pygate::settings {
namespace {

constexpr std::uintmax_t k_max_pyproject_bytes = 1 << 20;
// Patch releases tried in each minor version: more than any CPython has had.
constexpr unsigned k_patches_tried = 64;

// One clause of a specifier set: `>=3.12`, `==3.12.*`, `~=3.11.2`.
struct Clause {
    std::string op;
    std::vector<unsigned> release;  // 3, 12 (, 1)
    bool wildcard = false;          // `==3.12.*`, `!=3.12.*`
};

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

std::optional<Clause> parse_clause(std::string_view text) {
    text = trimmed(text);
    Clause clause;
    for (std::string_view op : {"===", "~=", "==", "!=", "<=", ">=", "<", ">"}) {
        if (text.starts_with(op)) {
            clause.op = op;
            text.remove_prefix(op.size());
            break;
        }
    }
    if (clause.op.empty() || clause.op == "===") return std::nullopt;
    text = trimmed(text);
    if (text.ends_with(".*")) {
        if (clause.op != "==" && clause.op != "!=") return std::nullopt;
        clause.wildcard = true;
        text.remove_suffix(2);
    }
    while (!text.empty()) {
        std::size_t digits = 0;
        while (digits < text.size() && digits < 4 && text[digits] >= '0' && text[digits] <= '9') ++digits;
        if (digits == 0) return std::nullopt;  // a pre-release, a local version, a letter: not read
        unsigned value = 0;
        for (char c : text.substr(0, digits)) value = value * 10 + static_cast<unsigned>(c - '0');
        clause.release.push_back(value);
        text.remove_prefix(digits);
        if (text.empty()) break;
        if (text.front() != '.') return std::nullopt;
        text.remove_prefix(1);
        if (text.empty()) return std::nullopt;
    }
    if (clause.release.empty() || (clause.op == "~=" && clause.release.size() < 2)) return std::nullopt;
    return clause;
}

// PEP 440's comparison of release segments, the shorter padded with zeros.
int compare(const std::vector<unsigned>& a, const std::vector<unsigned>& b) {
    for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        unsigned x = i < a.size() ? a[i] : 0, y = i < b.size() ? b[i] : 0;
        if (x != y) return x < y ? -1 : 1;
    }
    return 0;
}

bool has_prefix(const std::vector<unsigned>& version, const std::vector<unsigned>& prefix) {
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if ((i < version.size() ? version[i] : 0) != prefix[i]) return false;
    return true;
}

bool admits(const Clause& clause, const std::vector<unsigned>& version) {
    int order = compare(version, clause.release);
    if (clause.op == "==") return clause.wildcard ? has_prefix(version, clause.release) : order == 0;
    if (clause.op == "!=") return clause.wildcard ? !has_prefix(version, clause.release) : order != 0;
    if (clause.op == ">=") return order >= 0;
    if (clause.op == "<=") return order <= 0;
    if (clause.op == ">") return order > 0;
    if (clause.op == "<") return order < 0;
    // `~=3.11.2`: >= 3.11.2 and == 3.11.*
    std::vector<unsigned> prefix(clause.release.begin(), clause.release.end() - 1);
    return order >= 0 && has_prefix(version, prefix);
}

}  // namespace

std::variant<analyzer::PythonVersion, std::string> lowest_admitted_target(std::string_view specifiers) {
    std::vector<Clause> clauses;
    std::string_view rest = specifiers;
    for (;;) {
        std::size_t comma = rest.find(',');
        std::optional<Clause> clause = parse_clause(rest.substr(0, comma));
        if (!clause) return fmt::format("`{}` is not a version specifier pygate reads", trimmed(rest.substr(0, comma)));
        clauses.push_back(std::move(*clause));
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    for (unsigned minor = analyzer::k_oldest_target.minor; minor <= analyzer::k_newest_target.minor; ++minor) {
        for (unsigned patch = 0; patch < k_patches_tried; ++patch) {
            const std::vector<unsigned> version = {3, minor, patch};
            if (std::all_of(clauses.begin(), clauses.end(),
                            [&](const Clause& clause) { return admits(clause, version); }))
                return analyzer::PythonVersion{3, static_cast<std::uint8_t>(minor)};
        }
    }
    return fmt::format("it admits none of the versions pygate reads ({})", analyzer::supported_targets_spelled());
}

std::variant<std::monostate, DeclaredTarget, std::string> find_requires_python(const fs::path& start) {
    fs::path here = start.lexically_normal();
    for (fs::path folder = here;; folder = folder.parent_path()) {
        fs::path path = folder / "pyproject.toml";
        std::error_code error;
        if (fs::is_regular_file(path, error)) {
            std::string shown = (folder.lexically_relative(here) / "pyproject.toml").lexically_normal().string();
            std::uintmax_t size = fs::file_size(path, error);
            if (error || size > k_max_pyproject_bytes) return fmt::format("{}: cannot be read as a project file", shown);
            std::ifstream file(path, std::ios::binary);
            std::ostringstream text;
            text << file.rdbuf();
            if (!file) return fmt::format("{}: cannot read it", shown);
            profiles::TomlResult parsed = profiles::parse_toml_text(text.str(), shown);
            if (auto* invalid = std::get_if<profiles::ProfileError>(&parsed)) return invalid->to_string();
            const profiles::TomlValue& root = std::get<profiles::TomlValue>(parsed);
            if (!root.is_table()) return std::monostate{};
            auto project = root.as_table().find("project");
            if (project == root.as_table().end() || !project->second.is_table()) return std::monostate{};
            auto requires_python = project->second.as_table().find("requires-python");
            if (requires_python == project->second.as_table().end()) return std::monostate{};
            const profiles::TomlValue& value = requires_python->second;
            std::uint32_t line = profiles::place_of_value(value).line;
            if (!value.is_string())
                return fmt::format("{}:{}: `requires-python` must be a string", shown, line);
            DeclaredTarget declared{shown, line, profiles::toml_string(value), analyzer::PythonVersion{}};
            declared.target = lowest_admitted_target(declared.specifiers);
            return declared;
        }
        if (folder == folder.parent_path() || folder.parent_path().empty()) return std::monostate{};
    }
}

}  // namespace pygate::settings
