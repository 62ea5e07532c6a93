// pygate-parse-floor: the least work any tree-sitter based `pygate check` can
// do over the same files (discover, read, parse), so bench/compare.sh can say
// how far above that floor the full check runs. With --walk it also visits
// every node of each tree once with a tree cursor, doing nothing else: the
// least any analysis that looks at the whole tree can cost.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "analyzer/batch_memory.hpp"
#include "analyzer/parallel_for.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/text/source_file.hpp"
#include "cli/exit_codes.hpp"
#include "scanning/file_discovery.hpp"

namespace {

// Every node once, in document order, as pygate's own walk moves (a cursor).
std::size_t count_nodes(TSNode root) {
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    std::size_t count = 0;
    for (;;) {
        ++count;
        if (ts_tree_cursor_goto_first_child(&cursor)) continue;
        while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
            if (!ts_tree_cursor_goto_parent(&cursor)) {
                ts_tree_cursor_delete(&cursor);
                return count;
            }
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    using namespace pygate;
    CLI::App app("pygate-parse-floor: discover, read and parse only", "pygate-parse-floor");
    std::vector<std::string> paths;
    unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
    bool walk = false;
    app.add_option("paths", paths, "Files and folders, found as `pygate check` finds them")->required();
    app.add_option("--jobs,-j", jobs, "Worker threads (default: all cores)")->check(CLI::Range(1u, 1024u));
    app.add_flag("--walk", walk, "Also visit every node of each tree once (the floor of a whole-tree analysis)");
    CLI11_PARSE(app, argc, argv);

    try {
        scanning::DiscoveredFiles discovered = scanning::discover_files(paths, {});
        for (const auto& missing : discovered.missing)
            std::cerr << "pygate-parse-floor: error: " << missing << '\n';
        if (!discovered.missing.empty()) return cli::k_exit_usage;

        analyzer::keep_freed_memory_for_reuse();  // as pygate check does
        std::atomic<std::size_t> parsed{0}, bytes{0}, unreadable{0}, over_budget{0}, nodes{0};
        analyzer::parallel_for(
            discovered.files.size(), jobs, [] { return analyzer::Parser(); },
            [&](analyzer::Parser& parser, std::size_t i) {
                analyzer::ReadResult read = analyzer::read_source_file(discovered.files[i]);
                const auto* text = std::get_if<std::string>(&read);
                if (text == nullptr) {
                    ++unreadable;
                    return;
                }
                analyzer::Parsed tree = parser.parse(*text);
                if (!tree) {
                    ++over_budget;
                    return;
                }
                // Asking the root for its extent (or counting the nodes) keeps the tree observably used.
                if (ts_node_end_byte(tree->root()) <= text->size()) ++parsed;
                if (walk) nodes += count_nodes(tree->root());
                bytes += text->size();
            });
        std::cout << fmt::format("parse-floor: {} files parsed, {} bytes", parsed.load(), bytes.load());
        if (walk) std::cout << fmt::format(", {} nodes walked", nodes.load());
        if (unreadable != 0) std::cout << fmt::format(", {} unreadable (skipped)", unreadable.load());
        if (over_budget != 0) std::cout << fmt::format(", {} over the parse budget (skipped)", over_budget.load());
        std::cout << '\n';
        return cli::k_exit_allow;
    } catch (const std::exception& error) {
        std::cerr << "pygate-parse-floor: internal error: " << error.what() << '\n';
        return cli::k_exit_internal;
    }
}
