#include "cli/lsp_command.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <optional>

#include "cli/exit_codes.hpp"
#include "judging/target_libraries.hpp"

namespace pygate::cli {

void add_lsp_command(CLI::App& app, LspCommandOptions& command) {
    lsp::LspOptions& options = command.server;
    CLI::App* lsp = app.add_subcommand(
        "lsp",
        "Serve the Language Server Protocol on stdin/stdout: diagnostics as you type, for scripts and notebooks");
    lsp->add_flag("--stdio", options.stdio,
                  "Speak over stdin/stdout (the only transport; accepted because editors pass it)");
    lsp->add_option_function<std::string>(
           "--profile", [&options](const std::string& profile) { options.profile = profile; },
           "The profile (default: pygate.toml's, else safe_eval); the client's settings override it")
        ->type_name("NAME|FILE");
    lsp->add_flag("--isolated", options.isolated,
                  "Read no configuration file (pygate.toml, pyproject.toml's [tool.pygate])");
    lsp->add_option("--max-message", options.max_message, "The longest message in bytes (default: 64 MiB)")
        ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 30));
    lsp->add_option("--libraries", command.libraries,
                    "The library versions code is judged for: python:PATH, tables or DIST=VERSION,... (as check)")
        ->capture_default_str();
    lsp->callback([&command] {
        // As `pygate check`: set once for the process, before anything is judged.
        std::string error;
        std::optional<analyzer::LibraryVersions> libraries = judging::libraries_from_option(command.libraries, error);
        if (!libraries) {
            if (!command.libraries.starts_with("python:")) {
                std::cerr << "pygate: error: --libraries: " << error << '\n';
                std::exit(k_exit_usage);
            }
            std::cerr << "pygate: warning: --libraries " << command.libraries << ": " << error
                      << "; every library name is judged unknown\n";
            libraries = analyzer::LibraryVersions{};
        }
        judging::set_target_libraries(std::move(*libraries));
        const lsp::LspEnd end = lsp::serve_lsp(STDIN_FILENO, STDOUT_FILENO, command.server);
        std::exit(end == lsp::LspEnd::exit_after_shutdown ? k_exit_lsp_after_shutdown : k_exit_lsp_without_shutdown);
    });
}

}  // namespace pygate::cli
