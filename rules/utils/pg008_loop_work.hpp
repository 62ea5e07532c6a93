#pragma once
// How much work a loop would do, estimated from constants, never executed,
// for PG008: work the runner would otherwise have to stop.
// - a `for` over a constant range, with the constant loops around it, whose
//   trips are more than the profile's CPU limit could finish;
// - a value that a loop of constant length grows geometrically (`buf +=
//   buf`, `v = v ** 2`, `t = [t, t]`) past the memory limit or a million digits;
// - a `while` comparing a name with a constant, whose body only moves the
//   name away from ending it (`while n > 0: n += 2`), or never changes it,
//   or steps it past the end (`while i != 10: i += 3` from 0), or whose
//   constant steps need more trips than the CPU limit allows.
// A loop whose body can leave it (break, return, raise, yield) or whose bound
// is not constant is not judged: the data decides it.

#include <optional>
#include <string>
#include <vector>

#include "analyzer/model/model.hpp"
#include "analyzer/profile.hpp"
#include "analyzer/syntax/syntax_tree.hpp"

namespace pygate::rules {

struct LoopWork {
    analyzer::Node at{};  // where the finding points
    std::string message;
};

// The simple steps CPython can take per CPU second, generously: a loop of
// more trips than limits.cpu_seconds times this cannot end within the limit
// whatever its body (an empty `for` body alone is over 10 ns a trip).
inline constexpr double k_steps_per_cpu_second_log10 = 8.0;

// For a `for` statement: too many trips, and values its body grows geometrically.
std::vector<LoopWork> judge_for_work(analyzer::Node loop, analyzer::ScopeId scope, const analyzer::Model& model,
                                     const analyzer::Profile& profile);

// The names the file's `global` and `nonlocal` statements declare (a
// function the loop calls could rebind one), read once per file on first
// need: a file of many loops is still read once.
class GlobalDeclarations {
public:
    bool declares(analyzer::Node any_node, const std::string& name, const analyzer::Model& model);
    void forget() {
        m_read = false;
        m_names.clear();
    }

private:
    bool m_read = false;
    std::vector<std::string> m_names;
};

// For a `while` statement: a condition that never becomes false, or only after too many trips.
std::optional<LoopWork> judge_while_work(analyzer::Node loop, analyzer::ScopeId scope, const analyzer::Model& model,
                                         const analyzer::Profile& profile, GlobalDeclarations& globals);

}  // namespace pygate::rules
