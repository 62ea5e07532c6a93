#include "analyzer/syntax/parse.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <stdexcept>

#include "analyzer/syntax/leaf_bound.hpp"
#include "analyzer/syntax/template_strings.hpp"

#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define PYGATE_ON_VALGRIND() (RUNNING_ON_VALGRIND != 0)
#else
#define PYGATE_ON_VALGRIND() false
#endif

extern "C" const TSLanguage* tree_sitter_python(void);

namespace pygate::analyzer {
namespace {

constexpr std::uint64_t k_base_micros = 50'000;
constexpr std::uint64_t k_micros_per_byte = 1;
constexpr std::uint64_t k_valgrind_factor = 100;
constexpr PythonVersion k_pep750_target{3, 14};  // t-strings

std::uint64_t thread_cpu_micros() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000 + static_cast<std::uint64_t>(now.tv_nsec) / 1'000;
}

}  // namespace

const TSLanguage* python_language() { return tree_sitter_python(); }

std::uint64_t parse_budget_micros(std::size_t bytes) {
    std::uint64_t budget = k_base_micros + k_micros_per_byte * bytes;
    return PYGATE_ON_VALGRIND() ? budget * k_valgrind_factor : budget;
}

Parser::Parser() : m_parser(ts_parser_new()) {
    if (!m_parser || !ts_parser_set_language(m_parser.get(), python_language()))
        throw std::logic_error("tree-sitter rejected the Python grammar (ABI mismatch?)");
}

namespace {

// How a probe's parse of a large text went (probe_recovery).
enum class Probe : int { clean = 0, recovers = 3, over_budget = 4, failed = 5 };

// Whether parsing `text` makes tree-sitter recover from an error, asked of a
// child process: the recovery itself is what miscounts a large node and
// corrupts the heap (leaf_bound.hpp), so it must happen where nothing is
// lost by it. A recovery always leaves an error in the tree (an ERROR or a
// MISSING node, so the root has one); the child answers whether the root
// has one, and never frees the tree. A parse without one is then safe to do
// here: the same text parses the same way.
Probe probe_recovery(std::string_view text, std::uint64_t budget_micros) {
    pid_t child = fork();
    if (child < 0) return Probe::failed;
    if (child == 0) {
        TSParser* parser = ts_parser_new();
        if (parser == nullptr || !ts_parser_set_language(parser, python_language())) _exit(static_cast<int>(Probe::failed));
        const std::uint64_t start = thread_cpu_micros();
        for (;;) {
            const std::uint64_t used = thread_cpu_micros() - start;
            if (used >= budget_micros) _exit(static_cast<int>(Probe::over_budget));
            ts_parser_set_timeout_micros(parser, budget_micros - used);
            const TSTree* tree = ts_parser_parse_string_encoding(
                parser, nullptr, text.data(), static_cast<std::uint32_t>(text.size()), TSInputEncodingUTF8);
            if (tree != nullptr)  // the tree is the child's to drop
                _exit(static_cast<int>(ts_node_has_error(ts_tree_root_node(tree)) ? Probe::recovers : Probe::clean));
        }
    }
    // The child ends itself at its CPU budget. One that cannot run (stuck on
    // a lock another thread held at the fork, as a sanitizer's allocator
    // can be) uses no CPU, so a generous wall deadline ends it: the probe
    // failed, and the file is refused rather than waited on for ever.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::microseconds(budget_micros) * 10 +
                          std::chrono::seconds(10);
    int status = 0;
    for (;;) {
        pid_t done = waitpid(child, &status, WNOHANG);
        if (done == child) break;
        if (done < 0 && errno != EINTR) return Probe::failed;
        if (std::chrono::steady_clock::now() >= deadline) {
            ::kill(child, SIGKILL);  // our unreaped child: its pid cannot have been reused
            while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
            }
            return Probe::failed;
        }
        ::usleep(2000);
    }
    if (!WIFEXITED(status)) return Probe::failed;
    switch (WEXITSTATUS(status)) {
        case static_cast<int>(Probe::clean): return Probe::clean;
        case static_cast<int>(Probe::recovers): return Probe::recovers;
        case static_cast<int>(Probe::over_budget): return Probe::over_budget;
        default: return Probe::failed;
    }
}

std::string over_budget(std::uint64_t budget, std::size_t bytes) {
    return fmt::format("pygate's parser did not finish within its budget of {} ms of CPU time for {} bytes "
                       "(tree-sitter's error recovery is slow on long runs of broken code)",
                       budget / 1000, bytes);
}

}  // namespace

Parsed Parser::parse(std::string_view text) {
    // A line break adds at most three to either bound (newline, indent,
    // dedent) and any other byte one, and a run of extras holds a line break
    // per extra: a text whose bytes and line breaks cannot reach
    // k_safe_leaves (nearly every file) skips the pass.
    const std::size_t breaks = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
    const LeafBounds leaves =
        text.size() + 2 * breaks < k_safe_leaves ? LeafBounds{} : leaf_bounds(text);
    if (leaves.extras_run >= k_safe_leaves)
        return {std::nullopt,
                fmt::format("the file holds a run of {} comments and line continuations with nothing else between "
                            "them, and pygate's parser (tree-sitter 0.20.7) miscounts the children of a node that "
                            "gathers 65,536 of them, answering a wrong tree",
                            leaves.extras_run)};
    const std::uint64_t budget = parse_budget_micros(text.size());
    if (leaves.recovering >= k_safe_leaves) {
        switch (probe_recovery(text, budget)) {
            case Probe::clean: break;
            case Probe::recovers:
                return {std::nullopt,
                        fmt::format("a syntax error in a file of {} tokens or more (strings read as code, as the "
                                    "parser reads them while it recovers from an error): pygate's parser "
                                    "(tree-sitter 0.20.7) miscounts the children of a node it builds while it "
                                    "recovers once they are 65,536, so it does not recover from errors in so large "
                                    "a file",
                                    k_safe_leaves)};
            case Probe::over_budget: return {std::nullopt, over_budget(budget, text.size())};
            case Probe::failed:
                return {std::nullopt, "pygate's parser failed on this file in a process of its own"};
        }
    }
    TSParser* parser = m_parser.get();
    ts_parser_reset(parser);
    const std::uint64_t start = thread_cpu_micros();
    for (;;) {
        const std::uint64_t used = thread_cpu_micros() - start;
        if (used >= budget) break;
        // Wall time passes at least as fast as this thread's CPU time, so the
        // slice never ends before the CPU budget could have.
        ts_parser_set_timeout_micros(parser, budget - used);
        TSTree* tree = ts_parser_parse_string_encoding(parser, nullptr, text.data(),
                                                       static_cast<std::uint32_t>(text.size()), TSInputEncodingUTF8);
        if (tree != nullptr) {
            ts_parser_set_timeout_micros(parser, 0);
            return {Tree(tree), {}};
        }
        // Halted by the slice's end: the next call resumes where it stopped.
    }
    ts_parser_set_timeout_micros(parser, 0);
    ts_parser_reset(parser);
    return {std::nullopt, over_budget(budget, text.size())};
}

Parsed Parser::parse(std::string_view text, PythonVersion target) {
    if (target >= k_pep750_target)
        if (std::optional<std::string> read = template_strings_read_as_fstrings(text)) return parse(*read);
    return parse(text);
}

}  // namespace pygate::analyzer
