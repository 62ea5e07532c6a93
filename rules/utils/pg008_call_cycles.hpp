#pragma once
// The calls between a file's functions that PG008 has seen (each before any
// branch of its caller), and the cycles among them: functions that call each
// other until the stack is exhausted.
//
// The calls are gathered while the engine walks the file and judged once at
// its end: the strongly connected components of the call graph (Tarjan's,
// without recursion) in time linear in the calls, however they chain; a
// file of 2,000 functions each calling the one before twice costs as much as
// 4,000 calls. Each cycle is reported once, at the call that closed it (the
// last of its calls in the file), naming the functions on its way.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "analyzer/model/model.hpp"

namespace pygate::rules {

class CallCycles {
public:
    // Calls remembered per file; the ones after it are not judged for cycles.
    static constexpr std::size_t k_max_calls = 4096;

    void clear();
    // Remembers that `call`, in the function `caller` of scope `from`, calls
    // the function of scope `to`; false when the file is past k_max_calls.
    bool add(analyzer::ScopeId from, analyzer::ScopeId to, analyzer::Node caller, analyzer::Node call);

    struct Cycle {
        analyzer::Node call;                  // the call that closed it
        std::vector<analyzer::Node> callers;  // the functions on the way, from the one it calls round to its own
    };
    // Every cycle among the calls remembered, in the order of their closing calls.
    std::vector<Cycle> cycles() const;

private:
    struct Edge {
        analyzer::ScopeId to;
        analyzer::Node call;
        std::uint32_t order;  // when it was added
    };
    struct Function {
        std::vector<Edge> calls;
        analyzer::Node definition{};
    };
    std::vector<Function> m_functions;  // by scope id
    std::uint32_t m_calls = 0;
};

}  // namespace pygate::rules
