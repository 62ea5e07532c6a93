#include "cli/check_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include "analyzer/batch_memory.hpp"
#include "analyzer/text/source.hpp"
#include "cli/choice_option.hpp"
#include "cli/exit_codes.hpp"
#include "cli/target_version_option.hpp"
#include "judging/result_cache.hpp"
#include "judging/target_libraries.hpp"
#include "profiles/compiled_profiles.hpp"
#include "reporters/github_report.hpp"
#include "reporters/html_report.hpp"
#include "reporters/json_report.hpp"
#include "reporters/jsonl_report.hpp"
#include "reporters/sarif_report.hpp"
#include "reporters/text_report.hpp"
#include "scanning/check_inputs.hpp"
#include "scanning/file_discovery.hpp"
#include "scanning/progress.hpp"
#include "scanning/scan.hpp"
#include "scanning/shard.hpp"
#include "settings/baseline.hpp"
#include "settings/changed_files.hpp"
#include "settings/effective_settings.hpp"
#include "support/version.hpp"

namespace pygate::cli {

using judging::ResultCache;
using judging::ScanInput;
using judging::ScanOutcome;
using judging::report_of;
using scanning::CheckInputs;
using scanning::DiscoveredFiles;
using scanning::InputSpec;
using scanning::ProgressLine;
using scanning::ScanResult;
using scanning::StreamCallbacks;
using scanning::discover_files;
using scanning::parse_shard;
using scanning::scan_stream;
using scanning::sorted_inputs;
using settings::Baseline;
using settings::BaselineMatcher;
using settings::ColorMode;
using settings::FailOn;
using settings::ReportFormat;
using settings::SettingOrigins;
using settings::SettledSettings;
using settings::set_origin;
using settings::baseline_json;
using settings::canonical_path;
using settings::files_changed_since;
using settings::k_report_formats;
using settings::parse_baseline;
using settings::today_utc;
using support::k_pygate_version;

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
        case ReportFormat::html:
            reporters::write_html_report(out, report);
            break;
        case ReportFormat::text:
            reporters::write_text_report(out, report, reporters::TextOptions{use_color(options)});
            break;
        case ReportFormat::jsonl:  // written as the scan goes: see run_check
            break;
    }
}

bool streams_to_stdout(const CheckOptions& options) {
    return options.format == ReportFormat::jsonl && options.output.empty() && !options.quiet;
}

// On standard error when it is a terminal; not when the report's own lines
// stream to that same terminal, where they already show the progress.
bool show_progress(const CheckOptions& options) {
    if (options.no_progress || !::isatty(STDERR_FILENO)) return false;
    return !(streams_to_stdout(options) && ::isatty(STDOUT_FILENO));
}

// Standard input can be read once: by one of a path "-", --files-from - and --records -.
bool reads_stdin_twice(const CheckOptions& options) {
    int readers = (std::find(options.paths.begin(), options.paths.end(), "-") != options.paths.end()) +
                  (options.files_from == "-") + (options.records == "-");
    return readers > 1;
}

// Writes a report that needs every entry first (text, JSON, SARIF, GitHub, HTML).
// False when the --output file cannot be written.
bool write_whole_report(const reporters::Report& report, const CheckOptions& options) {
    // Written straight to its destination: a report of a large corpus is tens
    // of megabytes, and a copy of it in memory would double the peak.
    if (!options.output.empty()) {
        std::ofstream file(options.output, std::ios::binary | std::ios::trunc);
        if (file) write_report(file, report, options);
        return file && file.flush();
    }
    if (!options.quiet) {
        write_report(std::cout, report, options);
        std::cout.flush();
    }
    return true;
}

// What narrows or judges the scan beyond the profile.
struct ScanExtras {
    BaselineMatcher* baseline = nullptr;  // with --baseline or --write-baseline
    std::string scope;                    // "changed since REF", for the summary
};

// Reads a --baseline file; an error names the file and what is wrong.
std::variant<Baseline, std::string> read_baseline(const std::string& path) {
    constexpr std::uintmax_t k_max_baseline_bytes = std::uintmax_t{256} << 20;
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        return fmt::format("{}: cannot read the baseline: no such file", path);
    if (std::filesystem::file_size(path, error) > k_max_baseline_bytes)
        return fmt::format("{}: the baseline is larger than {} MB", path, k_max_baseline_bytes >> 20);
    std::ifstream file(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (!file && !file.eof()) return fmt::format("{}: cannot read the baseline", path);
    auto parsed = parse_baseline(text);
    if (auto* problem = std::get_if<std::string>(&parsed)) return fmt::format("{}: {}", path, *problem);
    return std::get<Baseline>(std::move(parsed));
}

// After the report: the baseline's notes, the file --write-baseline names, and
// whether --strict-baseline refuses stale entries. An exit code, or nothing.
std::optional<int> finish_baseline(const BaselineMatcher& matcher, const CheckOptions& options) {
    std::vector<std::string> expired = matcher.expired_notes();
    std::vector<std::string> unused = matcher.unused_notes();
    for (const auto& note : expired)
        std::cerr << "pygate: note: " << note << '\n';
    for (const auto& note : unused)
        std::cerr << "pygate: note: " << note << '\n';
    if (!options.write_baseline.empty()) {
        std::ofstream file(options.write_baseline, std::ios::binary | std::ios::trunc);
        if (file) file << baseline_json(matcher.recorded());
        if (!file || !file.flush()) {
            std::cerr << fmt::format("pygate: error: cannot write the baseline to {}\n", options.write_baseline);
            return k_exit_usage;
        }
        std::cerr << fmt::format("pygate: note: wrote {} baseline entr{} to {}\n", matcher.recorded().size(),
                                 matcher.recorded().size() == 1 ? "y" : "ies", options.write_baseline);
        return std::nullopt;
    }
    if (options.strict_baseline && (!expired.empty() || !unused.empty())) {
        std::cerr << fmt::format(
            "pygate: error: the baseline {} has {} expired and {} unused entr{} (--strict-baseline); "
            "remove them or write it again with --write-baseline\n",
            options.baseline, expired.size(), unused.size(), unused.size() == 1 ? "y" : "ies");
        return k_exit_usage;
    }
    return std::nullopt;
}

int scan_and_report(CheckInputs& inputs, const analyzer::Profile& profile, const CheckOptions& options,
                    const ScanExtras& extras) {
    analyzer::keep_freed_memory_for_reuse();
    const auto start = std::chrono::steady_clock::now();
    std::unique_ptr<ResultCache> cache;
    if (!options.cache.empty()) {
        std::string error;
        cache = ResultCache::open(options.cache, options.cache_max_mb << 20, profile, error);
        if (!cache) {
            std::cerr << "pygate: error: " << error << '\n';
            return k_exit_usage;
        }
    }
    const bool streaming = options.format == ReportFormat::jsonl;
    // The JSON Lines report goes out as the scan goes: its file is opened first.
    std::ofstream output_file;
    std::optional<reporters::JsonLinesReport> lines;
    if (streaming && !options.output.empty()) {
        output_file.open(options.output, std::ios::binary | std::ios::trunc);
        if (!output_file) {
            std::cerr << fmt::format("pygate: error: cannot write the report to {}\n", options.output);
            return k_exit_usage;
        }
        lines.emplace(output_file);
    } else if (streams_to_stdout(options)) {
        lines.emplace(std::cout);
    }

    ProgressLine progress(show_progress(options));
    reporters::ReportTally tally;
    std::size_t errors = 0;
    std::vector<reporters::FileReport> collected;  // for the reports written whole, at the end
    std::vector<std::string> internal_errors;
    StreamCallbacks callbacks;
    callbacks.next = [&] {
        std::optional<ScanInput> input = inputs.next();
        for (const auto& notice : inputs.take_notices()) {
            progress.erase();
            std::cerr << "pygate: note: " << notice << '\n';
        }
        return input;
    };
    tally.baseline = extras.baseline != nullptr;
    callbacks.emit = [&](ScanOutcome&& outcome) {
        // In input order, so which of equal findings a baseline entry absorbs does not depend on --jobs.
        if (extras.baseline != nullptr)
            extras.baseline->apply(outcome.report, profile.gate, !options.write_baseline.empty());
        tally.add(outcome.report);
        errors += outcome.unreadable ? 1 : 0;
        if (lines)
            lines->write_entry(outcome.report);
        else if (!streaming)
            collected.push_back(std::move(outcome.report));
        progress.update(tally.files, errors, inputs.fraction_done());
    };
    callbacks.before_waiting = [&] {
        if (lines) lines->flush();
    };
    callbacks.internal_error = [&](std::string error) { internal_errors.push_back(std::move(error)); };
    const unsigned jobs = options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
    // The HTML report shows each finding's source with a few lines around it.
    const unsigned context_lines = options.format == ReportFormat::html ? 2 : 0;
    scan_stream({.profile = &profile, .jobs = jobs, .cache = cache.get(), .context_lines = context_lines}, callbacks);
    progress.erase();
    if (cache && !options.quiet)
        std::cerr << fmt::format("pygate: note: {} of {} inputs judged from the cache ({})\n", cache->hits(),
                                 tally.files, options.cache);

    bool written = true;
    if (lines) {
        auto duration = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
        lines->write_summary(tally, {k_pygate_version, profile.name, options.target_version,
                                     options.target_version_source, errors,
                                     static_cast<std::uint64_t>(duration.count())});
        lines->flush();
        written = options.output.empty() || static_cast<bool>(output_file);
    } else if (!streaming) {
        reporters::Report report = report_of(std::move(collected), profile);
        report.baseline = extras.baseline != nullptr;
        report.scope = extras.scope;
        report.target_version_source = options.target_version_source;
        written = write_whole_report(report, options);
    }
    if (!written) {
        std::cerr << fmt::format("pygate: error: cannot write the report to {}\n", options.output);
        return k_exit_usage;
    }
    for (const auto& error : internal_errors)
        std::cerr << "pygate: internal error: " << error << '\n';
    if (!internal_errors.empty()) return k_exit_internal;
    if (extras.baseline != nullptr)
        if (auto code = finish_baseline(*extras.baseline, options)) return *code;
    return exit_code_for(tally.decision, options.fail_on);
}

}  // namespace

void add_check_command(CLI::App& app, CheckOptions& options) {
    CLI::App* check = app.add_subcommand("check", "Scan Python files and folders and decide allow / review / deny");
    check->add_option("paths", options.paths, "Files, folders (scanned recursively) or - for standard input");
    check->add_option("--profile", options.profile, "Profile name or TOML file")->capture_default_str();
    std::vector<std::pair<std::string, ReportFormat>> formats;
    for (const auto& [name, format] : k_report_formats) formats.emplace_back(name, format);
    add_choice_option(*check, "--format", options.format, std::move(formats),
                      "Report format: text (default), json, jsonl (a line per file as it is done, then a summary), "
                      "sarif, github or html (one self-contained page)");
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
    check->add_option("--files-from", options.files_from, "Also scan the paths listed in FILE, one a line (- : stdin)")
        ->type_name("FILE");
    check->add_flag("--null,-0", options.null_separated, "The paths of --files-from end with NUL, not newline");
    check
        ->add_option("--records", options.records,
                     "Also scan the code of each JSON Lines record in FILE (.jsonl or .jsonl.gz; - : stdin)")
        ->type_name("FILE");
    check->add_option("--code-field", options.code_field, "The records' field holding the code")->capture_default_str();
    check->add_option("--id-field", options.id_field, "The records' field naming them (default: the line number)")
        ->capture_default_str();
    check->add_option("--shard", options.shard, "Scan only shard K of N (1 <= K <= N), by a hash of path or id")
        ->type_name("K/N")
        ->check(CLI::Validator(
            [](const std::string& text) { return parse_shard(text) ? std::string() : "must be K/N with 1 <= K <= N"; },
            ""));
    check->add_flag("--no-progress", options.no_progress, "No progress line on standard error (shown on a terminal)");
    check
        ->add_option("--cache", options.cache,
                     "Keep results in DIR and reuse them for unchanged files (same bytes, profile and pygate)")
        ->type_name("DIR");
    check
        ->add_option("--cache-max-mb", options.cache_max_mb,
                     "The cache's size limit; the least recently used results go first")
        ->capture_default_str()
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 20));
    check->add_option("--libraries", options.libraries,
                      "The library versions the code is judged for: python:PATH (that interpreter's), tables (those "
                      "of pygate's library tables) or DIST=VERSION,... (cpython=3.11,pandas=1.5.3)")
        ->capture_default_str();
    add_target_version_option(*check, options.target_version,
                              "The CPython version whose syntax the code is read as: 3.11, 3.12, 3.13 or 3.14 "
                              "(default: target-version in the configuration, else the lowest version [project] "
                              "requires-python admits, else the --libraries interpreter's version, else 3.11)");
    check->add_flag("--list-files", options.list_files,
                    "Print the files the paths name (folders walked, --exclude applied), one a line (NUL-ended "
                    "with --null), in the report's order, and scan nothing");
    check->add_flag("--isolated", options.isolated,
                    "Read no configuration file (pygate.toml, pyproject.toml's [tool.pygate])");
    check->add_flag("--show-settings", options.show_settings,
                    "Print the settings this check would use and where each came from, then stop");
    check
        ->add_option("--baseline", options.baseline,
                     "Report only findings not in this baseline file; baselined ones do not count for the decision")
        ->type_name("FILE");
    check
        ->add_option("--write-baseline", options.write_baseline,
                     "Record this scan's findings in a baseline file (entries of --baseline keep their reason)")
        ->type_name("FILE");
    check->add_flag("--strict-baseline", options.strict_baseline,
                    "Expired or unused baseline entries are an error (exit 2)");
    check
        ->add_option("--changed-since", options.changed_since,
                     "Scan only the files git reports added, modified or renamed since REF, or untracked")
        ->type_name("REF");
    check->callback([&options, check] {
        // The configuration keys the command line set: they win over the file.
        std::set<std::string> given;
        for (const auto& [key, flag] : {std::pair{"profile", "--profile"},
                                        {"exclude", "--exclude"},
                                        {"fail-on", "--fail-on"},
                                        {"format", "--format"},
                                        {"output", "--output"},
                                        {"jobs", "--jobs"},
                                        {"cache", "--cache"},
                                        {"baseline", "--baseline"},
                                        {"target-version", "--target-version"}})
            if (check->count(flag) > 0) given.insert(key);
        std::exit(run_check_command(options, given));
    });
}

namespace {

std::string origin_of(const SettingOrigins& origins, const std::string& key) {
    for (const auto& [name, origin] : origins)
        if (name == key) return origin;
    return "default";
}

}  // namespace

std::optional<int> settle_target(CheckOptions& options, SettingOrigins& origins) {
    std::string error;
    std::optional<analyzer::LibraryVersions> libraries = judging::libraries_from_option(options.libraries, error);
    if (!libraries) {
        // An interpreter that cannot be asked is no target to judge for: every library name is unknown.
        if (!options.libraries.starts_with("python:")) {
            std::cerr << "pygate: error: --libraries: " << error << '\n';
            return k_exit_usage;
        }
        std::cerr << "pygate: warning: --libraries " << options.libraries << ": " << error
                  << "; every library name is judged unknown\n";
        libraries = analyzer::LibraryVersions{};
    }
    std::optional<analyzer::PythonVersion> of_libraries = judging::cpython_version_of(*libraries);
    if (!options.target_version.empty()) {
        std::optional<analyzer::PythonVersion> version = analyzer::parse_python_version(options.target_version);
        if (!version || !analyzer::is_supported_target(*version)) {
            std::cerr << fmt::format("pygate: error: --target-version: pygate reads {}, not `{}`\n",
                                     analyzer::supported_targets_spelled(), options.target_version);
            return k_exit_usage;
        }
        // One target: libraries named for another CPython contradict it.
        if (!options.libraries.starts_with("python:") && options.libraries != "tables" &&
            libraries->versions.contains("cpython") && of_libraries != version) {
            std::cerr << fmt::format("pygate: error: --libraries names cpython={} but the target version is {} ({}); "
                                     "name one version, or leave cpython out of --libraries\n",
                                     libraries->versions.at("cpython"), version->spelled(),
                                     origin_of(origins, "target-version"));
            return k_exit_usage;
        }
        options.target_version = version->spelled();
        libraries = judging::with_target_version(std::move(*libraries), *version);
    } else if (of_libraries && analyzer::is_supported_target(*of_libraries)) {
        options.target_version = of_libraries->spelled();
        set_origin(origins, "target-version", fmt::format("the cpython of --libraries {}", options.libraries));
    } else {
        options.target_version = analyzer::k_default_target.spelled();
        set_origin(origins, "target-version",
                   of_libraries ? fmt::format("default: --libraries {} is cpython {}, which pygate does not read",
                                              options.libraries, of_libraries->spelled())
                                : std::string("default"));
        libraries = judging::with_target_version(std::move(*libraries), analyzer::k_default_target);
    }
    options.target_version_source = origin_of(origins, "target-version");
    judging::set_target_libraries(std::move(*libraries));
    return std::nullopt;
}

int run_check_command(CheckOptions& options, const std::set<std::string>& given) {
    auto settled = settle_settings(options, given);
    if (auto* error = std::get_if<std::string>(&settled)) {
        std::cerr << "pygate: error: " << *error << '\n';
        return k_exit_usage;
    }
    auto& settings = std::get<SettledSettings>(settled);
    if (auto code = settle_target(options, settings.origins)) return *code;
    if (options.show_settings) {
        write_settings(std::cout, options, settings.origins,
                       settings.configuration ? &*settings.configuration : nullptr, options.isolated, false);
        std::cout.flush();
        return k_exit_allow;
    }
    return run_check(options);
}

int run_check(const CheckOptions& options) {
    // A bad profile is a configuration error: nothing is scanned.
    profiles::ProfileResult loaded = profiles::resolve_profile(options.profile);
    if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) {
        std::cerr << "pygate: error: " << error->to_string() << '\n';
        return k_exit_usage;
    }
    const analyzer::Profile& profile = std::get<analyzer::Profile>(loaded);
    if (options.paths.empty() && options.files_from.empty() && options.records.empty()) {
        std::cerr << "pygate: error: nothing to scan: name paths, --files-from FILE or --records FILE\n";
        return k_exit_usage;
    }
    if (reads_stdin_twice(options)) {
        std::cerr << "pygate: error: standard input (-) can be read for only one of the paths, --files-from "
                     "and --records\n";
        return k_exit_usage;
    }
    // Read before scanning: a malformed baseline is a configuration error.
    std::optional<BaselineMatcher> matcher;
    if (!options.baseline.empty() || !options.write_baseline.empty()) {
        Baseline baseline;
        if (!options.baseline.empty()) {
            auto read = read_baseline(options.baseline);
            if (auto* error = std::get_if<std::string>(&read)) {
                std::cerr << "pygate: error: " << *error << '\n';
                return k_exit_usage;
            }
            baseline = std::get<Baseline>(std::move(read));
        }
        matcher.emplace(std::move(baseline), today_utc());
    }
    std::optional<std::set<std::string>> changed;
    if (!options.changed_since.empty()) {
        if (!options.files_from.empty() || !options.records.empty() ||
            std::find(options.paths.begin(), options.paths.end(), "-") != options.paths.end()) {
            std::cerr << "pygate: error: --changed-since selects among the paths named; it cannot be used with "
                         "-, --files-from or --records\n";
            return k_exit_usage;
        }
        auto listed = files_changed_since(options.changed_since);
        if (auto* error = std::get_if<std::string>(&listed)) {
            std::cerr << "pygate: error: " << *error << '\n';
            return k_exit_usage;
        }
        changed = std::get<std::set<std::string>>(std::move(listed));
    }
    DiscoveredFiles discovered = discover_files(options.paths, options.excludes);
    for (const auto& missing : discovered.missing)
        std::cerr << "pygate: error: " << missing << '\n';
    if (!discovered.missing.empty()) return k_exit_usage;
    for (const auto& notice : discovered.notices)
        std::cerr << "pygate: note: " << notice << '\n';
    ScanExtras extras;
    extras.baseline = matcher ? &*matcher : nullptr;
    if (changed) {
        // Git's list, intersected with the Python files the paths name.
        std::erase_if(discovered.files,
                      [&](const std::string& file) { return !changed->contains(canonical_path(file)); });
        extras.scope = fmt::format("changed since {}", options.changed_since);
        if (!options.quiet)
            std::cerr << fmt::format("pygate: note: {} file{} changed since {} among the paths given\n",
                                     discovered.files.size(), discovered.files.size() == 1 ? "" : "s",
                                     options.changed_since);
    }

    if (options.list_files && (!options.files_from.empty() || !options.records.empty())) {
        std::cerr << "pygate: error: --list-files lists the files the paths name; it does not read --files-from "
                     "or --records\n";
        return k_exit_usage;
    }
    if (options.list_files) {
        // A scan reports a folder it cannot list as a denied entry; a list
        // cannot, so it refuses rather than leave those files out unseen.
        for (const auto& folder : discovered.unreadable)
            std::cerr << fmt::format("pygate: error: {}: cannot list this folder ({})\n", folder.path, folder.reason);
        if (!discovered.unreadable.empty()) return k_exit_usage;
        for (const auto& file : discovered.files)
            std::cout << file << (options.null_separated ? '\0' : '\n');
        std::cout.flush();
        return std::cout ? k_exit_allow : k_exit_usage;
    }

    InputSpec spec;
    spec.listed = sorted_inputs(discovered.files, discovered.unreadable, options.stdin_filename);
    spec.files_from = options.files_from;
    spec.null_separated = options.null_separated;
    spec.records = options.records;
    spec.fields = {options.code_field, options.id_field};
    spec.excludes = options.excludes;
    if (!options.shard.empty()) spec.shard = parse_shard(options.shard);
    CheckInputs inputs(std::move(spec));
    if (auto error = inputs.open()) {
        std::cerr << "pygate: error: " << *error << '\n';
        return k_exit_usage;
    }
    return scan_and_report(inputs, profile, options, extras);
}

}  // namespace pygate::cli
