#include "analyzer/syntax/indentation.hpp"

#include <catch2/catch.hpp>

using namespace pygate::analyzer;

TEST_CASE("consistent indentation passes", "[indentation]") {
    IndentationTracker tracker;
    CHECK_FALSE(tracker.next_logical_line(""));
    CHECK_FALSE(tracker.next_logical_line("\t"));
    CHECK_FALSE(tracker.next_logical_line("\t\t"));
    CHECK_FALSE(tracker.next_logical_line("\t"));
    CHECK_FALSE(tracker.next_logical_line(""));
}

TEST_CASE("tabs and spaces that order lines differently are a TabError", "[indentation]") {
    IndentationTracker tracker;
    CHECK_FALSE(tracker.next_logical_line(""));
    CHECK_FALSE(tracker.next_logical_line("\t"));              // column 8, alt 1
    auto error = tracker.next_logical_line("        ");        // column 8, alt 8
    REQUIRE(error);
    CHECK(error->find("TabError") != std::string::npos);
}

TEST_CASE("a dedent to no outer level is an IndentationError", "[indentation]") {
    IndentationTracker tracker;
    CHECK_FALSE(tracker.next_logical_line("    "));
    auto error = tracker.next_logical_line("  ");
    REQUIRE(error);
    CHECK(error->find("IndentationError") != std::string::npos);
}

TEST_CASE("a form feed resets the column as in CPython", "[indentation]") {
    IndentationTracker tracker;
    CHECK_FALSE(tracker.next_logical_line(""));
    CHECK_FALSE(tracker.next_logical_line("    \f"));
}

TEST_CASE("the hundredth indentation level is refused", "[indentation]") {
    IndentationTracker tracker;
    std::string indent;
    for (int level = 0; level < 100; ++level) {  // indentation 0..99: 99 nested blocks
        CHECK_FALSE(tracker.next_logical_line(indent));
        indent += ' ';
    }
    auto error = tracker.next_logical_line(indent);
    REQUIRE(error);
    CHECK(error->find("too many levels") != std::string::npos);
}
