#pragma once
// How much a server holds at once by default, from the machine it runs on.
// Each open session is a live interpreter the profile lets grow to its
// memory limit (512 MiB under the built-ins); without a bound on their
// number a client that opens sessions in a loop takes the host's memory.

#include <cstdint>

namespace pygate::serve {

// The memory one session is assumed to hold when sizing the default: the
// built-in profiles' `runner.memory_mb`.
inline constexpr std::uint64_t k_session_memory_bytes = std::uint64_t{512} << 20;
// Sessions idle most of the time, but each may be busy: at most this many per core.
inline constexpr unsigned k_sessions_per_core = 8;

// Sessions whose memory limits fit in half of `memory_bytes`, at most
// k_sessions_per_core per core, and at least one.
unsigned default_max_sessions(unsigned cores, std::uint64_t memory_bytes);

// The machine's physical memory in bytes (0 when unknown).
std::uint64_t physical_memory_bytes();

}  // namespace pygate::serve
