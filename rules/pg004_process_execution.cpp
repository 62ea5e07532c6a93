#include "rules/catalogue.hpp"

#include <fmt/format.h>

#include <array>
#include <optional>
#include <string>

#include "analyzer/syntax/python_symbols.hpp"
#include "rules/utils/library_effects.hpp"
#include "rules/utils/name_table.hpp"
#include "rules/utils/pg004_matplotlib_programs.hpp"
#include "rules/utils/untraced_method_call.hpp"
#include "rules/utils/referent_names.hpp"

namespace pygate::rules {
namespace {

constexpr analyzer::RuleNumber k_rule = 4;
constexpr std::array<std::string_view, 2> k_cwe = {"CWE-78", "CWE-400"};

constexpr NameEntry k_runs_processes_entries[] = {
    {"subprocess", "runs other programs"},
    {"subprocess.*", "runs other programs"},
    {"os.system", "runs a shell command"},
    {"os.popen", "runs a shell command"},
    {"os.exec*", "replaces the process with another program"},
    {"os.spawn*", "starts another program"},
    {"os.posix_spawn*", "starts another program"},
    {"os.fork", "forks the process"},
    {"os.forkpty", "forks the process"},
    {"os.kill", "signals other processes"},
    {"os.killpg", "signals other processes"},
    {"os.abort", "kills the interpreter"},
    {"os.startfile", "starts another program"},
    {"posix.system", "runs a shell command"},
    {"posix.fork", "forks the process"},
    {"posix.exec*", "replaces the process with another program"},
    {"posix.posix_spawn*", "starts another program"},
    {"pty", "starts programs on a pseudo-terminal"},
    {"pty.*", "starts programs on a pseudo-terminal"},
    {"ctypes", "calls native code"},
    {"ctypes.*", "calls native code"},
    {"cffi", "calls native code"},
    {"cffi.*", "calls native code"},
    {"signal", "installs signal handlers and signals processes"},
    {"signal.*", "installs signal handlers and signals processes"},
    {"multiprocessing", "starts processes"},
    {"multiprocessing.*", "starts processes"},
    {"concurrent.futures.ProcessPoolExecutor", "starts processes"},
    {"concurrent.futures.process.*", "starts processes"},
    {"asyncio.create_subprocess_exec", "runs other programs"},
    {"asyncio.create_subprocess_shell", "runs a shell command"},
    {"asyncio.subprocess.*", "runs other programs"},
    {"asyncio.*EventLoop.subprocess_exec", "runs other programs"},
    {"asyncio.*EventLoop.subprocess_shell", "runs a shell command"},
    {"_posixsubprocess", "runs other programs"},
    {"_posixsubprocess.*", "runs other programs"},
    {"_thread", "starts threads without limits"},
    {"_thread.*", "starts threads without limits"},
    {"numpy.ctypeslib", "loads and calls native libraries"},
    {"numpy.ctypeslib.*", "loads and calls native libraries"},
    {"numpy.f2py", "compiles and loads native code"},
    {"numpy.f2py.*", "compiles and loads native code"},
    {"numpy.distutils", "compiles native code"},
    {"numpy.distutils.*", "compiles native code"},
    {"matplotlib.animation.*Writer*", "animation writers start ffmpeg or ImageMagick"},
    // The pgf backend runs the TeX program pgf.texsystem names to measure and typeset text.
    {"matplotlib.backends.backend_pgf.*", "the pgf backend runs TeX (the program pgf.texsystem names)"},
    {"matplotlib.texmanager", "runs LaTeX and dvipng"},
    {"matplotlib.*.TexManager", "runs LaTeX and dvipng"},
    {"matplotlib.cbook.report_memory", "runs ps"},
    {"matplotlib.backends.backend_ps.convert_psfrags", "runs LaTeX"},
    {"scipy.LowLevelCallable", "calls native function pointers"},
    {"scipy.*.LowLevelCallable", "calls native function pointers"},
    {"matplotlib.texmanager.*", "runs LaTeX and dvipng"},
    {"matplotlib.dviread.find_tex_file", "runs kpsewhich"},
    {"matplotlib.backends.backend_pgf.*", "runs LaTeX"},
    {"matplotlib.backends.backend_ps.*_distill", "runs Ghostscript or xpdf"},
    {"matplotlib.backends.backend_ps.pstoeps", "runs Ghostscript"},
    {"matplotlib.testing.*", "runs processes (LaTeX, Inkscape, Ghostscript) and compares image files"},
    {"numpy.testing.extbuild.*", "compiles and loads native code"},
    {"sys.setdlopenflags", "changes how native libraries are loaded"},
    {"sys.remote_exec", "runs code in another process"},
    {"pandas.read_clipboard", "runs the clipboard program (xclip, xsel, wl-paste or pbpaste)"},
    {"pandas.*.to_clipboard", "runs the clipboard program (xclip, xsel, wl-copy or pbcopy)"},
    {"pandas.io.clipboard*", "runs the clipboard program (xclip, xsel, wl-copy or pbcopy)"},
    {"threading.Thread", "starts a thread (thread bombs)", analyzer::Severity::warning},
};
const NameTable k_runs_processes{k_runs_processes_entries};

std::vector<std::string> references() {
    return patterns_of(k_runs_processes);
}
constexpr std::array<RuleTable, 1> k_tables = {{{"References that run processes or native code", references}}};

void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    report_matching_reference(reference, context, k_rule, k_runs_processes);
    report_library_effect(reference, context, k_rule, k_runs_processes,
                          {{"process", "starts other programs"}, {"native", "loads native code"}});
    judge_rc_params_reference(reference, context, k_rule);
}

// Animation.save and to_html5_video run the writer rcParams["animation.writer"]
// names (ffmpeg unless told otherwise) through rcParams' program path; the
// pillow and html writers are Python.
void judge_animation_save(const analyzer::CallSite& site, analyzer::RuleContext& context) {
    const analyzer::Model& model = context.model();
    // An animation passed as a parameter (`def keep(a): a.save(p)`) is
    // untraced: in a file that imports matplotlib, a save or
    // to_html5_video of an untraced value is taken for the animation's
    // (an animation comes from matplotlib.animation only, never from the
    // libraries that hand out matplotlib's figures).
    analyzer::Referents guessed;
    if (site.callee.empty() && node_symbol(site.function) == analyzer::PythonSymbols::get().attribute &&
        model.imports("matplotlib")) {
        std::string storage;
        std::string_view method = model.identifier(model.attribute_name(site.function), storage);
        analyzer::Referent as_method;
        as_method.qualified = method == "save"              ? "matplotlib.animation.Animation.save"
                              : method == "to_html5_video" ? "matplotlib.animation.Animation.to_html5_video"
                                                            : "";
        if (!as_method.qualified.empty()) guessed.push_back(as_method);
    }
    for (const analyzer::Referent& callee : site.callee.empty() ? guessed : site.callee) {
        if (callee.kind != analyzer::Referent::Kind::name || !callee.qualified.starts_with("matplotlib.animation.") ||
            !(callee.qualified.ends_with(".save") || callee.qualified.ends_with(".to_html5_video")))
            continue;
        if (callee.qualified.ends_with(".save")) {
            analyzer::Node writer = model.argument(site.node, 1, "writer");
            std::optional<std::string> name = model.fold_string(writer, site.scope);
            if (name && (*name == "pillow" || *name == "html")) return;
        }
        context.report(k_rule, analyzer::Severity::error, site.function,
                       fmt::format("`{}` runs ffmpeg or ImageMagick (the program rcParams names; only "
                                   "writer=\"pillow\" or \"html\" runs none): {}",
                                   model.text(site.function), context.how_reached(site.function, callee)),
                       60, &callee);
        return;
    }
}

// `task.get_loop().subprocess_shell(...)`, a loop passed as a parameter: untraced_method_call.hpp.
void on_call(const analyzer::CallSite& site, analyzer::RuleContext& context) {
    report_untraced_method_call(site, context, k_rule, k_runs_processes);
    judge_animation_save(site, context);
    judge_program_settings_call(site, context, k_rule);
}

void on_attribute(const analyzer::AttributeSite& site, analyzer::RuleContext& context) {
    judge_tex_method_as_value(site, context, k_rule);
}

// `matplotlib.rcParams["text.usetex"] = True`: pg004_matplotlib_programs.hpp.
void on_syntax(const analyzer::SyntaxSite& site, analyzer::RuleContext& context) {
    TSSymbol kind = node_symbol(site.node);
    if (kind == analyzer::PythonSymbols::get().pair) return judge_setting_pair(site, context, k_rule);
    if (kind == analyzer::PythonSymbols::get().augmented_assignment)
        return judge_rc_params_update_in_place(site, context, k_rule);
    judge_program_settings_subscript(site, context, k_rule);
}

std::span<const TSSymbol> syntax_kinds() {
    static const std::array<TSSymbol, 3> kinds = {analyzer::PythonSymbols::get().subscript,
                                                  analyzer::PythonSymbols::get().pair,
                                                  analyzer::PythonSymbols::get().augmented_assignment};
    return kinds;
}

constexpr analyzer::RuleHooks k_hooks{.on_reference = on_reference,
                                      .on_call = on_call,
                                      .on_attribute = on_attribute,
                                      .on_syntax = on_syntax,
                                      .syntax_kinds = syntax_kinds};

}  // namespace

const NameTable& process_execution_table() {
    return k_runs_processes;
}

const RuleMetadata k_pg004_process_execution{
    .number = k_rule,
    .name = "process-execution",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Running other programs, forking, signals, native code and threads",
    .catches =
        "References to subprocess, os.system, os.popen, os.exec*, os.spawn*, os.posix_spawn*, os.fork, "
        "os.kill, pty, ctypes, cffi, signal, multiprocessing, ProcessPoolExecutor, asyncio's subprocess "
        "functions and event-loop methods, _posixsubprocess and _thread; threading.Thread as a warning "
        "(thread bombs). `os.path.join` and other members of os are not process execution. Also: library "
        "callables whose table entry says they start programs; matplotlib settings that start programs "
        "(text.usetex, a text's usetex= and set_usetex(), ismath=\"TeX\" by keyword or position, a renderer's "
        "draw_tex() and get_texmanager(), TeX manager's make_dvi and make_png, set_usetex and those runners "
        "taken as values or named by strings (getattr, methodcaller), a usetex key listed for zip or fromkeys, "
        "ps.usedistiller, pgf.texsystem, animation.ffmpeg_path and "
        "convert_path; axes.prop_cycle, whose string value matplotlib evaluates as code) set to a value that "
        "turns them on, wherever their key is written (a value pygate cannot see, or a key it cannot fold, is a "
        "review); rcParams or its setters handed where pygate does not follow them (the program's function, a "
        "list, functools.partial), the style library and the animation writers' registry, a review; rcParams' "
        "validators (axes.prop_cycle's evaluates strings), a denial; Animation.save and to_html5_video, of an "
        "untraced value too, with a writer other than pillow or html.",
    .why =
        "A child process is outside everything pygate checked: it runs whatever program it names, with the "
        "user's rights. Native code through ctypes or cffi can do the same without a process.",
    .bad_example =
        "import subprocess as sp\n"
        "sp.run(['curl', 'https://example.com/x.sh'])\n",
    .good_example =
        "import math\n"
        "result = math.sqrt(2)\n",
    .instead = "Compute the result in Python; if a tool must run, let the pipeline run it outside the untrusted code.",
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
