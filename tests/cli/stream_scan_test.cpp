#include "cli/stream_scan.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "profiles/compiled_profiles.hpp"

using namespace pygate::cli;

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
