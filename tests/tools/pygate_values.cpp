// pygate-values: what pygate's analysis believes each tracked expression of
// a file holds, for the value oracle against CPython
// (tests/tools/value_oracle.py). A tracked expression is the value of the
// one assignment to a name `v<digits>` (`v12 = "a".upper()`) that the file
// reads (`__rec__(12, v12)`), in any scope. For
// each file the tool prints one JSON line:
//
//   {"path": P, "values": [{"name": "v12", "line": L,
//      "fold": {"kind": "str"|"bytes"|"bytearray"|"int", "hex": H | "int": N} | null,
//      "possible": {"values": [H, ...], "complete": B},
//      "size": {"kind": K, "log10": X, "exact": N | null} | null,
//      "path": H | null}, ...]}
//
// `fold` is analyzer::fold_value, `possible` Model::possible_strings (each
// value's UTF-8 as hex), `size` the estimate the size rules use
// (rules/utils/constant_size), `path` Model::fold_path (the path the filesystem
// rule reads, as hex). Paths come from the command line, or one per line
// on standard input with --stdin.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <exception>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "analyzer/model/fold.hpp"
#include "analyzer/model/model.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/syntax_tree.hpp"
#include "analyzer/text/source.hpp"
#include "analyzer/text/source_file.hpp"
#include "cli/exit_codes.hpp"
#include "rules/utils/constant_size.hpp"
#include "tests/tools/each_path.hpp"

namespace {

using namespace pygate;
using analyzer::Model;
using analyzer::Node;
using nlohmann::json;

std::string hex(std::string_view bytes) {
    std::string out;
    for (char c : bytes)
        out += fmt::format("{:02x}", static_cast<unsigned char>(c));
    return out;
}

bool tracked_name(std::string_view name) {
    if (name.size() < 2 || name[0] != 'v') return false;
    return std::all_of(name.begin() + 1, name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

json fold_of(const Model& model, Node value, analyzer::ScopeId scope) {
    std::optional<analyzer::FoldedValue> folded = analyzer::fold_value(model, value, scope);
    if (!folded) return nullptr;
    using Kind = analyzer::FoldedValue::Kind;
    switch (folded->kind) {
        case Kind::str:
            return json{{"kind", "str"}, {"hex", hex(folded->text)}};
        case Kind::bytes:
            return json{{"kind", "bytes"}, {"hex", hex(folded->text)}};
        case Kind::bytearray:
            return json{{"kind", "bytearray"}, {"hex", hex(folded->text)}};
        case Kind::integer:
            return json{{"kind", "int"}, {"int", folded->integer}};
    }
    return nullptr;
}

json size_of(const Model& model, Node value, analyzer::ScopeId scope) {
    rules::SizeEstimator estimator(model, scope, rules::SizeLimits{});
    rules::Magnitude size = estimator.estimate(value);
    if (!size.known()) return nullptr;
    using Kind = rules::Magnitude::Kind;
    std::string_view kind = size.kind == Kind::integer ? "int"
                            : size.kind == Kind::text  ? "str"
                            : size.kind == Kind::bytes ? "bytes"
                            : size.kind == Kind::list  ? "list"
                            : size.kind == Kind::range ? "range"
                                                       : "array";
    json out{{"kind", kind}, {"log10", size.log10}, {"exact", nullptr}};
    if (size.exact) out["exact"] = *size.exact;
    return out;
}

json path_of(const Model& model, Node value, analyzer::ScopeId scope) {
    std::optional<std::string> path = model.fold_path(value, scope);
    if (!path) return nullptr;
    return hex(*path);
}

json examine(const std::string& path, analyzer::Parser& parser) {
    json entry{{"path", path}, {"values", json::array()}};
    analyzer::ReadResult read = analyzer::read_source_file(path);
    if (auto* failure = std::get_if<analyzer::ReadFailure>(&read)) {
        entry["error"] = failure->message;
        return entry;
    }
    analyzer::LoadedSource loaded = analyzer::load_source(std::move(std::get<std::string>(read)));
    if (!loaded.decodable) {
        entry["error"] = "not decodable";
        return entry;
    }
    analyzer::Tree parsed = parser.parse(loaded.source.text).tree.value();  // the tools' inputs are small
    const analyzer::SyntaxTree tree(parsed.root(), loaded.source.text);
    Model model(loaded.source, tree);
    // Each tracked name read (`__rec__(12, v12)`), and the one value its assignment binds.
    std::vector<std::string> seen;
    for (const Model::Site& site : model.sites()) {
        if (site.kind != Model::SiteKind::name || site.store) continue;
        std::string name = model.identifier(site.node);
        if (!tracked_name(name) || std::find(seen.begin(), seen.end(), name) != seen.end()) continue;
        std::optional<Model::BoundValue> bound = model.single_value(site.node, site.scope);
        if (!bound) continue;
        seen.push_back(name);
        Model::StringValues possible = model.possible_strings(bound->value, bound->scope);
        json values = json::array();
        for (const std::string& text : possible.values)
            values.push_back(hex(text));
        entry["values"].push_back({{"name", name},
                                   {"line", node_start_row(bound->value) + 1},
                                   {"fold", fold_of(model, bound->value, bound->scope)},
                                   {"possible", {{"values", values}, {"complete", possible.complete}}},
                                   {"size", size_of(model, bound->value, bound->scope)},
                                   {"path", path_of(model, bound->value, bound->scope)}});
    }
    return entry;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app("pygate-values: what pygate believes each `v<N> = expr` of a file holds, as JSON lines",
                 "pygate-values");
    std::vector<std::string> paths;
    bool from_stdin = false;
    app.add_option("paths", paths, "Files to examine");
    app.add_flag("--stdin", from_stdin, "Read the paths from standard input, one per line");
    CLI11_PARSE(app, argc, argv);
    try {
        analyzer::Parser parser;
        testing::print_each_path(paths, from_stdin, [&](const std::string& path) {
            json entry;
            try {
                entry = examine(path, parser);
            } catch (const std::exception& error) {
                entry = json{{"path", path}, {"values", json::array()}, {"error", error.what()}};
            }
            return entry;
        });
        return cli::k_exit_allow;
    } catch (const std::exception& error) {
        std::cerr << "pygate-values: internal error: " << error.what() << '\n';
        return cli::k_exit_internal;
    }
}
