#include "cli/check_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "analyzer/source.hpp"
#include "cli/choice_option.hpp"
#include "cli/exit_codes.hpp"
#include "cli/file_discovery.hpp"
#include "cli/scan.hpp"
#include "cli/version.hpp"
#include "profiles/compiled_profiles.hpp"
#include "reporters/github_report.hpp"
#include "reporters/json_report.hpp"
#include "reporters/sarif_report.hpp"
#include "reporters/text_report.hpp"

namespace pygate::cli {
namespace {

int exit_code_for(analyzer::Decision decision, FailOn fail_on) {
    if (fail_on == FailOn::never) return k_exit_allow;
    if (decision == analyzer::Decision::deny) return k_exit_deny;
    if (decision == analyzer::Decision::review && fail_on == FailOn::review) return k_exit_review;
    return k_exit_allow;
}

bool use_color(const CheckOptions& options) {
    switch (options.color) {
        case ColorMode::always:
            return true;
        case ColorMode::never:
            return false;
        case ColorMode::automatic:
            return options.output.empty() && ::isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr;
    }
    return false;
}

void write_report(std::ostream& out, const reporters::Report& report, const CheckOptions& options) {
    switch (options.format) {
        case ReportFormat::json:
            reporters::write_json_report(out, report);
            break;
        case ReportFormat::sarif:
            reporters::write_sarif_report(out, report, {std::filesystem::current_path().string()});
            break;
        case ReportFormat::github:
            reporters::write_github_report(out, report);
            break;
        case ReportFormat::text:
            reporters::write_text_report(out, report, reporters::TextOptions{use_color(options)});
            break;
    }
}

}  // namespace

void add_check_command(CLI::App& app, CheckOptions& options) {
    CLI::App* check = app.add_subcommand("check", "Scan Python files and folders and decide allow / review / deny");
    check->add_option("paths", options.paths, "Files, folders (scanned recursively) or - for standard input")
        ->required();
    check->add_option("--profile", options.profile, "Profile name or TOML file")->capture_default_str();
    add_choice_option(*check, "--format", options.format,
                      {{"text", ReportFormat::text},
                       {"json", ReportFormat::json},
                       {"sarif", ReportFormat::sarif},
                       {"github", ReportFormat::github}},
                      "Report format: text (default), json, sarif or github");
    check->add_option("--output", options.output, "Write the report to this file instead of standard output");
    check->add_option("--jobs,-j", options.jobs, "Worker threads (default: all cores)")->check(CLI::Range(1u, 1024u));
    check->add_option("--exclude", options.excludes, "Glob of paths or names not to scan (repeatable)");
    check->add_option("--stdin-filename", options.stdin_filename, "The name reported for - (standard input)");
    add_choice_option(*check, "--fail-on", options.fail_on,
                      {{"deny", FailOn::deny}, {"review", FailOn::review}, {"never", FailOn::never}},
                      "Which decision makes the exit code non-zero: deny, review (default) or never");
    check->add_flag("--quiet,-q", options.quiet, "Print no report; the exit code carries the decision");
    check->add_flag_callback(
        "--color", [&options] { options.color = ColorMode::always; }, "Colour the text report");
    check->add_flag_callback(
        "--no-color", [&options] { options.color = ColorMode::never; }, "Never colour the text report");
    check->callback([&options] { std::exit(run_check(options)); });
}

int run_check(const CheckOptions& options) {
    // A bad profile is a configuration error: nothing is scanned.
    profiles::ProfileResult loaded = profiles::resolve_profile(options.profile);
    if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) {
        std::cerr << "pygate: error: " << error->to_string() << '\n';
        return k_exit_usage;
    }
    DiscoveredFiles discovered = discover_files(options.paths, options.excludes);
    for (const auto& missing : discovered.missing)
        std::cerr << "pygate: error: " << missing << '\n';
    if (!discovered.missing.empty()) return k_exit_usage;
    for (const auto& notice : discovered.notices)
        std::cerr << "pygate: note: " << notice << '\n';

    ScanRequest request;
    request.profile = std::move(std::get<analyzer::Profile>(loaded));
    request.files = std::move(discovered.files);
    request.unreadable_folders = std::move(discovered.unreadable);
    request.stdin_name = options.stdin_filename;
    request.jobs = options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
    ScanResult result = scan(request);

    std::vector<std::string> internal_errors = std::move(result.internal_errors);
    reporters::Report report = report_of(std::move(result), request.profile);

    // Written straight to its destination: a report of a large corpus is tens
    // of megabytes, and a copy of it in memory would double the peak.
    if (!options.output.empty()) {
        std::ofstream file(options.output, std::ios::binary | std::ios::trunc);
        if (file) write_report(file, report, options);
        if (!file || !file.flush()) {
            std::cerr << fmt::format("pygate: error: cannot write the report to {}\n", options.output);
            return k_exit_usage;
        }
    } else if (!options.quiet) {
        write_report(std::cout, report, options);
        std::cout.flush();
    }
    for (const auto& error : internal_errors)
        std::cerr << "pygate: internal error: " << error << '\n';
    if (!internal_errors.empty()) return k_exit_internal;
    return exit_code_for(report.decision, options.fail_on);
}

}  // namespace pygate::cli
