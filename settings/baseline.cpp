#include "settings/baseline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "rules/catalogue.hpp"
#include "rules/registry.hpp"
#include "runner/sha256.hpp"

namespace pygate::settings {
namespace {

using nlohmann::json;

const char* json_type_name(const json& value) {
    switch (value.type()) {
        case json::value_t::null:
            return "null";
        case json::value_t::boolean:
            return "a boolean";
        case json::value_t::string:
            return "a string";
        case json::value_t::array:
            return "an array";
        case json::value_t::object:
            return "an object";
        default:
            return "a number";
    }
}

struct Invalid {
    std::string message;
};

std::string string_member(const json& object, const char* key, const std::string& where, bool required) {
    auto it = object.find(key);
    if (it == object.end()) {
        if (required) throw Invalid{fmt::format("{}: `{}` is missing", where, key)};
        return {};
    }
    if (!it->is_string())
        throw Invalid{fmt::format("{}: `{}` must be a string, not {}", where, key, json_type_name(*it))};
    return it->get<std::string>();
}

BaselineEntry entry_of(const json& item, std::size_t index) {
    const std::string where = fmt::format("entries[{}]", index);
    if (!item.is_object()) throw Invalid{fmt::format("{} must be an object, not {}", where, json_type_name(item))};
    static const std::vector<std::string> k_keys = {"fingerprint", "rule",   "path",   "qualified_name",
                                                    "source_line", "reason", "expires"};
    for (const auto& [key, value] : item.items())
        if (std::find(k_keys.begin(), k_keys.end(), key) == k_keys.end())
            throw Invalid{fmt::format("{}: unknown key `{}` (known: {})", where, key, fmt::join(k_keys, ", "))};
    BaselineEntry entry;
    entry.fingerprint = string_member(item, "fingerprint", where, true);
    entry.rule = string_member(item, "rule", where, true);
    entry.path = string_member(item, "path", where, true);
    entry.qualified_name = string_member(item, "qualified_name", where, false);
    entry.source_line = string_member(item, "source_line", where, true);
    entry.reason = string_member(item, "reason", where, true);
    if (entry.reason.empty()) throw Invalid{fmt::format("{}: `reason` must say why the finding is accepted", where)};
    if (item.contains("expires")) {
        std::string expires = string_member(item, "expires", where, true);
        if (!is_iso_date(expires))
            throw Invalid{fmt::format("{}: `expires` must be a date written YYYY-MM-DD, not \"{}\"", where, expires)};
        entry.expires = std::move(expires);
    }
    bool known_rule = false;
    for (const rules::RuleMetadata* rule : rules::all_rules())
        known_rule = known_rule || analyzer::rule_code(rule->number) == entry.rule;
    if (!known_rule) throw Invalid{fmt::format("{}: `rule` \"{}\" is not a pygate rule", where, entry.rule)};
    if (entry.source_line != normalised_source_line(entry.source_line))
        throw Invalid{
            fmt::format("{}: `source_line` must be normalised (whitespace runs as one space, none at "
                        "either end)",
                        where)};
    analyzer::Finding probe;
    probe.rule = static_cast<analyzer::RuleNumber>(std::stoi(entry.rule.substr(2)));
    probe.qualified_name = entry.qualified_name;
    probe.source_line = entry.source_line;
    if (finding_fingerprint(entry.path, probe) != entry.fingerprint)
        throw Invalid{
            fmt::format("{}: `fingerprint` is not the one of its rule, path, qualified_name and "
                        "source_line (write the file with --write-baseline)",
                        where)};
    return entry;
}

std::string describe(const BaselineEntry& entry) {
    std::string name = entry.qualified_name.empty() ? std::string() : fmt::format(" `{}`", entry.qualified_name);
    return fmt::format("{} in {}{}: {}", entry.rule, entry.path, name, entry.source_line);
}

}  // namespace

std::variant<Baseline, std::string> parse_baseline(std::string_view text) {
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::exception& error) {  // parse_error, and out_of_range for a number beyond a double
        std::string what = error.what();
        std::size_t colon = what.find("] ");
        return fmt::format("not JSON: {}", colon == std::string::npos ? what : what.substr(colon + 2));
    }
    try {
        if (!root.is_object()) throw Invalid{fmt::format("must be a JSON object, not {}", json_type_name(root))};
        for (const auto& [key, value] : root.items())
            if (key != "version" && key != "entries")
                throw Invalid{fmt::format("unknown key `{}` (known: version, entries)", key)};
        auto version = root.find("version");
        if (version == root.end() || !version->is_number_integer() ||
            version->get<std::int64_t>() != k_baseline_version)
            throw Invalid{fmt::format("`version` must be {}", k_baseline_version)};
        auto entries = root.find("entries");
        if (entries == root.end() || !entries->is_array()) throw Invalid{"`entries` must be an array"};
        Baseline baseline;
        for (std::size_t i = 0; i < entries->size(); ++i)
            baseline.entries.push_back(entry_of((*entries)[i], i));
        return baseline;
    } catch (const Invalid& invalid) {
        return invalid.message;
    }
}

std::string normalised_source_line(std::string_view line) {
    std::string out;
    bool space = false;
    for (char c : line) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

std::string finding_fingerprint(const std::string& path, const analyzer::Finding& finding) {
    std::string key = fmt::format("pygate-baseline-1\n{}\n{}\n{}\n", analyzer::rule_code(finding.rule),
                                  finding.qualified_name, normalised_source_line(finding.source_line));
    key += path;
    return runner::sha256_hex(key).substr(0, 32);
}

bool can_be_baselined(const analyzer::Finding& finding) {
    return finding.rule != rules::k_pg000_unsafe_source.number;
}

bool is_iso_date(std::string_view text) {
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (text[i] < '0' || text[i] > '9') return false;
    auto number = [&](std::size_t from, std::size_t length) {
        int value = 0;
        for (std::size_t i = from; i < from + length; ++i)
            value = value * 10 + (text[i] - '0');
        return value;
    };
    std::chrono::year_month_day date{std::chrono::year(number(0, 4)),
                                     std::chrono::month(static_cast<unsigned>(number(5, 2))),
                                     std::chrono::day(static_cast<unsigned>(number(8, 2)))};
    return date.ok();
}

std::string today_utc() {
    auto days = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
    std::chrono::year_month_day date{days};
    return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                       static_cast<unsigned>(date.day()));
}

BaselineMatcher::BaselineMatcher(Baseline baseline, std::string today)
    : m_baseline(std::move(baseline)), m_today(std::move(today)), m_used(m_baseline.entries.size(), false) {
    for (std::size_t i = 0; i < m_baseline.entries.size(); ++i) {
        const BaselineEntry& entry = m_baseline.entries[i];
        if (entry.expires && *entry.expires < m_today) continue;  // YYYY-MM-DD orders as text
        m_by_fingerprint[entry.fingerprint].push_back(i);
    }
}

void BaselineMatcher::apply(reporters::FileReport& file, const analyzer::GatePolicy& gate, bool record_all) {
    file.baselined.assign(file.findings.size(), std::nullopt);
    std::vector<analyzer::Finding> counted;
    for (std::size_t i = 0; i < file.findings.size(); ++i) {
        const analyzer::Finding& finding = file.findings[i];
        if (!can_be_baselined(finding)) {
            counted.push_back(finding);
            continue;
        }
        std::string fingerprint = finding_fingerprint(file.path, finding);
        const BaselineEntry* entry = nullptr;
        if (auto it = m_by_fingerprint.find(fingerprint); it != m_by_fingerprint.end()) {
            for (std::size_t index : it->second)
                if (!m_used[index]) {
                    m_used[index] = true;
                    entry = &m_baseline.entries[index];
                    break;
                }
        }
        if (entry == nullptr && !record_all) {
            counted.push_back(finding);
            continue;
        }
        ++m_absorbed;
        file.baselined[i] = entry != nullptr ? entry->reason : std::string(k_default_baseline_reason);
        if (record_all) {
            BaselineEntry recorded;
            recorded.fingerprint = std::move(fingerprint);
            recorded.rule = analyzer::rule_code(finding.rule);
            recorded.path = file.path;
            recorded.qualified_name = finding.qualified_name;
            recorded.source_line = normalised_source_line(finding.source_line);
            recorded.reason = *file.baselined[i];
            if (entry != nullptr) recorded.expires = entry->expires;
            m_recorded.push_back(std::move(recorded));
        }
    }
    file.decision = analyzer::decide(counted, gate);
}

std::vector<std::string> BaselineMatcher::expired_notes() const {
    std::vector<std::string> notes;
    for (const BaselineEntry& entry : m_baseline.entries)
        if (entry.expires && *entry.expires < m_today)
            notes.push_back(fmt::format("baseline entry expired on {}, its finding counts again: {}", *entry.expires,
                                        describe(entry)));
    return notes;
}

std::vector<std::string> BaselineMatcher::unused_notes() const {
    std::vector<std::string> notes;
    for (std::size_t i = 0; i < m_baseline.entries.size(); ++i) {
        const BaselineEntry& entry = m_baseline.entries[i];
        if (m_used[i] || (entry.expires && *entry.expires < m_today)) continue;
        notes.push_back(fmt::format("baseline entry matches no finding (unused): {}", describe(entry)));
    }
    return notes;
}

std::string baseline_json(const std::vector<BaselineEntry>& entries) {
    nlohmann::ordered_json out;
    out["version"] = k_baseline_version;
    out["entries"] = nlohmann::ordered_json::array();
    for (const BaselineEntry& entry : entries) {
        nlohmann::ordered_json item;
        item["fingerprint"] = entry.fingerprint;
        item["rule"] = entry.rule;
        item["path"] = entry.path;
        if (!entry.qualified_name.empty()) item["qualified_name"] = entry.qualified_name;
        item["source_line"] = entry.source_line;
        item["reason"] = entry.reason;
        if (entry.expires) item["expires"] = *entry.expires;
        out["entries"].push_back(std::move(item));
    }
    return out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + '\n';
}

}  // namespace pygate::settings
