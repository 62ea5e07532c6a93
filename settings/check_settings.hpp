#pragma once
// The settings of a `pygate check`, whichever source gives them (the
// command line, pygate.toml or [tool.pygate], the defaults), and the report
// formats' names, once: the command line, the configuration file and
// `pygate config` all read the table.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pygate::settings {

enum class ReportFormat { text, json, jsonl, sarif, github, html };

inline constexpr std::pair<std::string_view, ReportFormat> k_report_formats[] = {
    {"text", ReportFormat::text},   {"json", ReportFormat::json},     {"jsonl", ReportFormat::jsonl},
    {"sarif", ReportFormat::sarif}, {"github", ReportFormat::github}, {"html", ReportFormat::html},
};

inline std::vector<std::string> report_format_names() {
    std::vector<std::string> names;
    for (const auto& [name, format] : k_report_formats) names.emplace_back(name);
    return names;
}

enum class FailOn { deny, review, never };
enum class ColorMode { automatic, always, never };

struct CheckOptions {
    std::vector<std::string> paths;
    std::string profile = "safe_eval";
    ReportFormat format = ReportFormat::text;
    std::string output;
    unsigned jobs = 0;  // 0: all cores
    std::vector<std::string> excludes;
    std::string stdin_filename = "<stdin>";
    FailOn fail_on = FailOn::review;
    bool quiet = false;
    ColorMode color = ColorMode::automatic;
    // Corpus-scale scanning (docs/scanning.md).
    std::string files_from;  // a list of paths; "-" is standard input
    bool null_separated = false;
    std::string records;  // JSON Lines of code; "-" is standard input
    std::string code_field = "code";
    std::string id_field = "id";
    std::string shard;  // "K/N"
    bool no_progress = false;
    std::string cache;  // a folder of results (docs/scanning.md, "Cache"); empty: none
    std::uint64_t cache_max_mb = 512;
    // CI conventions (docs/configuration.md, docs/baselines.md).
    bool isolated = false;         // read no configuration file
    bool show_settings = false;    // print the effective settings and stop
    std::string baseline;          // report only findings this baseline file does not hold
    std::string write_baseline;    // record this scan's findings in this file
    bool strict_baseline = false;  // expired or unused baseline entries are an error
    std::string changed_since;     // scan only files git reports changed since this revision
    bool list_files = false;  // print the files the paths name, scan nothing (a distributed scan's partitioning)
    // The library versions the code is judged for (judging/target_libraries.hpp):
    // `python:PATH`, `tables` or `DIST=VERSION,...`.
    std::string libraries = "python:/usr/bin/python3";
    // The CPython version whose syntax the code is read as ("3.12"): given,
    // else [project] requires-python's lowest admitted version, else the
    // libraries' cpython (the target interpreter's), else 3.11.
    // Empty until one of those settles it (cli/check_command).
    std::string target_version;
    std::string target_version_source;  // where target_version came from, for the report
};

}  // namespace pygate::settings
