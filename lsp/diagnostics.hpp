#pragma once
// Findings as LSP diagnostics: the rule's code, the severity the profile
// gave it, its range in the client's position encoding, the message pygate
// prints, a `codeDescription` linking the rule's page, and the alias chain
// as `relatedInformation` (the steps SARIF's codeFlows carry). Everything
// said about a rule comes from its metadata (rules/registry), as in every
// other report.

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lsp/located_finding.hpp"
#include "lsp/text_document.hpp"

namespace pygate::lsp {

// The text of an open document by URI, or null when it is not open.
using DocumentLookup = std::function<const TextDocument*(const std::string& uri)>;

// The rule's section of docs/rules.md.
std::string rule_page(analyzer::RuleNumber rule);

// DiagnosticSeverity: error 1, warning 2, note 3 (information); a baselined
// finding, which no longer counts, is a hint (4).
int diagnostic_severity(const LocatedFinding& finding);

// `shown_on`: the document the diagnostic belongs to; `documents` places the
// chain's steps in the documents they are in.
nlohmann::json diagnostic_json(const LocatedFinding& finding, const TextDocument& shown_on,
                               const DocumentLookup& documents, PositionEncoding encoding);
nlohmann::json diagnostics_json(const std::vector<LocatedFinding>& findings, const TextDocument& shown_on,
                                const DocumentLookup& documents, PositionEncoding encoding);

// What a hover on the finding shows: its message, then `pygate explain`'s
// text of its rule, as markdown.
std::string hover_markdown(const LocatedFinding& finding);

}  // namespace pygate::lsp
