#include "rules/utils/pg008_call_cycles.hpp"

#include <algorithm>
#include <limits>

namespace pygate::rules {

using analyzer::Node;
using analyzer::ScopeId;

namespace {
constexpr std::uint32_t k_unvisited = std::numeric_limits<std::uint32_t>::max();
}

void CallCycles::clear() {
    m_functions.clear();
    m_calls = 0;
}

bool CallCycles::add(ScopeId from, ScopeId to, Node caller, Node call) {
    if (m_calls >= k_max_calls || from < 0 || to < 0) return false;
    std::size_t needed = static_cast<std::size_t>(std::max(from, to)) + 1;
    if (m_functions.size() < needed) m_functions.resize(needed);
    Function& function = m_functions[static_cast<std::size_t>(from)];
    function.definition = caller;
    function.calls.push_back({to, call, m_calls++});
    return true;
}

std::vector<CallCycles::Cycle> CallCycles::cycles() const {
    const std::size_t count = m_functions.size();
    // Tarjan's strongly connected components, with an explicit stack of frames.
    std::vector<std::uint32_t> index(count, k_unvisited), low(count, 0), component(count, k_unvisited);
    std::vector<bool> on_stack(count, false);
    std::vector<ScopeId> stack;
    struct Frame {
        ScopeId scope;
        std::size_t next_edge;
    };
    std::vector<Frame> frames;
    std::uint32_t next_index = 0, components = 0;
    for (std::size_t root = 0; root < count; ++root) {
        if (index[root] != k_unvisited || m_functions[root].calls.empty()) continue;
        frames.push_back({static_cast<ScopeId>(root), 0});
        index[root] = low[root] = next_index++;
        stack.push_back(static_cast<ScopeId>(root));
        on_stack[root] = true;
        while (!frames.empty()) {
            Frame& frame = frames.back();
            const auto at = static_cast<std::size_t>(frame.scope);
            const std::vector<Edge>& edges = m_functions[at].calls;
            if (frame.next_edge < edges.size()) {
                const auto to = static_cast<std::size_t>(edges[frame.next_edge++].to);
                if (index[to] == k_unvisited) {
                    index[to] = low[to] = next_index++;
                    stack.push_back(static_cast<ScopeId>(to));
                    on_stack[to] = true;
                    frames.push_back({static_cast<ScopeId>(to), 0});
                } else if (on_stack[to]) {
                    low[at] = std::min(low[at], index[to]);
                }
                continue;
            }
            if (low[at] == index[at]) {
                for (;;) {
                    auto member = static_cast<std::size_t>(stack.back());
                    stack.pop_back();
                    on_stack[member] = false;
                    component[member] = components;
                    if (member == at) break;
                }
                ++components;
            }
            frames.pop_back();
            if (!frames.empty()) {
                const auto parent = static_cast<std::size_t>(frames.back().scope);
                low[parent] = std::min(low[parent], low[at]);
            }
        }
    }

    // Each component's closing call: the last call added between two of its functions.
    struct Closing {
        const Edge* edge = nullptr;
        ScopeId from = -1;
    };
    std::vector<Closing> closing(components);
    for (std::size_t from = 0; from < count; ++from)
        for (const Edge& edge : m_functions[from].calls) {
            const auto to = static_cast<std::size_t>(edge.to);
            if (component[from] != component[to] || component[from] == k_unvisited || from == to) continue;
            Closing& last = closing[component[from]];
            if (last.edge == nullptr || edge.order > last.edge->order) last = {&edge, static_cast<ScopeId>(from)};
        }

    std::vector<Cycle> out;
    std::vector<ScopeId> came_from(count, -1), queue;
    for (const Closing& last : closing) {
        if (last.edge == nullptr) continue;
        // The shortest way inside the component from the closing call's callee back to its caller.
        const ScopeId start = last.edge->to, target = last.from;
        const std::uint32_t inside = component[static_cast<std::size_t>(start)];
        queue.assign(1, start);
        came_from[static_cast<std::size_t>(start)] = start;
        for (std::size_t next = 0; next < queue.size(); ++next) {
            ScopeId scope = queue[next];
            if (scope == target) break;
            for (const Edge& edge : m_functions[static_cast<std::size_t>(scope)].calls) {
                const auto to = static_cast<std::size_t>(edge.to);
                if (component[to] != inside || came_from[to] != -1) continue;
                came_from[to] = scope;
                queue.push_back(edge.to);
            }
        }
        Cycle cycle{last.edge->call, {}};
        for (ScopeId at = target;; at = came_from[static_cast<std::size_t>(at)]) {
            cycle.callers.push_back(m_functions[static_cast<std::size_t>(at)].definition);
            if (at == start) break;
        }
        std::reverse(cycle.callers.begin(), cycle.callers.end());
        for (ScopeId visited : queue)
            came_from[static_cast<std::size_t>(visited)] = -1;
        out.push_back(std::move(cycle));
    }
    std::sort(out.begin(), out.end(),
              [](const Cycle& a, const Cycle& b) { return node_start_byte(a.call) < node_start_byte(b.call); });
    return out;
}

}  // namespace pygate::rules
