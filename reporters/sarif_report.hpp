#pragma once
// The SARIF 2.1.0 report (`--format sarif`), one run, for GitHub code
// scanning and SARIF viewers. It passes Microsoft's SARIF Multitool with no
// error and no warning, GitHub's ingestion rules included
// (tests/tools/sarif_validate.sh).
//
// - tool.driver.rules is the whole catalogue in registry order, so a result's
//   ruleIndex is its rule's position in rules::all_rules().
// - Locations: a relative path is a relative URI reference, percent-encoded
//   (`a b.py` is `a%20b.py`), against uriBaseId %SRCROOT%, the folder pygate
//   ran in. run.originalUriBaseIds describes %SRCROOT% without a URI, so the
//   output does not depend on the machine. An absolute path is a file:// URI
//   without uriBaseId; GitHub places it through invocations[0].
//   workingDirectory (SarifOptions), and cannot show a file outside that
//   folder. Columns are Unicode code points (run.columnKind); a line or
//   column of 0 becomes 1.
// - region.snippet is the text of the region itself when it lies on one
//   line; contextRegion carries the whole source line when it is larger.
// - partialFingerprints.primaryLocationLineHash is "HASH:N": HASH is the
//   64-bit FNV-1a of the rule code, a NUL byte and the finding's source line
//   with every whitespace character removed, as 16 hex digits; N counts
//   findings with the same HASH in the same file, from 1, in report order.
//   The path is not part of it, so it survives renames, and re-indenting or
//   moving a line keeps it; two identical lines differ by N.
// - Files with a PG000 finding (unreadable, undecodable or unparsable) are
//   also invocations[0].toolExecutionNotifications.
// - run.properties carry the decisions: "pygate/decision", "pygate/profile",
//   "pygate/files" [{path, decision}]; each result has its file's decision.

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>

#include "reporters/report.hpp"

namespace pygate::reporters {

inline constexpr std::string_view k_information_uri = "https://github.com/pygate/pygate";

struct SarifOptions {
    // The absolute folder pygate ran in. Used only when a path is absolute:
    // it becomes invocations[0].workingDirectory, which GitHub needs to place
    // file:// URIs under its checkout path.
    std::string working_directory;
};

nlohmann::ordered_json sarif_report(const Report& report, const SarifOptions& options = {});
void write_sarif_report(std::ostream& out, const Report& report, const SarifOptions& options = {});

}  // namespace pygate::reporters
