// A program's tree grown by a step's (tree_append.hpp) is, record by record,
// the tree copied from parsing the program and the step together, whenever
// step_reads_alone says the step may be appended; and the cases it refuses
// are refused for a reason: appended, they would differ.
#include "analyzer/syntax/tree_append.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "analyzer/syntax/parse.hpp"

using namespace pygate::analyzer;

namespace {

std::string describe(const NodeData& node) {
    return "bytes " + std::to_string(node.start_byte) + "-" + std::to_string(node.end_byte) + " rows " +
           std::to_string(node.start_row) + "-" + std::to_string(node.end_row) + " parent " +
           std::to_string(node.parent) + " next " + std::to_string(node.next_sibling) + " children " +
           std::to_string(node.child_count) + "/" + std::to_string(node.named_child_count) + " symbol " +
           std::to_string(node.symbol) + " field " + std::to_string(node.field) + " flags " +
           std::to_string(node.flags);
}

// The first difference between two trees, every field of every record and
// what the tree holds besides; empty when they are the same.
std::string first_difference(const SyntaxTree& expected, const SyntaxTree& actual) {
    if (expected.size() != actual.size())
        return "records: " + std::to_string(expected.size()) + " against " + std::to_string(actual.size());
    if (expected.tree_sitter_nodes() != actual.tree_sitter_nodes()) return "tree-sitter's node count";
    if (expected.max_depth() != actual.max_depth()) return "max depth";
    if (expected.deepest().id - expected.root().id != actual.deepest().id - actual.root().id) return "deepest node";
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const NodeData& a = expected.root().id[i];
        const NodeData& b = actual.root().id[i];
        const bool same = a.start_byte == b.start_byte && a.end_byte == b.end_byte && a.start_row == b.start_row &&
                          a.end_row == b.end_row && a.parent == b.parent && a.next_sibling == b.next_sibling &&
                          a.child_count == b.child_count && a.named_child_count == b.named_child_count &&
                          a.symbol == b.symbol && a.field == b.field && a.flags == b.flags;
        if (!same)
            return "record " + std::to_string(i) + " `" + std::string(node_type(Node{&a})) + "`: " + describe(a) +
                   " against " + describe(b);
    }
    return {};
}

std::uint32_t newlines(const std::string& text) {
    return static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n'));
}

// A program text and its tree, as a session keeps them.
struct Program {
    std::string text;
    std::unique_ptr<const SyntaxTree> tree;
};

// Null when the parser refuses the text: a large one with a syntax error
// (analyzer/syntax/parse.hpp), which a session refuses as it refuses any error.
std::unique_ptr<const SyntaxTree> parse_whole(Parser& parser, const std::string& text) {
    Parsed parsed = parser.parse(text);
    if (!parsed) return nullptr;
    return std::make_unique<const SyntaxTree>(parsed->root(), text);
}

// The step appended to the program when step_reads_alone and the trees allow
// it (as the session decides), else null.
std::unique_ptr<SyntaxTree> appended(Parser& parser, const Program& program, const std::string& step) {
    if (!step_reads_alone(program.text, step)) return nullptr;
    Parsed parsed = parser.parse(step);
    if (!parsed) return nullptr;
    const SyntaxTree step_tree(parsed->root(), step);
    if (node_has_error(step_tree.root()) || node_child_count(step_tree.root()) == 0) return nullptr;
    return append_module(*program.tree, step_tree, static_cast<std::uint32_t>(program.text.size()),
                         newlines(program.text));
}

std::string deep(int levels) {
    return "d = " + std::string(static_cast<std::size_t>(levels), '(') + "1" +
           std::string(static_cast<std::size_t>(levels), ')') + "\n";
}

// Steps as a session would send them, each ending in a newline (the session
// adds one). Some have syntax errors, some are not read alone as after a
// program: the test appends only where step_reads_alone says so.
std::vector<std::string> steps() {
    std::string long_list = "big = [";
    for (int i = 0; i < 70000; ++i)
        long_list += "1,";
    long_list += "]\n";
    return {
        "x = 1\n",
        "x = x + 1\n",
        "# a comment\n",
        "\n\n# after blank lines\ny = 2\n\n",
        "def f(a):\n    return a\n",
        "def f(a):\n    def g(b):\n        return b\n    return g\n    # trailing, in the block\n",
        "def f(a):\n    if a:\n        return a\n            # deeper than the block\n",
        "def f(a):\n    return a\n  # between the block's indent and the module's\n",
        "class C:\n    x = 1\n\n    def m(self):\n        pass\n# after the class\n",
        "class D:\n    pass\n\n\n",
        "@decorator\ndef h():\n    pass\n",
        "@decorator(1)\nclass E:\n    @property\n    def p(self):\n        return 1\n",
        "s = f'{x!r:>10} and {y}'\n",
        "t = 'plain'\nu = \"another\" 'joined'\n",
        "v = 'an escape\\n'\nw = b'bytes'\n",
        "doc = '''multi\nline'''\n",
        "x = 2\nñame = x\nprint(ñame)\n",
        "ñ = 3\n",
        "x = (1,\n     2)\n",
        "x = 1 + \\\n    2\n",
        "y = 1  # ends in a backslash \\\n",
        "if x:\n    pass\nelse:\n    pass\n",
        "if x:\n\tx = 1\n",
        "try:\n    pass\nexcept Exception as e:\n    raise\nfinally:\n    pass\n",
        "for i in range(3):\n    x += i\n",
        "while x:\n    x -= 1\n    # in the loop\n",
        "with open('f') as fh:\n    data = fh.read()\n",
        "async def co():\n    await x\n",
        "match x:\n    case 1:\n        pass\n    case _:\n        pass\n",
        "print(*f(x))\n*a, b = [1, 2, 3]\n",
        "lambda: 0\n",
        "'''docstring first'''\nx = 1\n",
        "f'{x}'.join(y)\n",
        "else:\n    pass\n",
        "finally:\n    pass\n",
        "elsewhere = 1\n",
        "try:\n    pass\nexcept E:\n    pass\n",
        "x = 1\n\f\ny = 2\n",
        "\fx = 1\n",
        "    x = 1\n",
        "    # an indented comment first\nx = 1\n",
        "   \nx = 1\n",
        "# -*- coding: latin-1 -*-\nx = 1\n",
        "\xEF\xBB\xBFx = 1\n",
        "print('unterminated\n",
        "def broken(:\n",
        "else:\n    pass\n",
        "\n",
        "# only\n# comments\n",
        "x = 1\r\ny = 2\r\n",
        "global g\ng = 1\n",
        "import os as o\no.system('ls')\n",
        deep(40),
        deep(40),
        deep(45),
        long_list,
    };
}

}  // namespace

TEST_CASE("A grown tree is the whole text's tree, record by record, over generated sessions", "[tree_append]") {
    Parser parser;
    const std::vector<std::string> pool = steps();
    std::mt19937 random(20261127);
    std::size_t compared = 0;
    std::size_t refused = 0;
    for (int session = 0; session < 150; ++session) {
        Program program;
        const std::size_t length = 2 + random() % 10;
        for (std::size_t n = 0; n < length; ++n) {
            const std::string& step = pool[random() % pool.size()];
            const std::string text = program.text + step;
            std::unique_ptr<const SyntaxTree> whole = parse_whole(parser, text);
            if (!whole) {  // refused: large and broken
                ++refused;
                continue;
            }
            if (program.tree) {
                std::unique_ptr<SyntaxTree> grown = appended(parser, program, step);
                if (grown) {
                    INFO("program:\n" << program.text << "step:\n" << step);
                    REQUIRE(first_difference(*whole, *grown).empty());
                    ++compared;
                } else {
                    ++refused;
                }
            }
            // Accepted only without an error, as a session accepts; kept only with a top-level node.
            if (node_has_error(whole->root())) continue;
            program.text = text;
            program.tree = node_child_count(whole->root()) > 0 ? std::move(whole) : nullptr;
        }
    }
    CHECK(compared > 400);
    CHECK(refused > 50);
}

TEST_CASE("A grown tree counts the module's children past k_many as the whole text's does", "[tree_append]") {
    Parser parser;
    for (const int statements : {NodeData::k_many - 3, NodeData::k_many - 2, NodeData::k_many - 1}) {
        Program program;
        for (int i = 0; i < statements; ++i)
            program.text += "pass\n";
        program.tree = parse_whole(parser, program.text);
        const std::string step = "x = 1\ny = 2\n";
        std::unique_ptr<SyntaxTree> grown = appended(parser, program, step);
        REQUIRE(grown);
        const auto whole = parse_whole(parser, program.text + step);
        INFO(statements << " statements before the step");
        CHECK(first_difference(*whole, *grown).empty());
        CHECK(node_child_count(grown->root()) == static_cast<std::uint32_t>(statements) + 2);
        CHECK(node_child(grown->root(), static_cast<std::uint32_t>(statements) + 1).id->start_row ==
              static_cast<std::uint32_t>(statements) + 1);
    }
}

TEST_CASE("The deepest node of a grown tree is the first at the greatest depth", "[tree_append]") {
    Parser parser;
    for (const auto& [first, second] : {std::pair{30, 40}, std::pair{40, 30}, std::pair{35, 35}}) {
        Program program{deep(first), parse_whole(parser, deep(first))};
        std::unique_ptr<SyntaxTree> grown = appended(parser, program, deep(second));
        REQUIRE(grown);
        const auto whole = parse_whole(parser, deep(first) + deep(second));
        INFO(first << " then " << second);
        CHECK(first_difference(*whole, *grown).empty());
        CHECK(grown->max_depth() == whole->max_depth());
    }
}

TEST_CASE("Steps refused by step_reads_alone would be read differently after the program", "[tree_append]") {
    Parser parser;
    // Each: a program, and a step without a syntax error alone that the text
    // refuses; appended anyway, its tree would not be the whole text's.
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"def f():\n    pass\n", "    # read into f's block\nx = 1\n"},
        {"def f():\n    pass\n", "    y = 1\n"},
        {"while x:\n    pass\n", "else:\n    pass\n"},
        {"try:\n    pass\nexcept E:\n    pass\n", "finally:\n    pass\n"},
    };
    for (const auto& [program_text, step] : cases) {
        INFO("program:\n" << program_text << "step:\n" << step);
        CHECK_FALSE(step_reads_alone(program_text, step));
        Program program{program_text, parse_whole(parser, program_text)};
        const SyntaxTree step_tree(parser.parse(step)->root(), step);
        REQUIRE_FALSE(node_has_error(step_tree.root()));
        std::unique_ptr<SyntaxTree> forced = append_module(
            *program.tree, step_tree, static_cast<std::uint32_t>(program_text.size()), newlines(program_text));
        CHECK_FALSE(first_difference(*parse_whole(parser, program_text + step), *forced).empty());
    }
    CHECK(step_reads_alone("while x:\n    pass\n", "elsewhere = 1\n"));
}
