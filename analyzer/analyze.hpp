#pragma once
// One file through the pipeline: bytes -> Source -> Tree -> findings.

#include <span>
#include <string>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/profile.hpp"
#include "analyzer/rule_hooks.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/text/source_file.hpp"

namespace pygate::analyzer {

struct FileAnalysis {
    std::vector<Finding> findings;  // sorted by (line, column, rule), source lines filled
};

// What a file is checked against: the profile, and the rules' hooks.
struct AnalysisOptions {
    const Profile* profile = nullptr;  // null: the source and syntax checks only
    std::span<const RuleHooks* const> rules;
};

// `parser` belongs to the calling thread.
FileAnalysis analyze_bytes(std::string bytes, Parser& parser, const AnalysisOptions& options = {});

// A file that could not be read is a PG000 finding at 1:1: fail closed.
FileAnalysis analyze_read_failure(const ReadFailure& failure);

}  // namespace pygate::analyzer
