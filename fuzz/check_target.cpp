// libFuzzer target: one file through everything `pygate check` does to it
// (source loading, parse, model, every rule under a built-in profile chosen
// by the first byte) and into the JSON and SARIF reports. Any crash, hang,
// leak or sanitizer report is a bug: pygate must survive any bytes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <variant>

#include "analyzer/analyze.hpp"
#include "profiles/profile_loader.hpp"
#include "reporters/html_report.hpp"
#include "reporters/json_report.hpp"
#include "reporters/sarif_report.hpp"
#include "rules/registry.hpp"

namespace {

constexpr std::array<const char*, 6> k_profiles = {"safe_eval",    "data_processing", "plotting",
                                                   "repo_tooling", "networked",       "code_pool"};

const std::array<pygate::analyzer::Profile, 6>& profiles() {
    static const std::array<pygate::analyzer::Profile, 6> loaded = [] {
        std::array<pygate::analyzer::Profile, 6> out;
        for (std::size_t i = 0; i < k_profiles.size(); ++i)
            out[i] = std::get<pygate::analyzer::Profile>(pygate::profiles::load_profile(k_profiles[i]));
        return out;
    }();
    return loaded;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const pygate::analyzer::Profile& profile = profiles()[data[0] % k_profiles.size()];
    static pygate::analyzer::Parser parser;
    std::string bytes(reinterpret_cast<const char*>(data + 1), size - 1);
    pygate::analyzer::FileAnalysis analysis =
        pygate::analyzer::analyze_bytes(std::move(bytes), parser, {&profile, pygate::rules::all_hooks()});
    pygate::reporters::Report report;
    report.tool_version = "fuzz";
    report.profile = profile.name;
    report.files.push_back({"fuzz.py", pygate::analyzer::Decision::deny, std::move(analysis.findings), {}, {}});
    // The HTML report's excerpts: the input's own lines, whatever they hold.
    for (const auto& finding : report.files.back().findings)
        report.files.back().context.push_back({finding.range.line, finding.source_line});
    std::string json = pygate::reporters::json_report(report);
    std::ostringstream sarif;
    pygate::reporters::write_sarif_report(sarif, report);
    std::string html = pygate::reporters::html_report(report);
    return json.empty() || sarif.str().empty() || html.empty() ? -1 : 0;
}
