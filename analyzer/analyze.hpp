#pragma once
// One file through the pipeline: bytes -> Source -> Tree -> findings.

#include <span>
#include <string>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/library/library_tables.hpp"
#include "analyzer/profile.hpp"
#include "analyzer/python_version.hpp"
#include "analyzer/rule_hooks.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/syntax_tree.hpp"
#include "analyzer/text/source.hpp"
#include "analyzer/text/source_file.hpp"

namespace pygate::analyzer {

struct FileAnalysis {
    std::vector<Finding> findings;  // sorted by (line, column, rule), source lines filled
};

// What a file is checked against: the profile, and the rules' hooks.
struct AnalysisOptions {
    const Profile* profile = nullptr;  // null: the source and syntax checks only
    std::span<const RuleHooks* const> rules;
    // The libraries the program's target has; null: the tables' own versions.
    const LibraryKnowledge* libraries = nullptr;
    // The CPython version whose syntax the file is read as (python_version.hpp).
    // Judging passes its target's (judging/target_libraries.hpp: the
    // libraries' `cpython`), so a caller with a target of its own (a request
    // naming one) sets both together.
    PythonVersion target_version = k_default_target;
};

// `parser` belongs to the calling thread.
FileAnalysis analyze_bytes(std::string bytes, Parser& parser, const AnalysisOptions& options = {});

// What analyze_bytes does once it has loaded the bytes and copied their tree:
// `tree` is the tree of `loaded.source.text`, null when it is not decodable.
// For a caller that has the tree by other means (a session grows its
// program's, analyzer/syntax/tree_append.hpp).
FileAnalysis analyze_loaded(LoadedSource loaded, const SyntaxTree* tree, const AnalysisOptions& options = {});

// Text the parser refused (parse.hpp: `refusal` says why): a PG000 finding
// at the start of line `line` (the file's first; a session's step's first)
// beside the findings about its bytes, and nothing else.
FileAnalysis analyze_unparsed(LoadedSource loaded, const std::string& refusal, const AnalysisOptions& options = {},
                              std::uint32_t line = 1);

// A file that could not be read is a PG000 finding at 1:1: fail closed.
FileAnalysis analyze_read_failure(const ReadFailure& failure);

}  // namespace pygate::analyzer
