#include "rules/catalogue.hpp"

#include <fmt/format.h>

#include <array>

#include "analyzer/text/source.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::rules {
namespace {

constexpr std::array<std::string_view, 3> k_cwe = {"CWE-20", "CWE-172", "CWE-1007"};

std::vector<std::string> refused_characters() {
    std::vector<std::string> out;
    for (const analyzer::BidiControl& control : analyzer::bidi_controls())
        out.push_back(fmt::format("U+{:04X} {}", control.code_point, control.name));
    out.emplace_back("U+0000 NULL");
    return out;
}

std::vector<std::string> accepted_codecs() {
    return {"utf-8 and every spelling CPython normalises to it (utf8, UTF_8, utf-8-sig, ...)",
            "ascii and its aliases (us-ascii, 646, ...)"};
}

constexpr std::array<RuleTable, 2> k_tables = {{
    {"Characters refused anywhere in a file", refused_characters},
    {"Coding declarations accepted (PEP 263)", accepted_codecs},
}};

}  // namespace

const RuleMetadata k_pg000_unsafe_source{
    .number = analyzer::k_unsafe_source_rule,
    .name = "unsafe-source",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Source that pygate cannot read exactly as CPython would execute it",
    .catches =
        "Syntax errors (tree-sitter ERROR or MISSING nodes, Python 2 statements, Python 3.12 syntax, nesting "
        "beyond CPython's limits); bytes that are not valid UTF-8; a PEP 263 coding declaration naming any codec "
        "but UTF-8 or ASCII; a byte order mark that disagrees with the declaration; NUL bytes; bidirectional "
        "control characters U+202A-U+202E, U+2066-U+2069, U+200E, U+200F and U+061C; files that cannot be read "
        "or are too large to analyse; expressions whose names pygate cannot resolve within its limits.",
    .why =
        "A gate is only as good as its agreement with the interpreter. A codec such as utf-7 or unicode_escape "
        "lets bytes that look like a comment decode into code; bidirectional controls make the code a reviewer "
        "sees differ from the code that runs (Trojan Source, CVE-2021-42574); and code pygate cannot parse is "
        "code it cannot judge. Every such file is refused: fail closed.",
    .bad_example =
        "# -*- coding: utf-7 -*-\n"
        "x = 1  # +AAo-import os+ADs-os.system('id')\n",
    .good_example =
        "# -*- coding: utf-8 -*-\n"
        "x = 1  # plain UTF-8 source\n",
    .instead = "Save the file as UTF-8 without bidirectional control characters, and fix any syntax error.",
    .tables = k_tables,
};

}  // namespace pygate::rules
