#pragma once
// The exit codes of CLI.md; cli/ is the only place that chooses one.

namespace pygate::cli {

inline constexpr int k_exit_allow = 0;
inline constexpr int k_exit_deny = 1;
inline constexpr int k_exit_usage = 2;
inline constexpr int k_exit_review = 3;
inline constexpr int k_exit_internal = 4;
// `pygate lsp` ends as the Language Server Protocol says: 0 after `shutdown`
// and `exit`, 1 when the client exits or goes away without `shutdown`.
inline constexpr int k_exit_lsp_after_shutdown = 0;
inline constexpr int k_exit_lsp_without_shutdown = 1;

// Stopped by a signal it caught (SIGTERM, SIGHUP, SIGINT) after tidying up:
// 128 + its number, as the shells report a process a signal ended.
inline constexpr int exit_code_of_signal(int signal) {
    return 128 + signal;
}

}  // namespace pygate::cli
