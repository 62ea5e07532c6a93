#pragma once
// Workspace diagnostics (`workspace/diagnostic`): every Python file under
// the workspace's root that is not open in the editor, judged as
// `pygate check` run at the root judges it, each file's report keyed by a
// result id of its bytes so that a client's `previousResultIds` get
// `unchanged` for the files that did not change.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analyzer/profile.hpp"
#include "lsp/text_document.hpp"
#include "settings/baseline.hpp"

namespace pygate::lsp {

struct WorkspaceScan {
    std::filesystem::path root;
    std::vector<std::string> excludes;  // globs, as check's --exclude
    const analyzer::Profile* profile = nullptr;
    std::optional<settings::Baseline> baseline;
    std::uint64_t generation = 0;                 // of the settings: a result id of other settings never matches
    std::map<std::string, std::string> previous;  // URI -> the result id the client holds
    std::set<std::string> open;                   // URIs open in the editor: left out
    PositionEncoding encoding = PositionEncoding::utf16;
};

struct WorkspaceScanResult {
    nlohmann::json items = nlohmann::json::array();  // WorkspaceDocumentDiagnosticReport[]
    bool cancelled = false;                          // stopped before the last file
    bool anything_new = false;                       // some report is `full`
};

// `cancelled` is asked before each file; `progress` is handed each
// WorkDoneProgress value (begin, a report every ten files, end).
WorkspaceScanResult scan_workspace(const WorkspaceScan& scan, const std::function<bool()>& cancelled,
                                   const std::function<void(nlohmann::json)>& progress);

}  // namespace pygate::lsp
