#include "cli/serve_command.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include "cli/exit_codes.hpp"
#include "judging/target_libraries.hpp"
#include "profiles/compiled_profiles.hpp"
#include "serve/workers/run_worker.hpp"
#include "serve/workers/session_worker.hpp"
#include "serve/workers/template_worker.hpp"
#include "serve/workers/worker_process.hpp"

namespace pygate::cli {

using serve::run_worker_main;
using serve::session_worker_main;
using serve::template_worker_main;

void add_serve_commands(CLI::App& app, ServeCommandOptions& options) {
    CLI::App* serve_command = app.add_subcommand(
        "serve", "Serve check and run requests as JSON Lines on stdin/stdout (docs/protocol.md)");
    serve_command->add_option("--profile", options.serve.default_profile, "The profile of requests that name none")
        ->capture_default_str();
    serve_command->add_option("--jobs,-j", options.serve.jobs, "Check threads (default: all cores)")
        ->check(CLI::Range(1u, 1024u));
    serve_command->add_option("--max-runs", options.serve.max_runs, "Runs at once; more are queued (default: cores)")
        ->check(CLI::Range(1u, 1024u));
    serve_command
        ->add_option("--max-sessions", options.serve.max_sessions,
                     "Sessions open at once; more are refused too_many_sessions (default: from cores and memory)")
        ->check(CLI::Range(1u, 4096u));
    serve_command
        ->add_option("--max-templates", options.serve.max_templates,
                     "Warm-run templates kept, one per profile; runs under more profiles are cold (default: 4)")
        ->check(CLI::Range(1u, 64u));
    serve_command
        ->add_option("--max-line", options.serve.max_line, "The longest request line in bytes (default: 16 MiB)")
        ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 30));
    serve_command->add_flag("--unsafe-skip-gate", options.serve.unsafe_skip_gate,
                            "UNSAFE, for testing the sandbox only: run the `run` requests' code without the static gate");
    serve_command->add_option("--python", options.serve.python, "The interpreter runs use (an absolute path)")
        ->capture_default_str();
    serve_command->callback([&options] {
        // The default profile must load: a server that would fail every
        // request is a configuration error, said at once.
        profiles::ProfileResult loaded = profiles::resolve_profile(options.serve.default_profile);
        if (auto* error = std::get_if<profiles::ProfileError>(&loaded)) {
            std::cerr << "pygate: error: " << error->to_string() << '\n';
            std::exit(k_exit_usage);
        }
        // Code is judged for the libraries of the interpreter that runs it.
        std::string error;
        std::optional<analyzer::LibraryVersions> libraries = judging::ask_interpreter(options.serve.python, error);
        if (!libraries) std::cerr << "pygate: warning: " << error << "; every library name is judged unknown\n";
        judging::set_target_libraries(libraries ? std::move(*libraries) : analyzer::LibraryVersions{});
        std::exit(serve::serve(STDIN_FILENO, STDOUT_FILENO, options.serve));
    });

    // Started by the server only: not listed in the help.
    CLI::App* worker = app.add_subcommand(serve::worker_subcommand(serve::WorkerKind::run), "");
    worker->group("");
    worker->add_option("--parent", options.worker_parent)->required();
    worker->callback([&options] { std::exit(run_worker_main(options.worker_parent)); });
    CLI::App* session_worker = app.add_subcommand(serve::worker_subcommand(serve::WorkerKind::session), "");
    session_worker->group("");
    session_worker->add_option("--parent", options.worker_parent)->required();
    session_worker->callback([&options] { std::exit(session_worker_main(options.worker_parent)); });
    CLI::App* template_worker =
        app.add_subcommand(serve::worker_subcommand(serve::WorkerKind::template_process), "");
    template_worker->group("");
    template_worker->add_option("--parent", options.worker_parent)->required();
    template_worker->callback([&options] { std::exit(template_worker_main(options.worker_parent)); });
}

}  // namespace pygate::cli
