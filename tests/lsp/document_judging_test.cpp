// A notebook's cells judged as the kernel judges them: each after the cells
// above it that the gate allowed, findings placed in the cell they are in.
#include "lsp/document_judging.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "profiles/compiled_profiles.hpp"

using namespace pygate;
using namespace pygate::lsp;

namespace {

const analyzer::Profile& safe_eval() {
    static const analyzer::Profile profile = std::get<analyzer::Profile>(profiles::resolve_profile("safe_eval"));
    return profile;
}

std::vector<TextDocument> cells(const std::vector<std::string>& texts) {
    std::vector<TextDocument> documents;
    for (std::size_t i = 0; i < texts.size(); ++i)
        documents.emplace_back("cell:" + std::to_string(i + 1), "python", 1, texts[i]);
    return documents;
}

}  // namespace

TEST_CASE("notebook judging: a name bound in an earlier cell is followed into a later one", "[lsp][notebook]") {
    analyzer::Parser parser;
    auto found = judge_cells(cells({"x = 1\ng = getattr\n", "y = 2\n", "z = 3\n\ng(print, '__globals__')\n"}), parser,
                             safe_eval());
    REQUIRE(found.size() == 3);
    CHECK(found["cell:1"].empty());
    CHECK(found["cell:2"].empty());
    REQUIRE(found["cell:3"].size() == 1);
    const LocatedFinding& finding = found["cell:3"][0];
    CHECK(finding.finding.range.line == 3);  // in the cell's own lines
    CHECK(!finding.cause);
    REQUIRE(!finding.chain.empty());
    CHECK(finding.chain[0].place.uri == "cell:1");
    CHECK(finding.chain[0].place.range.line == 2);
}

TEST_CASE("notebook judging: an empty cell holds no line of the cells after it", "[lsp][notebook]") {
    analyzer::Parser parser;
    auto found = judge_cells(cells({"", "g = getattr\n", "", "g(print, '__globals__')\n"}), parser, safe_eval());
    REQUIRE(found["cell:4"].size() == 1);
    const LocatedFinding& finding = found["cell:4"][0];
    REQUIRE(finding.chain.size() == 1);
    CHECK(finding.chain[0].place.uri == "cell:2");
    CHECK(finding.chain[0].place.range.line == 1);
    CHECK(finding.finding.range.line == 1);
}

TEST_CASE("notebook judging: a refused cell is not part of the program later cells see", "[lsp][notebook]") {
    analyzer::Parser parser;
    auto found = judge_cells(cells({"import os\n", "os.system('id')\n"}), parser, safe_eval());
    REQUIRE(!found["cell:1"].empty());
    CHECK(found["cell:1"][0].finding.rule == 3);
    // `os` was never imported as far as the kernel is concerned: the second cell has no PG004.
    for (const auto& finding : found["cell:2"])
        CHECK(finding.finding.rule != 4);
}

TEST_CASE("notebook judging: a finding a later cell causes in an earlier one points there", "[lsp][notebook]") {
    analyzer::Parser parser;
    // The getattr in cell 1's function is what cell 3 makes dangerous (judging/session_program_test.cpp).
    auto found = judge_cells(
        cells({"def pick(a, b):\n    return getattr(a, b)\n", "x = pick(1, 'real')\n", "pick(print, '__globals__')\n"}),
        parser, safe_eval());
    CHECK(found["cell:1"].empty());
    CHECK(found["cell:2"].empty());
    REQUIRE(found["cell:3"].size() == 1);
    const LocatedFinding& finding = found["cell:3"][0];
    CHECK(finding.finding.rule == 9);
    REQUIRE(finding.cause);
    CHECK(finding.cause->uri == "cell:1");
    CHECK(finding.cause->range.line == 2);
    CHECK(finding.finding.range.line == 1);  // shown at the start of the cell judged
}

TEST_CASE("notebook judging: judging again from the changed cell gives what judging every cell gives",
          "[lsp][notebook]") {
    const std::vector<std::string> pieces = {"x = 1\n",
                                             "g = getattr\n",
                                             "g = print\n",
                                             "import os\n",
                                             "def f(a):\n    return g(a, '__globals__')\n",
                                             "f(print)\n",
                                             "y = x + 1\n",
                                             "eval('1')\n",
                                             "while True:\n    pass\n",
                                             "h = g\n",
                                             "h(print, '__code__')\n",
                                             "(",
                                             "z = [i for i in range(3)]\n",
                                             "",
                                             "# a comment only\n"};
    std::mt19937 random(49);
    std::vector<std::string> texts(12, "x = 1\n");
    analyzer::Parser parser;
    NotebookJudging incremental;
    for (int edit = 0; edit < 150; ++edit) {
        const std::size_t at = random() % texts.size();
        switch (random() % 4) {
            case 0:
                texts.insert(texts.begin() + static_cast<std::ptrdiff_t>(at), pieces[random() % pieces.size()]);
                break;
            case 1:
                if (texts.size() > 1) texts.erase(texts.begin() + static_cast<std::ptrdiff_t>(at));
                break;
            default:
                texts[at] = pieces[random() % pieces.size()];
                break;
        }
        std::vector<TextDocument> documents;
        for (std::size_t i = 0; i < texts.size(); ++i)
            documents.emplace_back("cell:" + std::to_string(i), "python", edit, texts[i]);
        auto fresh = judge_cells(documents, parser, safe_eval());
        auto again = incremental.judge(documents, parser, safe_eval());
        REQUIRE(fresh.size() == again.size());
        for (const auto& [uri, found] : fresh) {
            const auto& other = again[uri];
            REQUIRE(found.size() == other.size());
            for (std::size_t i = 0; i < found.size(); ++i) {
                CHECK(found[i].finding.rule == other[i].finding.rule);
                CHECK(found[i].finding.range == other[i].finding.range);
                CHECK(found[i].finding.message == other[i].finding.message);
                CHECK(found[i].cause.has_value() == other[i].cause.has_value());
                CHECK(found[i].chain.size() == other[i].chain.size());
            }
        }
    }
}

TEST_CASE("text judging: the alias chain stays in the document", "[lsp][judging]") {
    analyzer::Parser parser;
    const TextDocument document("file:///w/a.py", "python", 1, "import os as t\nr = t.system\nr('id')\n");
    auto found = judge_text(document, "a.py", parser, safe_eval(), nullptr);
    REQUIRE(found.size() == 3);
    CHECK(found[2].finding.rule == 4);
    REQUIRE(found[2].chain.size() == 2);
    CHECK(found[2].chain[1].place.uri == "file:///w/a.py");
    CHECK(found[2].chain[1].place.range.line == 2);
    CHECK(found[2].chain[1].text == "r = t.system");
}

TEST_CASE("text judging: a document over the analysis bound is refused unread, as check refuses such a file",
          "[lsp][judging]") {
    analyzer::Parser parser;
    const TextDocument document("file:///w/big.py", "python", 1, std::string(std::size_t{11} << 20, '#'));
    auto found = judge_text(document, "big.py", parser, safe_eval(), nullptr);
    REQUIRE(found.size() == 1);
    CHECK(found[0].finding.rule == 0);
    CHECK(found[0].finding.message.find("over pygate's analysis limit") != std::string::npos);
    std::vector<TextDocument> cells;
    for (int i = 0; i < 3; ++i)
        cells.emplace_back("cell:" + std::to_string(i), "python", 1, std::string(std::size_t{4} << 20, '#'));
    auto by_cell = judge_cells(cells, parser, safe_eval());
    for (const auto& [uri, findings] : by_cell) {
        REQUIRE(findings.size() == 1);
        CHECK(findings[0].finding.rule == 0);
    }
}
