// pygate: a static-analysis gate for untrusted Python.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "cli/check_command.hpp"
#include "cli/config_command.hpp"
#include "cli/exit_codes.hpp"
#include "cli/hook_command.hpp"
#include "cli/kernel_command.hpp"
#include "cli/lsp_command.hpp"
#include "cli/mcp_command.hpp"
#include "cli/profile_commands.hpp"
#include "cli/repl_command.hpp"
#include "cli/rule_commands.hpp"
#include "cli/run_command.hpp"
#include "cli/serve_command.hpp"
#include "support/version.hpp"

int main(int argc, char** argv) {
    using namespace pygate::cli;
    try {
        CLI::App app("pygate: a static-analysis gate for untrusted Python", "pygate");
        app.set_version_flag("--version", std::string("pygate ") + pygate::support::k_pygate_version);
        app.require_subcommand(1);
        CheckOptions check_options;
        add_check_command(app, check_options);
        ConfigCommandOptions config_options;
        add_config_command(app, config_options);
        ProfileCommandOptions profile_options;
        add_profile_commands(app, profile_options);
        RuleCommandOptions rule_options;
        add_rule_commands(app, rule_options);
        RunOptions run_options;
        add_run_command(app, run_options);
        pygate::hooks::HookOptions hook_options;
        add_hook_command(app, hook_options);
        ReplOptions repl_options;
        add_repl_command(app, repl_options);
        pygate::mcp::McpOptions mcp_options;
        add_mcp_command(app, mcp_options);
        LspCommandOptions lsp_options;
        add_lsp_command(app, lsp_options);
        add_kernel_command(app);
        ServeCommandOptions serve_options;
        add_serve_commands(app, serve_options);
        try {
            app.parse(argc, argv);
        } catch (const CLI::CallForHelp& e) {
            return app.exit(e);
        } catch (const CLI::CallForAllHelp& e) {
            return app.exit(e);
        } catch (const CLI::CallForVersion& e) {
            return app.exit(e);
        } catch (const CLI::ParseError& e) {
            app.exit(e);
            return k_exit_usage;
        }
        return k_exit_allow;
    } catch (const std::exception& error) {
        std::cerr << "pygate: internal error: " << error.what() << '\n';
        return k_exit_internal;
    }
}
