#include "lsp/workspace_scan.hpp"

#include <fmt/format.h>

#include "analyzer/syntax/parse.hpp"
#include "analyzer/text/source_file.hpp"
#include "judging/judge.hpp"
#include "lsp/diagnostics.hpp"
#include "lsp/document_judging.hpp"
#include "lsp/uri.hpp"
#include "runner/sha256.hpp"
#include "scanning/file_discovery.hpp"

namespace pygate::lsp {

using nlohmann::json;

WorkspaceScanResult scan_workspace(const WorkspaceScan& scan, const std::function<bool()>& cancelled,
                                   const std::function<void(json)>& progress) {
    WorkspaceScanResult result;
    progress({{"kind", "begin"}, {"title", "pygate: judging the workspace"}, {"cancellable", true}, {"percentage", 0}});
    std::vector<std::string> files;
    if (scan.profile != nullptr && !scan.root.empty())
        files = scanning::discover_files({scan.root.string()}, scan.excludes).files;
    std::optional<settings::BaselineMatcher> baseline;
    if (scan.baseline) baseline.emplace(*scan.baseline, settings::today_utc());
    analyzer::Parser parser;
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (cancelled()) {
            result.cancelled = true;
            break;
        }
        const std::string path = std::filesystem::absolute(files[i]).lexically_normal().string();
        const std::string uri = uri_of_path(path);
        if (scan.open.contains(uri)) continue;  // an open document's diagnostics are its own
        analyzer::ReadResult read = analyzer::read_source_file(path);
        const std::string* code = std::get_if<std::string>(&read);
        const std::string id = fmt::format(
            "{}:{}", scan.generation, code ? runner::sha256_hex(*code) : std::get<analyzer::ReadFailure>(read).message);
        if (auto seen = scan.previous.find(uri); code && seen != scan.previous.end() && seen->second == id) {
            result.items.push_back({{"kind", "unchanged"}, {"uri", uri}, {"version", nullptr}, {"resultId", id}});
        } else {
            const TextDocument document(uri, "python", 0, code ? *code : std::string());
            const std::string reported = report_path(scan.root, path);
            std::vector<LocatedFinding> findings;
            if (code) {
                findings = judge_text(document, reported, parser, *scan.profile, baseline ? &*baseline : nullptr);
            } else {
                // Unreadable (a FIFO, over the size bound, gone): the PG000 finding check would give it.
                std::string internal_error;
                reporters::FileReport report =
                    judging::judge_read(reported, std::move(read), parser, *scan.profile, internal_error);
                for (analyzer::Finding& finding : report.findings)
                    findings.push_back({std::move(finding), {}, {}, {}});
            }
            auto lookup = [&](const std::string& wanted) { return wanted == uri ? &document : nullptr; };
            result.items.push_back({{"kind", "full"},
                                    {"uri", uri},
                                    {"version", nullptr},
                                    {"resultId", id},
                                    {"items", diagnostics_json(findings, document, lookup, scan.encoding)}});
            result.anything_new = true;
        }
        if ((i + 1) % 10 == 0 || i + 1 == files.size())
            progress({{"kind", "report"},
                      {"message", fmt::format("{}/{} files", i + 1, files.size())},
                      {"percentage", (i + 1) * 100 / files.size()}});
    }
    progress({{"kind", "end"}, {"message", result.cancelled ? "cancelled" : fmt::format("{} files", files.size())}});
    return result;
}

}  // namespace pygate::lsp
