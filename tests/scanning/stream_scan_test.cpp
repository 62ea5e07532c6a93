#include "scanning/stream_scan.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "profiles/compiled_profiles.hpp"
using namespace pygate::scanning;

namespace {

struct Streamed {
    std::vector<std::string> names;
    std::vector<bool> unreadable;
    std::size_t most_in_flight = 0;  // inputs taken from `next` and not yet emitted
};

// `count` inputs of very different sizes (so workers finish out of order),
// every fifth one unreadable.
Streamed stream(std::size_t count, unsigned jobs, std::size_t window_per_job) {
    auto profile = std::get<pygate::analyzer::Profile>(pygate::profiles::resolve_profile("safe_eval"));
    Streamed out;
    std::size_t taken = 0;
    StreamCallbacks callbacks;
    callbacks.next = [&]() -> std::optional<ScanInput> {
        if (taken == count) return std::nullopt;
        std::size_t i = taken++;
        out.most_in_flight = std::max(out.most_in_flight, taken - out.names.size());
        std::string name = "input-" + std::to_string(i);
        if (i % 5 == 4) return ScanInput{name, Unreadable{"cannot"}};
        std::string code;
        for (std::size_t line = 0; line < (i % 7) * 300; ++line)
            code += "value_" + std::to_string(line) + " = [x * 2 for x in range(10)]\n";
        return ScanInput{name, pygate::analyzer::ReadResult{code}};
    };
    callbacks.emit = [&](ScanOutcome&& outcome) {
        out.names.push_back(outcome.report.path);
        out.unreadable.push_back(outcome.unreadable);
    };
    callbacks.internal_error = [](std::string error) { FAIL(error); };
    scan_stream({&profile, jobs, window_per_job}, callbacks);
    return out;
}

}  // namespace

TEST_CASE("outcomes come out in input order whatever the thread count", "[stream]") {
    Streamed one = stream(200, 1, 4);
    REQUIRE(one.names.size() == 200);
    for (std::size_t i = 0; i < 200; ++i) {
        CHECK(one.names[i] == "input-" + std::to_string(i));
        CHECK(one.unreadable[i] == (i % 5 == 4));
    }
    for (unsigned jobs : {2u, 3u, 8u}) {
        Streamed many = stream(200, jobs, 2);
        CHECK(many.names == one.names);
        CHECK(many.unreadable == one.unreadable);
    }
}

TEST_CASE("no more than the window of inputs is ever in flight", "[stream]") {
    // The memory of a scan is its window's, however many inputs there are.
    for (unsigned jobs : {1u, 2u, 4u}) {
        Streamed out = stream(300, jobs, 3);
        CHECK(out.names.size() == 300);
        CHECK(out.most_in_flight <= 3 * jobs);
    }
}

TEST_CASE("an empty stream emits nothing", "[stream]") {
    CHECK(stream(0, 2, 4).names.empty());
}

TEST_CASE("the source around the findings is kept only when asked for", "[stream]") {
    auto profile = std::get<pygate::analyzer::Profile>(pygate::profiles::resolve_profile("safe_eval"));
    pygate::analyzer::Parser parser;
    std::string internal_error;
    const std::string code = "a = 1\nb = 2\nc = 3\nd = 4\nimport os\ne = 5\n\nf = 6\ng = 7\n";
    auto judged = [&](unsigned context_lines) {
        return pygate::judging::judge_input({"x.py", pygate::analyzer::ReadResult{code}}, parser, profile, internal_error, nullptr,
                           context_lines)
            .report;
    };
    pygate::reporters::FileReport without = judged(0);
    REQUIRE(without.findings.size() == 1);  // PG003 at line 5
    CHECK(without.context.empty());
    pygate::reporters::FileReport with = judged(2);
    std::vector<std::uint32_t> numbers;
    for (const auto& line : with.context)
        numbers.push_back(line.number);
    CHECK(numbers == std::vector<std::uint32_t>{3, 4, 5, 6, 7});
    CHECK(with.context[2].text == "import os");
    CHECK(with.context[4].text.empty());  // the file's own empty line 7
    // The empty "line" after the final newline is not kept.
    pygate::reporters::FileReport wide = judged(9);
    CHECK(wide.context.back().number == 9);
    CHECK(wide.context.front().number == 1);
    REQUIRE(with.findings.size() == 1);
    CHECK(with.findings[0].range == without.findings[0].range);
    CHECK(with.findings[0].message == without.findings[0].message);
    CHECK(internal_error.empty());
}
