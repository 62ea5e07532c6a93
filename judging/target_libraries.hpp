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
//
// One target, one story: the CPython version whose syntax the code is read
// as (analyzer/python_version.hpp) is the `cpython` entry of these versions.
// `--target-version` sets that entry (with_target_version); `--libraries`
// naming another cpython than `--target-version` is a usage error.

#include <optional>
#include <string>

#include "analyzer/library/library_tables.hpp"
#include "analyzer/python_version.hpp"

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

// The CPython version `versions` names (`cpython=3.12`), when it names one
// as MAJOR.MINOR[.PATCH]; whether pygate reads it is is_supported_target's.
std::optional<analyzer::PythonVersion> cpython_version_of(const analyzer::LibraryVersions& versions);

// The libraries of a target whose CPython is `version`. `asked` are the
// versions something gave (an interpreter, `--libraries`); when they name
// another cpython, the other libraries are that interpreter's, not the
// target's: only `cpython` is kept, so every third-party name is a review
// (PG014) rather than judged by tables of another interpreter's packages.
analyzer::LibraryVersions with_target_version(analyzer::LibraryVersions asked, analyzer::PythonVersion version);

// Sets the process's target. Call before any judging, from one thread.
void set_target_libraries(analyzer::LibraryVersions versions);

// The process's target knowledge: the one set, else k_default_target_python's
// (asked on first use; an interpreter that cannot be asked leaves only the
// libraries nothing needs to ask for: none, so every library name is a review).
const analyzer::LibraryKnowledge& target_libraries();

// The CPython version the process judges for: target_libraries()' cpython
// when pygate reads that version, else analyzer::k_default_target.
analyzer::PythonVersion target_version();

}  // namespace pygate::judging
