#pragma once
// How big a constant expression's value would be, estimated without
// computing it: `10**10**10**10`, `'a' * 10**100` or a power tower hundreds
// deep is judged in a few steps per node, never by building the number. A
// value is kept as the base-10 logarithm of its magnitude (an integer's
// absolute value, or the length of a string, bytes, list or range), in
// saturating arithmetic: anything above 10^k_saturated is "astronomical"
// and stays so.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/model/model.hpp"
#include "analyzer/profile.hpp"
#include "analyzer/syntax/syntax_tree.hpp"

namespace pygate::rules {

using analyzer::Node;

// log10 values at or above this are all the same astronomical size.
inline constexpr double k_saturated = 1e300;

struct Magnitude {
    enum class Kind : std::uint8_t {
        unknown,
        integer,  // log10: of the absolute value (0 for 0 and 1)
        text,     // log10: of the length in characters
        bytes,    // log10: of the length in bytes
        list,     // a list or tuple; log10: of the length (each slot is 8 bytes)
        range,    // a range; log10: of the length (lazy: costs nothing until materialised)
        array,    // a numpy array; log10: of its size in bytes
    };
    Kind kind = Kind::unknown;
    double log10 = 0;
    std::optional<std::int64_t> exact;  // the integer or the length, when it fits
    // An integer whose sign is not known: `(-3) ** n`, `a - b`. Used as a
    // repeat count, a width or a length it may build nothing (or raise), so
    // it is no lower bound on anything.
    bool may_be_negative = false;

    bool known() const { return kind != Kind::unknown; }
    // Known to be at least zero: exact and so, or built only from such values.
    bool non_negative() const { return exact ? *exact >= 0 : !may_be_negative; }
};

// What counts as too big: the profile's memory limit, and a million digits.
struct SizeLimits {
    double max_bytes_log10 = 0;     // log10(limits.memory_mb in bytes)
    double max_digits_log10 = 6.0;  // integers: log10 of the digit count

    static SizeLimits of(const analyzer::Profile& profile);
};

// The largest value found over the limits, and where.
struct Oversize {
    Node at{};
    Magnitude size;
};

// One estimate of one expression and everything inside it. Each node costs a
// bounded number of steps (no loop depends on a value); `steps()` counts them
// so tests can show the work is bounded.
class SizeEstimator {
public:
    static constexpr std::uint32_t k_max_steps = 1u << 16;
    static constexpr std::uint32_t k_max_depth = 1000;

    SizeEstimator(const analyzer::Model& model, analyzer::ScopeId scope, SizeLimits limits,
                  std::vector<std::uint64_t>* visited_operators = nullptr)
        : m_model(model), m_scope(scope), m_limits(limits), m_visited(visited_operators) {}

    Magnitude estimate(Node expr);
    // A call whose callee is already resolved.
    Magnitude estimate_call(Node call, const analyzer::Referents& callee);

    // The largest value over the limits the estimate met (the expression
    // itself or any part of it Python would compute first).
    const std::optional<Oversize>& oversize() const { return m_oversize; }
    // The expression was too large or too deep to judge within the budget.
    bool gave_up() const { return m_gave_up; }
    std::uint32_t steps() const { return m_steps; }

    // The keyword of the width argument when `call` calls a padding method
    // (ljust, rjust, center, zfill), whose result is that wide.
    static std::optional<std::string_view> padding_method(const analyzer::Model& model, Node call);

    // "about 10^12 bytes", "about 10^10 digits", "more than 10^300 digits".
    static std::string describe(const Magnitude& size);
    // log10 of the bytes a value takes (integers: of its digits).
    static double footprint_log10(const Magnitude& size);

private:
    Magnitude visit(Node expr, std::uint32_t depth);
    Magnitude binary(Node expr, std::uint32_t depth);
    Magnitude bound_value(Node name, std::uint32_t depth);
    Magnitude percent_format(Node expr, std::uint32_t depth);
    Magnitude method_result(Node call, std::uint32_t depth);
    Magnitude call(Node call, const analyzer::Referents& callee, std::uint32_t depth);
    Magnitude shape_elements(Node shape, std::uint32_t depth);
    Magnitude checked(Node at, Magnitude size);

    const analyzer::Model& m_model;
    analyzer::ScopeId m_scope;
    SizeLimits m_limits;
    std::vector<std::uint64_t>* m_visited;  // the binary operators estimated, as (start << 32 | end), sorted
    std::optional<Oversize> m_oversize;
    std::uint32_t m_steps = 0;
    bool m_gave_up = false;
    std::vector<const void*> m_expanding;  // the bound values being estimated, by node id
};

// The key `visited_operators` holds for a node.
inline std::uint64_t span_key(Node node) {
    return (static_cast<std::uint64_t>(node_start_byte(node)) << 32) | node_end_byte(node);
}

// Saturating log10 arithmetic, exposed for tests.
double saturate(double log10);
// log10(base ** exponent) for |base| >= 2, from the exponent's magnitude.
double power_log10(double base_log10, const Magnitude& exponent);
// log10(n!) from n's magnitude (Stirling).
double factorial_log10(const Magnitude& n);

}  // namespace pygate::rules
