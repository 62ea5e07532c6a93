#include "cli/mcp_command.hpp"

#include <unistd.h>

#include <cstdlib>

#include "cli/exit_codes.hpp"

namespace pygate::cli {

using mcp::McpOptions;
using mcp::serve_mcp;

void add_mcp_command(CLI::App& app, McpOptions& options) {
    CLI::App* mcp = app.add_subcommand(
        "mcp", "Serve the Model Context Protocol on stdin/stdout: check_python, run_python and Python sessions");
    mcp->add_option("--profile", options.profile, "The profile of calls that name none")->capture_default_str();
    mcp->add_option("--allow-profiles", options.allow_profiles,
                    "The only profiles a call may name (comma-separated; default: just --profile)")
        ->delimiter(',');
    mcp->add_flag("--no-run", options.no_run, "Offer check_python only: nothing is run");
    mcp->add_option("--python", options.python, "The interpreter runs use (an absolute path)")->capture_default_str();
    mcp->add_option("--max-message", options.max_message, "The longest message in bytes (default: 16 MiB)")
        ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 29));
    mcp->add_option("--jobs,-j", options.jobs, "Check threads (default: all cores)")->check(CLI::Range(1u, 1024u));
    mcp->add_option("--max-runs", options.max_runs, "Runs at once; more are queued (default: cores)")
        ->check(CLI::Range(1u, 1024u));
    mcp->add_option("--max-sessions", options.max_sessions,
                    "Sessions open at once; more are refused (default: from cores and memory)")
        ->check(CLI::Range(1u, 4096u));
    mcp->callback([&options] { std::exit(serve_mcp(STDIN_FILENO, STDOUT_FILENO, options) ? k_exit_allow : k_exit_usage); });
}

}  // namespace pygate::cli
