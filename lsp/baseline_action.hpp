#pragma once
// The one code action `pygate lsp` offers: "add to the baseline with a
// reason", for a repository's owner, where a baseline is configured. It is
// an edit of the baseline file (docs/baselines.md) adding the finding's
// entry with a reason to fill in, never an edit of the code: pygate has no
// inline suppression, and nothing in the source can silence the gate.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "analyzer/finding.hpp"
#include "lsp/text_document.hpp"

namespace pygate::lsp {

inline constexpr const char* k_baseline_reason = "TODO: say why this finding is accepted (docs/baselines.md)";

struct BaselineFile {
    std::string path;                // absolute
    bool client_can_create = false;  // the client applies `create` resource operations
    PositionEncoding encoding = PositionEncoding::utf16;
};

// The CodeAction adding `finding`, reported as `report_path`, to the
// baseline; nothing when the file does not read as a baseline (`pygate
// check` says what is wrong with it), or does not exist and the client
// cannot create it. `diagnostic` is the diagnostic it fixes.
std::optional<nlohmann::json> baseline_action(const BaselineFile& baseline, const std::string& report_path,
                                              const analyzer::Finding& finding, const nlohmann::json& diagnostic);

}  // namespace pygate::lsp
