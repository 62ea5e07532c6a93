#pragma once
// The bounds of the model's questions, in one place: what the resolver and
// the constant folder (one question, one budget, shared between them) and
// string_values may spend, so that no file can make a question slow or a
// folded constant large. Not part of the analyzer's public interface.

#include <cstddef>

namespace pygate::analyzer {

// Model::resolve and the folding it asks for (resolve.cpp, fold.cpp).
constexpr int k_resolve_max_depth = 200;
constexpr int k_resolve_max_steps = 4000;
// The longest constant the folder builds; a longer one is unknown.
constexpr std::size_t k_max_folded_bytes = 1 << 16;

// Model::possible_strings (string_values.cpp).
constexpr std::size_t k_string_values_max_values = 64;
constexpr int k_string_values_max_steps = 2000;
constexpr int k_string_values_max_depth = 32;
constexpr std::size_t k_string_values_max_bytes = k_max_folded_bytes;

// The steps one resolver question has left, shared by the folder it asks.
struct StepBudget {
    int steps = 0;
    bool exhausted = false;
    bool spend(int depth) {
        if (depth > k_resolve_max_depth || ++steps > k_resolve_max_steps) {
            exhausted = true;
            return false;
        }
        return true;
    }
};

}  // namespace pygate::analyzer
