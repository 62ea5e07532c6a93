// The first and last children the model's walk records (analyzer/child_ends)
// must be exactly what tree-sitter answers, or the resolver would read the
// wrong part of an attribute, call or subscript.
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "analyzer/child_ends.hpp"
#include "analyzer/model.hpp"
#include "analyzer/parse.hpp"
#include "analyzer/python_symbols.hpp"
#include "analyzer/source.hpp"

using namespace pygate::analyzer;

namespace {

TSNode fake_node(std::uintptr_t id, std::uint32_t start) {
    TSNode node{};
    node.id = reinterpret_cast<const void*>(id);
    node.context[0] = start;
    return node;
}

// Every attribute, call and subscript of `code` (not only the sites: those
// inside strings' replacement fields and patterns too), with the model's
// answer compared to ts_node_child's. Returns how many nodes were compared.
std::size_t compare_with_tree_sitter(const std::string& code) {
    LoadedSource loaded = load_source(code);
    Tree tree = Parser().parse(loaded.source.text);
    Model model(loaded.source, tree.root());
    const PythonSymbols& s = PythonSymbols::get();
    std::size_t compared = 0;
    std::vector<TSNode> stack{tree.root()};
    while (!stack.empty()) {
        TSNode node = stack.back();
        stack.pop_back();
        TSSymbol kind = ts_node_symbol(node);
        std::uint32_t count = ts_node_child_count(node);
        if ((kind == s.attribute || kind == s.call || kind == s.subscript) && count > 0) {
            TSNode first = ts_node_child(node, 0), last = ts_node_child(node, count - 1);
            INFO(model.text(node));
            CHECK(ts_node_eq(kind == s.call ? model.call_function(node) : model.attribute_object(node), first));
            CHECK(ts_node_eq(kind == s.call ? model.call_arguments(node) : model.attribute_name(node), last));
            CHECK(ts_node_eq(model.subscript_value(node), first));
            ++compared;
        }
        for (std::uint32_t i = 0; i < count; ++i)
            stack.push_back(ts_node_child(node, i));
    }
    return compared;
}

}  // namespace

TEST_CASE("child ends: what is recorded is found, under any number of nodes") {
    ChildEnds ends;
    CHECK(ends.find(fake_node(8, 0)) == nullptr);
    constexpr std::uintptr_t k_count = 5000;  // grows the table several times
    for (std::uintptr_t i = 1; i <= k_count; ++i) {
        ends.set_first(fake_node(i * 8, 0), fake_node(i * 8 + 1, static_cast<std::uint32_t>(i)));
        ends.set_last(fake_node(i * 8, 0), fake_node(i * 8 + 2, static_cast<std::uint32_t>(i + 1)));
    }
    for (std::uintptr_t i = 1; i <= k_count; ++i) {
        const ChildEnds::Ends* found = ends.find(fake_node(i * 8, 0));
        REQUIRE(found != nullptr);
        CHECK(found->first.id == reinterpret_cast<const void*>(i * 8 + 1));
        CHECK(ts_node_start_byte(found->first) == i);
        CHECK(found->last.id == reinterpret_cast<const void*>(i * 8 + 2));
    }
    CHECK(ends.find(fake_node((k_count + 1) * 8, 0)) == nullptr);
    CHECK(ends.find(TSNode{}) == nullptr);
}

TEST_CASE("child ends: the model's parts of attributes, calls and subscripts are tree-sitter's") {
    // Comments and line continuations between the parts, brackets, f-string
    // fields, decorators, patterns, chains and calls of calls.
    std::size_t compared = compare_with_tree_sitter(
        "import os\n"
        "(os  # note\n).system('x')\n"
        "os \\\n  .path.join(a, b)[0](c)[d:e]\n"
        "f'{os.getcwd()!r:>{w[0]}}'\n"
        "@a.b(c)\n"
        "def f(x=g(h)[i]): return x.y\n"
        "match v:\n"
        "    case a.b: pass\n"
        "    case C(k=1): print(k)\n"
        "x = [y.z for y in w()]\n"
        "t[1](2)(3).u\n"
        "print(*s.split())\n");
    CHECK(compared >= 20);
}

TEST_CASE("child ends: the model agrees with tree-sitter on every corpus file") {
    std::size_t compared = 0, files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(PYGATE_SOURCE_DIR "/corpus")) {
        if (entry.path().extension() != ".py") continue;
        std::ifstream in(entry.path(), std::ios::binary);
        std::stringstream bytes;
        bytes << in.rdbuf();
        INFO(entry.path().string());
        compared += compare_with_tree_sitter(bytes.str());
        ++files;
    }
    CHECK(files > 500);
    CHECK(compared > 1000);
}
