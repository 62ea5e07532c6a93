// The size estimator (rules/utils/constant_size.hpp): magnitudes of constant
// expressions, judged against the limits without building the values, with
// the work counted so a test can show it stays bounded.
#include "rules/utils/constant_size.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "tests/rules/rule_test_support.hpp"
#include "tests/support/allocation_counter.hpp"

using namespace pygate::rules;
using pygate::rules::testing::Analyzed;

namespace {

SizeLimits limits_mb(std::int64_t memory_mb) {
    pygate::analyzer::Profile profile;
    profile.limits.memory_mb = memory_mb;
    return SizeLimits::of(profile);
}

struct Judged {
    Magnitude size;
    bool oversize;
    bool gave_up;
    std::uint32_t steps;
};

Judged judge(const std::string& expression, std::int64_t memory_mb = 512) {
    Analyzed file("import math\nx = " + expression + "\n");
    SizeEstimator estimator(file.model, pygate::analyzer::k_module_scope, limits_mb(memory_mb));
    Magnitude size = estimator.estimate(file.last());
    return {size, estimator.oversize().has_value(), estimator.gave_up(), estimator.steps()};
}

// The allocations one estimate makes, the file already parsed and modelled.
std::uint64_t allocations_judging(const std::string& expression) {
    Analyzed file("import math\nx = " + expression + "\n");
    SizeEstimator estimator(file.model, pygate::analyzer::k_module_scope, limits_mb(512));
    Node expr = file.last();
    return pygate::testing::allocations_during([&] { estimator.estimate(expr); });
}

std::string tower(int height, const std::string& base) {
    std::string out = base;
    for (int i = 1; i < height; ++i)
        out += "**" + base;
    return out;
}

}  // namespace

TEST_CASE("Pathological powers are judged in a few steps per node, never computed") {
    Judged towering = judge("10**10**10**10");
    CHECK(towering.oversize);
    CHECK(towering.size.kind == Magnitude::Kind::integer);
    CHECK(towering.size.log10 == k_saturated);  // 10^(10^10^10): saturated, not infinite
    CHECK(towering.steps <= 7);                 // three operators, four literals

    Judged repeated = judge("'a' * 10**100");
    CHECK(repeated.oversize);
    CHECK(repeated.size.kind == Magnitude::Kind::text);
    CHECK(repeated.size.log10 == Approx(100));
    CHECK(repeated.steps <= 5);

    // A tower 400 high: one step per node, all of it flagged.
    Judged high = judge(tower(400, "2"));
    CHECK(high.oversize);
    CHECK_FALSE(high.gave_up);
    CHECK(high.size.log10 > 1e299);  // 2^(10^300) and beyond: astronomical, still finite
    CHECK(high.steps <= 2 * 400);

    // Deeper than the estimator goes: it stops at its depth limit and says so (the rule refuses the file).
    Judged deeper = judge(tower(SizeEstimator::k_max_depth + 200, "9"));
    CHECK(deeper.gave_up);
    CHECK(deeper.steps <= 2 * SizeEstimator::k_max_depth + 4);  // each level: its operator and its base
}

TEST_CASE("Pathological constants are judged without allocating") {
    if (!pygate::testing::allocation_counting_available()) {
        WARN("allocations are not counted under AddressSanitizer; the Release build checks this");
        return;
    }
    // The counter counts: building a long string allocates.
    CHECK(pygate::testing::allocations_during([] { CHECK(std::string(100, 'x').size() == 100); }) > 0);
    CHECK(allocations_judging("10**10**10**10") == 0);
    CHECK(allocations_judging("'a' * 10**100") == 0);
    CHECK(allocations_judging(tower(300, "7")) == 0);
    CHECK(allocations_judging("[0] * 10**10") == 0);
}

TEST_CASE("Saturated magnitudes stay finite and ordered") {
    CHECK(saturate(std::numeric_limits<double>::infinity()) == k_saturated);
    CHECK(saturate(std::nan("")) == k_saturated);
    CHECK(saturate(12.5) == 12.5);
    Magnitude huge_exponent{Magnitude::Kind::integer, 1e308, std::nullopt};
    CHECK(power_log10(1.0, huge_exponent) == k_saturated);
    CHECK(power_log10(std::log10(2.0), judge("10**3").size) == Approx(1000 * std::log10(2.0)));
    CHECK(factorial_log10(judge("10").size) == Approx(std::log10(3628800.0)).epsilon(0.01));
    CHECK(factorial_log10(judge("10**8").size) == Approx(756570556.0).epsilon(0.001));  // 8e8 digits, less a bit
}

TEST_CASE("Values under the limits are not flagged, just over them are") {
    CHECK_FALSE(judge("[0] * 10**6").oversize);  // 8 MB of slots under 512 MB
    CHECK(judge("[0] * 10**8").oversize);        // 800 MB
    CHECK_FALSE(judge("[0] * 10**7").oversize);
    CHECK(judge("[0] * 10**7", 64).oversize);  // 80 MB over a 64 MB profile
    CHECK_FALSE(judge("'-' * 80").oversize);
    CHECK(judge("'ab' * 300000000").oversize);  // 600 million characters
    CHECK_FALSE(judge("10**999999").oversize);  // a million digits exactly
    CHECK(judge("10**1000000").oversize);       // one more
    CHECK(judge("1 << 10**10").oversize);
    CHECK(judge("bytearray(10**11)").oversize);
    CHECK(judge("list(range(10**10))").oversize);
    CHECK_FALSE(judge("range(10**10)").oversize);  // lazy: nothing built
    CHECK(judge("math.factorial(10**8)").oversize);
    CHECK_FALSE(judge("math.factorial(1000)").oversize);
    CHECK(judge("pow(10, 10**10)").oversize);
    CHECK_FALSE(judge("pow(10, 10**10, 97)").oversize);
    CHECK(judge("0 * 10**10**10").oversize);  // the power is computed before the product
    // Lazy views have the size of what they read; bytes of a range a byte an item.
    CHECK(judge("list(map(str, range(10**10)))").oversize);
    CHECK_FALSE(judge("map(str, range(10**10))").oversize);  // lazy: nothing built
    CHECK(judge("list(enumerate(range(10**10)))").oversize);
    CHECK(judge("dict.fromkeys(range(10**10))").oversize);
    CHECK_FALSE(judge("dict.fromkeys(range(1000))").oversize);
    CHECK(judge("bytes(range(256)) * 10**8").oversize);  // 25.6 GB
    CHECK_FALSE(judge("bytes(range(256)) * 1000").oversize);
    CHECK(judge("bytes(range(256))").size.exact == 256);
}

TEST_CASE("Exact small values, trivial bases and unknowns") {
    CHECK(judge("2**64").size.exact == std::nullopt);  // over int64: a magnitude
    CHECK(judge("2**62").size.exact == (std::int64_t{1} << 62));
    CHECK(judge("1**10**10**10").size.exact == 1);
    CHECK(judge("0**10**100").size.exact == 0);
    CHECK(judge("(-1)**10**100").size.log10 == 0);  // 1 or -1, whichever the parity
    CHECK(judge("(-1)**3").size.exact == -1);
    CHECK(judge("3**39").size.exact == 4052555153018976267);
    CHECK(judge("3**40").size.exact == std::nullopt);  // over int64
    CHECK(judge("0x10 * 3").size.exact == 48);
    CHECK(judge("1_000 * 1_000").size.exact == 1000000);
    CHECK(judge("10**-5").size.kind == Magnitude::Kind::unknown);       // a float
    CHECK(judge("1.5**10**10").size.kind == Magnitude::Kind::unknown);  // floats overflow, they do not grow
    CHECK(judge("name * 10**12").size.kind == Magnitude::Kind::unknown);
    CHECK(judge("'' * 10**100").size.exact == 0);
    CHECK(judge("[] * 10**100").size.exact == 0);
    Judged literal = judge(std::string(400, '7'));
    CHECK(literal.size.log10 == Approx(399.89).epsilon(0.001));
}

TEST_CASE("Estimated operators are remembered so nested ones are not estimated again") {
    Analyzed file("x = 2**3**4 + 'a' * 5\n");
    std::vector<std::uint64_t> visited;
    SizeEstimator estimator(file.model, pygate::analyzer::k_module_scope, limits_mb(512), &visited);
    estimator.estimate(file.last());
    CHECK(visited.size() == 4);  // +, **, ** and *
    CHECK(std::is_sorted(visited.begin(), visited.end()));
}

TEST_CASE("Sizes are described as orders of magnitude") {
    CHECK(SizeEstimator::describe(judge("'a' * 10**12").size) == "about 10^12 characters");
    CHECK(SizeEstimator::describe(judge("10**10**10").size) == "about 10^10 digits");
    CHECK(SizeEstimator::describe(judge("10**10**10**10").size) == "more than 10^300 digits");
    CHECK(SizeEstimator::describe(judge("[0] * 10**10").size) == "about 10^10 items (about 10^10 bytes)");
    // Bytes by their prefix, whatever its letters' order and case.
    for (const char* bytes : {"b'a' * 10**10", "rb'a' * 10**10", "Br'a' * 10**10"}) {
        INFO(bytes);
        CHECK(SizeEstimator::describe(judge(bytes).size) == "about 10^10 bytes");
    }
    CHECK(SizeEstimator::describe(judge("r'a' * 10**10").size) == "about 10^10 characters");
}

TEST_CASE("A power's sign follows its base and exponent, and a count of unknown sign sizes nothing") {
    Judged called = judge("pow(-3, 1)");  // computed as `**` is: exactly -3
    REQUIRE(called.size.exact);
    CHECK(*called.size.exact == -3);
    CHECK(judge("pow(-7, 20)").size.exact == judge("(-7) ** 20").size.exact);
    CHECK(judge("(-3) ** (10**20)").size.may_be_negative);    // an exponent of unknown parity
    CHECK_FALSE(judge("3 ** (10**20)").size.may_be_negative);  // a positive base
    CHECK(judge("(10**20 - 10**25)").size.may_be_negative);
    CHECK_FALSE(judge("(10**25 - 10**20)").size.may_be_negative);
    CHECK_FALSE(judge("abs(10**20 - 10**25)").size.may_be_negative);
    // Repeated by a count that may be negative: possibly empty, so no size.
    CHECK_FALSE(judge("(-3) ** (10**20) * 'ab'").size.known());
    CHECK_FALSE(judge("(10**20 - 10**25) * 'ab'").size.known());
    CHECK(judge("(10**25 - 10**20) * 'ab'").oversize);
    CHECK_FALSE(judge("range((-3) ** (10**20))").size.known());
    CHECK_FALSE(judge("math.factorial(-5)").size.known());  // raises
}
