#pragma once
// Which versions of the libraries a program will meet: the target's, asked
// of the interpreter that will run it, so that every judgment reads the
// library tables of those versions (analyzer/library/library_tables.hpp).
// A library the target lacks, or whose version has no table, makes its
// names a review (PG014): a machine with other library versions than the
// tables' fails closed at the user's call.
//
// The process judges for one target, chosen before the first judgment:
// `pygate check --libraries`, `pygate run --python`, `pygate serve --python`.
// Unless one is chosen, the target is /usr/bin/python3, the runner's
// interpreter, asked once when first needed.

#include <optional>
#include <string>

#include "analyzer/library/library_tables.hpp"

namespace pygate::judging {

// The default target interpreter, the runner's.
inline constexpr const char* k_default_target_python = "/usr/bin/python3";

// Asks `python` (an absolute path) for its version and those of the
// libraries the tables cover, as the runner starts it (`-I`: no user site,
// no PYTHONPATH). Nothing, and `error` says why, when it cannot be asked;
// `started` (when given) says whether it could be started at all.
std::optional<analyzer::LibraryVersions> ask_interpreter(const std::string& python, std::string& error,
                                                         bool* started = nullptr);

// What a `--libraries` option names: `python:PATH` (ask that interpreter),
// `tables` (the compiled tables' own versions) or `DIST=VERSION,...`
// (`cpython=3.11,pandas=1.5.3`). Nothing, and `error` says why, otherwise.
std::optional<analyzer::LibraryVersions> libraries_from_option(const std::string& spec, std::string& error);

// Sets the process's target. Call before any judging, from one thread.
void set_target_libraries(analyzer::LibraryVersions versions);

// The process's target knowledge: the one set, else k_default_target_python's
// (asked on first use; an interpreter that cannot be asked leaves only the
// libraries nothing needs to ask for: none, so every library name is a review).
const analyzer::LibraryKnowledge& target_libraries();

}  // namespace pygate::judging
