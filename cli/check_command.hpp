#pragma once
// `pygate check`: discover, scan, gate, report, choose the exit code.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "cli/report_format.hpp"

namespace pygate::cli {

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
};

void add_check_command(CLI::App& app, CheckOptions& options);
// `options` as the command line gave them; the keys the command line set
// (configuration keys: "profile", "fail-on", ...) keep their values, the
// others are taken from the configuration file unless options.isolated.
int run_check_command(CheckOptions& options, const std::set<std::string>& given);
// A check with these settings, configuration already applied.
int run_check(const CheckOptions& options);

}  // namespace pygate::cli
