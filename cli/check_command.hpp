#pragma once
// `pygate check`: discover, scan, gate, report, choose the exit code.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace pygate::cli {

enum class ReportFormat { text, json, sarif, github };
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
};

void add_check_command(CLI::App& app, CheckOptions& options);
int run_check(const CheckOptions& options);

}  // namespace pygate::cli
