// The generic corpus test: every labelled file under corpus/ is scanned with
// its profile and must yield exactly its expected (line, rule) pairs, any
// pinned columns, and its decision. See corpus/README.md for the labels.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "judging/target_libraries.hpp"
#include "scanning/scan.hpp"
#include "profiles/profile_loader.hpp"

namespace {

namespace fs = std::filesystem;

struct Expectation {
    std::uint32_t line;
    std::string rule;
    std::optional<std::uint32_t> column;
};

struct CorpusCase {
    std::string profile;
    std::string decision;
    std::vector<Expectation> expected;
    std::string target;  // `target=3.12`: the CPython version the file is read as; empty: the process's
};

std::string read_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// Lines split as CPython splits them: "\r\n", "\r" and "\n" all end a line.
std::vector<std::string> cpython_lines(const std::string& bytes) {
    std::vector<std::string> lines(1);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (bytes[i] == '\r' || bytes[i] == '\n') {
            if (bytes[i] == '\r' && i + 1 < bytes.size() && bytes[i + 1] == '\n') ++i;
            lines.emplace_back();
        } else {
            lines.back() += bytes[i];
        }
    }
    return lines;
}

// The words after `key` on `line` (up to the end of the line), if `key` occurs.
std::optional<std::vector<std::string>> words_after(const std::string& line, std::string_view key) {
    auto at = line.find(key);
    if (at == std::string::npos) return std::nullopt;
    std::istringstream rest(line.substr(at + key.size()));
    std::vector<std::string> words;
    for (std::string word; rest >> word;) words.push_back(word);
    return words;
}

// "PG004" or "PG004@12"; anything else ends the list of expectations.
std::optional<Expectation> parse_expectation(const std::string& word, std::uint32_t line) {
    bool well_formed = word.size() >= 5 && word.starts_with("PG") &&
                       std::all_of(word.begin() + 2, word.begin() + 5, [](char c) { return std::isdigit(c); });
    if (!well_formed) return std::nullopt;
    Expectation expectation{line, word.substr(0, 5), std::nullopt};
    if (word.size() == 5) return expectation;
    if (word[5] != '@' || word.size() == 6) return std::nullopt;
    expectation.column = static_cast<std::uint32_t>(std::stoul(word.substr(6)));
    return expectation;
}

std::optional<CorpusCase> case_from_comments(const std::string& bytes) {
    CorpusCase result;
    auto lines = cpython_lines(bytes);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i < 10 && result.profile.empty()) {
            if (auto header = words_after(lines[i], "# corpus:"); header && header->size() >= 2) {
                for (const auto& word : *header) {
                    if (word.starts_with("profile=")) result.profile = word.substr(8);
                    if (word.starts_with("decision=")) result.decision = word.substr(9);
                    if (word.starts_with("target=")) result.target = word.substr(7);
                }
            }
        }
        if (auto marker = words_after(lines[i], "# expect:")) {
            for (const auto& word : *marker) {
                auto expectation = parse_expectation(word, static_cast<std::uint32_t>(i + 1));
                if (!expectation) break;
                result.expected.push_back(*expectation);
            }
        }
    }
    if (result.profile.empty() || result.decision.empty()) return std::nullopt;
    return result;
}

std::map<std::string, CorpusCase> manifest_cases(const fs::path& corpus) {
    std::map<std::string, CorpusCase> cases;
    auto manifest = nlohmann::json::parse(read_bytes(corpus / "manifest.json"));
    for (const auto& entry : manifest) {
        CorpusCase item{entry.at("profile"), entry.at("decision"), {}, {}};
        for (const auto& expected : entry.at("expect")) {
            Expectation expectation{expected.at("line"), expected.at("rule"), std::nullopt};
            if (expected.contains("column")) expectation.column = expected.at("column").get<std::uint32_t>();
            item.expected.push_back(expectation);
        }
        cases[entry.at("file")] = item;
    }
    return cases;
}

}  // namespace

TEST_CASE("every corpus file yields exactly its labelled findings and decision", "[corpus]") {
    const fs::path corpus = fs::path(PYGATE_SOURCE_DIR) / "corpus";
    auto manifest = manifest_cases(corpus);
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(corpus))
        if (entry.path().extension() == ".py") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 10);
    std::set<std::string> listed_in_manifest;

    for (const fs::path& file : files) {
        std::string relative = fs::relative(file, corpus).string();
        DYNAMIC_SECTION(relative) {
            std::optional<CorpusCase> labelled;
            if (auto it = manifest.find(relative); it != manifest.end()) {
                labelled = it->second;
                listed_in_manifest.insert(relative);
            } else {
                labelled = case_from_comments(read_bytes(file));
            }
            INFO("corpus file " << relative);
            REQUIRE(labelled.has_value());  // every file states its profile and decision
            // A built-in name, or a profile file relative to corpus/ (`profile=profiles/tiny_limits.toml`).
            std::string profile_name = labelled->profile;
            if (pygate::profiles::names_profile_file(profile_name)) profile_name = (corpus / profile_name).string();
            auto profile = pygate::profiles::load_profile(profile_name);
            REQUIRE(std::holds_alternative<pygate::analyzer::Profile>(profile));

            pygate::scanning::ScanRequest request;
            request.profile = std::get<pygate::analyzer::Profile>(profile);
            request.files = {file.string()};
            // A case for another target judges for that CPython (its libraries: `cpython` alone unless the
            // process's target is that version), then the process's target is put back.
            const pygate::analyzer::LibraryVersions process_target = pygate::judging::target_libraries().versions();
            if (!labelled->target.empty()) {
                auto version = pygate::analyzer::parse_python_version(labelled->target);
                REQUIRE(version.has_value());
                pygate::judging::set_target_libraries(pygate::judging::with_target_version(process_target, *version));
                REQUIRE(pygate::judging::target_version() == *version);
            }
            auto result = pygate::scanning::scan(request);
            if (!labelled->target.empty()) pygate::judging::set_target_libraries(process_target);
            REQUIRE(result.files.size() == 1);
            const auto& report = result.files[0];

            std::multiset<std::pair<std::uint32_t, std::string>> expected, actual;
            for (const auto& e : labelled->expected) expected.insert({e.line, e.rule});
            std::ostringstream seen;
            for (const auto& f : report.findings) {
                actual.insert({f.range.line, pygate::analyzer::rule_code(f.rule)});
                seen << "  " << f.range.line << ":" << f.range.column << " " << pygate::analyzer::rule_code(f.rule)
                     << " " << f.message << "\n";
            }
            INFO("pygate found:\n" << seen.str());
            CHECK(actual == expected);
            for (const auto& e : labelled->expected) {
                if (!e.column) continue;
                bool found = std::any_of(report.findings.begin(), report.findings.end(), [&](const auto& f) {
                    return f.range.line == e.line && f.range.column == *e.column &&
                           pygate::analyzer::rule_code(f.rule) == e.rule;
                });
                INFO("expected " << e.rule << " at " << e.line << ":" << *e.column);
                CHECK(found);
            }
            CHECK(pygate::analyzer::decision_name(report.decision) == labelled->decision);
        }
    }
}
