// PG008's memory of calls between functions (rules/utils/pg008_call_cycles.hpp):
// the cycles it finds, the call it reports each at, the path it names, its
// bound, and a cost linear in the calls on long chains.
#include "rules/utils/pg008_call_cycles.hpp"

#include <catch2/catch.hpp>
#include <vector>

using pygate::analyzer::Node;
using pygate::analyzer::NodeData;
using pygate::rules::CallCycles;

namespace {

// Stand-ins for the calling defs and the calls: only their identity and
// (for the order of the report) the calls' start bytes matter here.
std::vector<NodeData> g_defs(5000);
std::vector<NodeData> g_calls(10000);
Node def(int scope) {
    return Node{&g_defs[static_cast<std::size_t>(scope)]};
}
Node call(int k) {
    NodeData& data = g_calls[static_cast<std::size_t>(k)];
    data.start_byte = static_cast<std::uint32_t>(k);
    return Node{&data};
}

std::vector<const NodeData*> ids(const std::vector<Node>& nodes) {
    std::vector<const NodeData*> out;
    for (Node node : nodes)
        out.push_back(node.id);
    return out;
}

}  // namespace

TEST_CASE("A cycle is reported once, at the call that closed it, naming the functions from its callee round") {
    CallCycles calls;
    REQUIRE(calls.add(1, 2, def(1), call(10)));
    REQUIRE(calls.add(2, 3, def(2), call(20)));
    CHECK(calls.cycles().empty());
    REQUIRE(calls.add(3, 1, def(3), call(30)));
    std::vector<CallCycles::Cycle> cycles = calls.cycles();
    REQUIRE(cycles.size() == 1);
    CHECK(cycles[0].call.id == call(30).id);
    CHECK(ids(cycles[0].callers) == ids({def(1), def(2), def(3)}));
}

TEST_CASE("Calls that lead elsewhere are no cycle and two cycles are two reports, in the file's order") {
    CallCycles calls;
    calls.add(1, 2, def(1), call(1));
    calls.add(2, 4, def(2), call(2));
    calls.add(5, 1, def(5), call(3));
    CHECK(calls.cycles().empty());
    calls.add(7, 8, def(7), call(4));
    calls.add(8, 7, def(8), call(5));
    calls.add(4, 1, def(4), call(6));
    std::vector<CallCycles::Cycle> cycles = calls.cycles();
    REQUIRE(cycles.size() == 2);
    CHECK(cycles[0].call.id == call(5).id);
    CHECK(ids(cycles[0].callers) == ids({def(7), def(8)}));
    CHECK(cycles[1].call.id == call(6).id);
    CHECK(ids(cycles[1].callers) == ids({def(1), def(2), def(4)}));
    calls.clear();
    CHECK(calls.cycles().empty());
}

TEST_CASE("A cycle through a function defined later is found too") {
    CallCycles calls;
    calls.add(1, 7, def(1), call(1));
    calls.add(7, 3, def(7), call(2));
    calls.add(3, 1, def(3), call(3));
    std::vector<CallCycles::Cycle> cycles = calls.cycles();
    REQUIRE(cycles.size() == 1);
    CHECK(ids(cycles[0].callers) == ids({def(1), def(7), def(3)}));
}

TEST_CASE("Calls past the bound are not remembered") {
    CallCycles calls;
    for (std::size_t i = 0; i < CallCycles::k_max_calls; ++i)
        REQUIRE(calls.add(1, 2, def(1), call(1)));
    CHECK_FALSE(calls.add(2, 1, def(2), call(2)));
    CHECK(calls.cycles().empty());
}

TEST_CASE("Chains of 2,000 functions each calling the next or the one before twice: one cycle when closed") {
    for (int direction : {-1, +1}) {
        CallCycles calls;
        int k = 0;
        for (int i = 1; i < 2000; ++i) {
            int from = direction < 0 ? i : i - 1, to = direction < 0 ? i - 1 : i;
            REQUIRE(calls.add(from, to, def(from), call(k++)));
            REQUIRE(calls.add(from, to, def(from), call(k++)));
        }
        CHECK(calls.cycles().empty());
        int from = direction < 0 ? 0 : 1999, to = direction < 0 ? 1999 : 0;
        REQUIRE(calls.add(from, to, def(from), call(k)));
        std::vector<CallCycles::Cycle> cycles = calls.cycles();
        REQUIRE(cycles.size() == 1);
        CHECK(cycles[0].call.id == call(k).id);
        CHECK(cycles[0].callers.size() == 2000);
        CHECK(cycles[0].callers.front().id == def(to).id);
        CHECK(cycles[0].callers.back().id == def(from).id);
    }
}
