// SmallVector (analyzer/small_vector.hpp), the resolver's answer type: values
// in place up to its capacity, on the heap past it, and copies and moves that
// keep every value in either case.
#include "analyzer/small_vector.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <utility>

using pygate::analyzer::SmallVector;

namespace {

struct Pair {
    std::int64_t a;
    std::int32_t b;
};

bool holds_sequence(const SmallVector<Pair, 2>& values, std::size_t count) {
    if (values.size() != count) return false;
    for (std::size_t i = 0; i < count; ++i)
        if (values[i].a != static_cast<std::int64_t>(i) || values[i].b != static_cast<std::int32_t>(i * 3))
            return false;
    return true;
}

SmallVector<Pair, 2> sequence(std::size_t count) {
    SmallVector<Pair, 2> out;
    for (std::size_t i = 0; i < count; ++i)
        out.push_back({static_cast<std::int64_t>(i), static_cast<std::int32_t>(i * 3)});
    return out;
}

}  // namespace

TEST_CASE("small vector: in place and on the heap, every value is kept in order") {
    for (std::size_t count : {0, 1, 2, 3, 17}) {
        SmallVector<Pair, 2> values = sequence(count);
        CHECK(holds_sequence(values, count));
        CHECK(values.empty() == (count == 0));
        std::size_t seen = 0;
        for (const Pair& value : values)
            CHECK(value.a == static_cast<std::int64_t>(seen++));
        CHECK(seen == count);
    }
}

TEST_CASE("small vector: copies are independent and moves leave the source empty") {
    for (std::size_t count : {1, 2, 5}) {
        SmallVector<Pair, 2> original = sequence(count);
        SmallVector<Pair, 2> copy = original;
        copy.push_back({99, 99});
        CHECK(holds_sequence(original, count));
        CHECK(copy.size() == count + 1);
        CHECK(copy.back().a == 99);

        SmallVector<Pair, 2> assigned = sequence(7);
        assigned = original;
        CHECK(holds_sequence(assigned, count));

        SmallVector<Pair, 2> moved = std::move(original);
        CHECK(holds_sequence(moved, count));
        CHECK(original.empty());  // NOLINT(bugprone-use-after-move): a moved-from vector is empty
        original.push_back({0, 0});
        CHECK(original.size() == 1);

        SmallVector<Pair, 2> move_assigned = sequence(9);
        move_assigned = std::move(moved);
        CHECK(holds_sequence(move_assigned, count));
    }
}

TEST_CASE("small vector: initializer lists and clear") {
    SmallVector<Pair, 2> values{{0, 0}, {1, 3}, {2, 6}};
    CHECK(holds_sequence(values, 3));
    CHECK(values.front().a == 0);
    values.clear();
    CHECK(values.empty());
    values.push_back({0, 0});
    CHECK(holds_sequence(values, 1));
}
