// pygate-view: what pygate sees in each file, for the differential against
// CPython (tests/tools/differential.py). Each file goes through exactly what
// `pygate check` does (read, load_source, parse, the model with the syntax
// check riding along, the rules under safe_eval), and the tool prints one
// JSON line per file:
//
//   {"path": P, "pg000": [[line, column, message], ...],
//    "view": [[line, kind, text], ...]}
//
// The view is read from the model's sites, so it comes from the same tree
// the rules see and a tree-sitter misparse shows up in it:
//   import  a module named by an import statement (`a.b`, `..pkg`; `from m import x` gives `m`)
//   name    a name a `from` import takes from its module (`x`, `*`)
//   call    the callee of a call, when it is a name or an attribute chain (`os.path.join`)
//   attr    each attribute name (`.join`)
//   star    each starred expression that is read (not a target), by what it
//           stars: Call, Attribute, Subscript, BinOp, Name or other, as
//           CPython's ast names them (`print(*s.split())` stars a Call)
// Identifiers are NFKC-normalised, as CPython reads them. Lines are 1-based,
// of the statement for imports and of the expression otherwise.
//
// Paths come from the command line, or one per line on standard input with
// --stdin. --tree adds each tree as an S-expression, to look at a misparse:
// "tree" as pygate reads it (the copy, misread stars re-associated) and
// "tree_sitter" as tree-sitter parsed it.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "analyzer/analyze.hpp"
#include "analyzer/model/model.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/syntax/syntax_check.hpp"
#include "analyzer/text/source.hpp"
#include "analyzer/text/source_file.hpp"
#include "cli/exit_codes.hpp"
#include "profiles/profile_loader.hpp"
#include "rules/registry.hpp"
#include "tests/tools/each_path.hpp"

namespace {

using namespace pygate;
using analyzer::Model;
using analyzer::Node;
using analyzer::PythonSymbols;
using nlohmann::json;

Node field(Node node, TSFieldId id) {
    return node_child_by_field_id(node, id);
}

std::uint32_t line_of(Node node) {
    return node_start_row(node) + 1;
}

// A parenthesised expression's inner expression, as CPython's AST has no node
// for the brackets, read as the resolver reads it (Resolver::resolve: comments
// skipped), so a chain the resolver cannot follow is missing from the view too.
Node unparenthesized(Node node) {
    const PythonSymbols& s = PythonSymbols::get();
    while (!node_is_null(node) && node_symbol(node) == s.parenthesized_expression) {
        Node inner{};
        for (std::uint32_t i = 0; i < node_named_child_count(node); ++i) {
            Node child = node_named_child(node, i);
            if (node_symbol(child) == s.comment) continue;
            if (!node_is_null(inner)) return node;  // not one expression
            inner = child;
        }
        if (node_is_null(inner)) return node;
        node = inner;
    }
    return node;
}

// `a.b.c` for a name or attribute chain, nothing for anything else.
std::optional<std::string> dotted(const Model& model, Node node) {
    const PythonSymbols& s = PythonSymbols::get();
    node = unparenthesized(node);
    if (node_is_null(node)) return std::nullopt;
    TSSymbol kind = node_symbol(node);
    if (kind == s.identifier) return model.identifier(node);
    if (kind != s.attribute) return std::nullopt;
    auto object = dotted(model, field(node, s.field_object));
    Node attribute = field(node, s.field_attribute);
    if (!object || node_is_null(attribute)) return std::nullopt;
    return *object + "." + model.identifier(attribute);
}

// A module name as written, without the white space CPython ignores (`from . . m`).
std::string module_name(const Model& model, Node node) {
    std::string name = model.dotted_name(node);
    std::erase_if(name, [](char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\\' || c == '\n'; });
    return name;
}

void view_import(const Model& model, Node statement, json& view) {
    const PythonSymbols& s = PythonSymbols::get();
    TSSymbol kind = node_symbol(statement);
    std::uint32_t line = line_of(statement);
    Node module_node = kind == s.import_from_statement ? field(statement, s.field_module_name) : Node{};
    if (kind == s.future_import_statement)
        view.push_back({line, "import", "__future__"});
    else if (kind == s.import_from_statement)
        view.push_back({line, "import", module_name(model, module_node)});
    for (std::uint32_t i = 0; i < node_named_child_count(statement); ++i) {
        Node child = node_named_child(statement, i);
        TSSymbol child_kind = node_symbol(child);
        if (!node_is_null(module_node) && node_eq(child, module_node)) continue;
        std::string name;
        if (child_kind == s.aliased_import)
            name = module_name(model, field(child, s.field_name));
        else if (child_kind == s.dotted_name)
            name = module_name(model, child);
        else if (child_kind == s.wildcard_import)
            name = "*";
        else
            continue;
        view.push_back({line, kind == s.import_statement ? "import" : "name", name});
    }
}

// What a starred expression stars, named as CPython's ast names it.
std::string_view starred_kind(Node splat) {
    const PythonSymbols& s = PythonSymbols::get();
    Node operand = unparenthesized(node_named_child(splat, 0));
    if (node_is_null(operand)) return "other";
    TSSymbol kind = node_symbol(operand);
    if (kind == s.call) return "Call";
    if (kind == s.attribute) return "Attribute";
    if (kind == s.subscript) return "Subscript";
    if (kind == s.binary_operator) return "BinOp";
    if (kind == s.identifier) return "Name";
    return "other";
}

json view_of(const Model& model, const analyzer::SyntaxCheck& syntax, const analyzer::SyntaxTree& tree) {
    const PythonSymbols& s = PythonSymbols::get();
    json view = json::array();
    // The stars, from the tree the model read: the copy, with misread stars put back.
    for (std::size_t i = 0; i < tree.size(); ++i) {
        Node node{tree.root().id + i};
        if (node_symbol(node) == s.list_splat) view.push_back({line_of(node), "star", starred_kind(node)});
    }
    // `type(x).attr = v`, read by the grammar as a 3.12 type alias, holds a
    // call the tree does not show; pygate refuses the file unless `type` is
    // the builtin (refuse_hidden_type_calls), so it knows the call.
    for (Node statement : syntax.type_call_assignments()) {
        std::string_view text = model.text(statement);
        if (text.size() > 4 && text[4] == '(') view.push_back({line_of(statement), "call", "type"});
    }
    for (const Model::Site& site : model.sites()) {
        switch (site.kind) {
            case Model::SiteKind::import:
                view_import(model, site.node, view);
                break;
            case Model::SiteKind::call:
                if (auto callee = dotted(model, field(site.node, s.field_function)))
                    view.push_back({line_of(site.node), "call", *callee});
                break;
            case Model::SiteKind::attribute: {
                Node attribute = field(site.node, s.field_attribute);
                if (!node_is_null(attribute))
                    view.push_back({line_of(site.node), "attr", model.identifier(attribute)});
                break;
            }
            default:
                break;
        }
    }
    return view;
}

json pg000_of(const std::vector<analyzer::Finding>& findings) {
    json out = json::array();
    for (const analyzer::Finding& finding : findings)
        if (finding.rule == analyzer::k_unsafe_source_rule)
            out.push_back({finding.range.line, finding.range.column, finding.message});
    return out;
}

// One file: its PG000 findings exactly as `pygate check` (analyze_bytes)
// reports them, and the view from the model of the same tree.
json examine(const std::string& path, analyzer::Parser& parser, const analyzer::Profile& profile, bool with_tree) {
    json entry{{"path", path}, {"view", json::array()}};
    analyzer::ReadResult read = analyzer::read_source_file(path);
    if (auto* failure = std::get_if<analyzer::ReadFailure>(&read)) {
        entry["pg000"] = json::array({json::array({1, 1, failure->message})});
        return entry;
    }
    std::string& bytes = std::get<std::string>(read);
    const analyzer::AnalysisOptions options{&profile, rules::all_hooks()};
    entry["pg000"] = pg000_of(analyzer::analyze_bytes(bytes, parser, options).findings);
    analyzer::LoadedSource loaded = analyzer::load_source(std::move(bytes));
    if (loaded.decodable) {
        analyzer::Tree parsed = parser.parse(loaded.source.text).tree.value();  // the tools' inputs are small
        const analyzer::SyntaxTree tree(parsed.root(), loaded.source.text);
        std::vector<analyzer::Finding> ignored;  // already reported by analyze_bytes
        analyzer::SyntaxCheck syntax(loaded.source, tree.root(), loaded.invisible_offsets, ignored);
        Model model(loaded.source, tree, &syntax);
        syntax.finish();
        entry["view"] = view_of(model, syntax, tree);
        if (with_tree) {
            entry["tree"] = analyzer::node_string(tree.root());
            std::unique_ptr<char, decltype(&std::free)> shown(ts_node_string(parsed.root()), &std::free);
            entry["tree_sitter"] = std::string(shown.get());
        }
    }
    return entry;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app("pygate-view: pygate's view of each file (imports, calls, attributes, PG000), as JSON lines",
                 "pygate-view");
    std::vector<std::string> paths;
    bool from_stdin = false;
    bool with_tree = false;
    app.add_option("paths", paths, "Files to examine");
    app.add_flag("--stdin", from_stdin, "Read the paths from standard input, one per line");
    app.add_flag("--tree", with_tree, "Also print each tree, as tree-sitter's S-expression");
    CLI11_PARSE(app, argc, argv);

    try {
        auto loaded = profiles::load_profile("safe_eval");
        if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) {
            std::cerr << "pygate-view: error: " << error->to_string() << '\n';
            return cli::k_exit_internal;
        }
        const analyzer::Profile& profile = std::get<analyzer::Profile>(loaded);
        analyzer::Parser parser;
        testing::print_each_path(paths, from_stdin, [&](const std::string& path) {
            json entry;
            try {
                entry = examine(path, parser, profile, with_tree);
            } catch (const std::exception& error) {
                // As `pygate check` does: a bug while analysing a file denies it.
                entry = json{
                    {"path", path},
                    {"view", json::array()},
                    {"pg000", json::array({json::array({1, 1, fmt::format("internal error: {}", error.what())})})}};
            }
            return entry;
        });
        return cli::k_exit_allow;
    } catch (const std::exception& error) {
        std::cerr << "pygate-view: internal error: " << error.what() << '\n';
        return cli::k_exit_internal;
    }
}
