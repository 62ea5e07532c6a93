// A session's steps are judged with the program's tree grown step by step
// (StepParsing::step_only) exactly as when the whole program is parsed and
// judged again at every step (StepParsing::whole_program, judge_read of the
// joined text): the same decision and the same findings at every step of
// random sessions, with rebinding, aliasing across steps, later steps that
// make earlier code dangerous, syntax errors, coding declarations and the
// whole-program limits.
#include "judging/session_program.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "profiles/compiled_profiles.hpp"
#include "tests/support/allocation_counter.hpp"

using namespace pygate;
using namespace pygate::judging;

namespace {

analyzer::Profile builtin(const std::string& name) {
    return std::get<analyzer::Profile>(profiles::resolve_profile(name));
}

// data_processing that lets `os` be imported, so that what an alias of it
// reaches in a later step (`import os as o`, then `o.system`) decides.
analyzer::Profile with_os() {
    analyzer::Profile profile = builtin("data_processing");
    profile.name = "data_processing_with_os";
    profile.imports_allow.push_back("os");
    return profile;
}

// Small enough that a few steps together cross each whole-program limit
// that no one of them crosses.
analyzer::Profile tiny_limits() {
    analyzer::Profile profile = builtin("data_processing");
    profile.name = "tiny_limits";
    profile.source.max_bytes = 1500;
    profile.source.max_lines = 45;
    profile.source.max_nodes = 700;
    profile.source.max_depth = 30;
    profile.source.max_string_bytes = 60;
    return profile;
}

std::string describe(const analyzer::Finding& finding) {
    std::string out = analyzer::rule_code(finding.rule) + " " + analyzer::severity_name(finding.severity) + " " +
                      std::to_string(finding.range.line) + ":" + std::to_string(finding.range.column) + "-" +
                      std::to_string(finding.range.end_line) + ":" + std::to_string(finding.range.end_column) + " " +
                      finding.message + " [" + finding.qualified_name + "] `" + finding.source_line + "`";
    for (const analyzer::ChainStep& link : finding.chain)
        out += " <- " + std::to_string(link.range.line) + ":" + std::to_string(link.range.column) + "-" +
               std::to_string(link.range.end_line) + ":" + std::to_string(link.range.end_column) + " " + link.text;
    return out;
}

std::vector<std::string> described(const StepVerdict& verdict) {
    std::vector<std::string> out;
    for (const analyzer::Finding& finding : verdict.report.findings)
        out.push_back(describe(finding));
    return out;
}

// Steps from templates over a few names, so that names are bound, rebound,
// aliased and used across steps.
class StepMaker {
public:
    explicit StepMaker(std::uint32_t seed) : m_random(seed) {}

    std::string next() {
        const std::vector<std::function<std::string()>> makers = {
            [&] { return name() + " = " + name(); },
            [&] { return name() + " = " + number(); },
            [&] { return name() + " = " + name() + " + " + number() + "\n"; },
            [&] { return "import os as " + name(); },
            [&] { return "import subprocess as " + name() + "\n"; },
            [&] { return "from os import system as " + name(); },
            [&] { return name() + " = getattr"; },
            [&] { return name() + ".system('ls')"; },
            [&] { return name() + "('ls')\n"; },
            [&] { return name() + "(os, 'system')"; },
            [&] { return "q = " + name() + ".system\n"; },
            [&] { return "def " + function() + "(a, b):\n    return getattr(a, b)\n"; },
            [&] { return "def " + function() + "(path):\n    with open(path) as fh:\n        return fh.read()"; },
            [&] { return "def " + function() + "(s):\n    return eval(s)\n"; },
            [&] { return "def " + function() + "(a):\n    return a\n    # the last line of the block"; },
            [&] { return "def " + function() + "(a):\n    return a\n# after the block\n"; },
            [&] { return function() + "('/etc/passwd')"; },
            [&] { return function() + "('data.csv')\n"; },
            [&] { return function() + "(os, 'system')"; },
            [&] { return function() + "('__import__(\"os\").system(\"ls\")')"; },
            [&] { return function() + "('1 + 1')"; },
            [&] { return "import os"; },
            [&] { return "import pandas as pd\nframe = pd.DataFrame({'a': [1, 2]})\n"; },
            [&] { return "for i in range(" + number() + "):\n    " + name() + " = i\n"; },
            [&] { return "class K" + number() + ":\n    def m(self, v):\n        return " + name() + "(v)\n"; },
            [&] { return "@" + function() + "\ndef wrapped():\n    pass\n"; },
            [&] { return name() + " = lambda v: " + name() + "(v)"; },
            [&] { return "del " + name(); },
            [&] { return "print(" + name() + ")"; },
            [&] { return "global " + name() + "\n" + name() + " = 1"; },
            [&] { return "s = f'{" + name() + "!r} and {" + name() + "}'\n"; },
            [&] { return "t = 'plain' \"joined\"\nu = b'bytes'\n"; },
            [&] { return "é = " + name() + "\ns = 'café'\n"; },
            [&] { return "x = 1\né = 2\n"; },
            [&] { return "while True:\n    pass\n"; },
            [&] { return "exec('1')"; },
            [&] { return "__import__('os').system('ls')"; },
            [&] { return nested(); },
            [&] { return "big = [" + items() + "]\n"; },
            [&] { return "long = '" + std::string(20 + m_random() % 50, 'z') + "'\n"; },
            // Comments, blank lines, coding declarations, and text the grammar reads differently after a program.
            [&] { return std::string("# -*- coding: latin-1 -*-\nx = 1\n"); },
            [&] { return std::string("# coding: ascii\n"); },
            [&] { return std::string("#!/usr/bin/env python\n# -*- coding: utf-8 -*-\nx = 1"); },
            [&] { return std::string("# vim: set fileencoding=utf-8 :"); },
            [&] { return std::string("# a note"); },
            [&] { return std::string("\n\n# after blank lines\n"); },
            [&] { return std::string(""); },
            [&] { return std::string("\n"); },
            [&] { return "    # indented first\n" + name() + " = 1\n"; },
            [&] { return name() + " = 1\r\n" + name() + " = 2\r\n"; },
            [&] { return "\xEF\xBB\xBF" + name() + " = 1"; },
            [&] { return name() + " = 1  # ends in a backslash \\"; },
            [&] { return "\f" + name() + " = 1"; },
            [&] { return name() + " = 1\n\f\n" + name() + " = 2"; },
            [&] { return std::string("x = 1\0", 6); },
            // Syntax errors: never accepted.
            [&] { return std::string("def (:"); },
            [&] { return name() + " = (1,"; },
            [&] { return "    " + name() + " = 2"; },
            [&] { return std::string("else:\n    pass"); },
            [&] { return std::string("print 'hi'"); },
        };
        return makers[m_random() % makers.size()]();
    }

private:
    std::string name() {
        static const char* const k_names[] = {"x", "y", "o", "g", "sp", "run", "k"};
        return k_names[m_random() % std::size(k_names)];
    }
    std::string function() {
        static const char* const k_functions[] = {"f", "h", "helper"};
        return k_functions[m_random() % std::size(k_functions)];
    }
    std::string number() { return std::to_string(m_random() % 20); }
    std::string nested() {
        const std::size_t depth = 10 + m_random() % 25;
        return "d = " + std::string(depth, '(') + "1" + std::string(depth, ')');
    }
    std::string items() {
        std::string out;
        for (std::size_t i = 0, n = 10 + m_random() % 120; i < n; ++i)
            out += std::to_string(i) + ", ";
        return out;
    }

    std::mt19937 m_random;
};

struct Tally {
    std::size_t steps = 0, step_only = 0, allowed = 0, denied = 0, earlier_step = 0, limits = 0;
};

// One session judged both ways; the two must agree at every step.
void judge_both_ways(std::uint32_t seed, std::size_t length, const analyzer::Profile& profile, Tally& tally) {
    analyzer::Parser parser;
    SessionProgram grown(StepParsing::step_only);
    SessionProgram reparsed(StepParsing::whole_program);
    StepMaker maker(seed);
    std::string session;  // for the failure message
    for (std::size_t n = 0; n < length; ++n) {
        const std::string step = maker.next();
        StepVerdict expected = reparsed.judge(step, parser, profile);
        StepVerdict actual = grown.judge(step, parser, profile);
        INFO("profile " << profile.name << ", seed " << seed << ", step " << n + 1 << ":\n"
                        << step << "\nafter the accepted steps:\n"
                        << session);
        REQUIRE(expected.internal_error.empty());
        REQUIRE(actual.internal_error.empty());
        REQUIRE(actual.report.path == expected.report.path);
        REQUIRE(actual.report.decision == expected.report.decision);
        REQUIRE(described(actual) == described(expected));
        REQUIRE(actual.program_findings == expected.program_findings);
        ++tally.steps;
        tally.step_only += actual.parsed_step_only ? 1 : 0;
        for (const analyzer::Finding& finding : actual.report.findings) {
            tally.earlier_step += finding.message.starts_with("in an earlier step") ? 1 : 0;
            tally.limits += finding.rule == 12 ? 1 : 0;
        }
        if (actual.report.decision != analyzer::Decision::allow) {
            ++tally.denied;
            continue;
        }
        ++tally.allowed;
        session += step + (step.empty() || step.back() != '\n' ? "\n" : "");
        reparsed.accept(step, std::move(expected));
        grown.accept(step, std::move(actual));
    }
}

}  // namespace

TEST_CASE("Session steps judged on a grown tree match judging the whole program again", "[session_program]") {
    const analyzer::Profile data_processing = builtin("data_processing");
    const analyzer::Profile limits = tiny_limits();
    Tally tally;
    for (std::uint32_t seed = 1; seed <= 60; ++seed)
        judge_both_ways(seed, 30, data_processing, tally);
    Tally tiny;
    for (std::uint32_t seed = 1001; seed <= 1040; ++seed)
        judge_both_ways(seed, 30, limits, tiny);
    const analyzer::Profile os_allowed = with_os();
    for (std::uint32_t seed = 2001; seed <= 2030; ++seed)
        judge_both_ways(seed, 30, os_allowed, tally);
    // The sessions reached what they are for: most steps parsed alone, some
    // not; steps allowed and denied; findings blamed on earlier steps; limits
    // crossed by the program only.
    INFO("steps " << tally.steps << ", step only " << tally.step_only << ", allowed " << tally.allowed << ", denied "
                  << tally.denied << ", earlier-step findings " << tally.earlier_step);
    CHECK(tally.step_only > tally.steps / 3);
    CHECK(tally.step_only < tally.steps);
    CHECK(tally.allowed > tally.steps / 3);
    CHECK(tally.denied > 0);
    CHECK(tally.earlier_step > 0);
    INFO("tiny limits: steps " << tiny.steps << ", step only " << tiny.step_only << ", limit findings " << tiny.limits);
    CHECK(tiny.limits > 0);
    CHECK(tiny.step_only > 0);
}

TEST_CASE("A later step that makes an earlier function dangerous is denied either way", "[session_program]") {
    const analyzer::Profile profile = with_os();
    analyzer::Parser parser;
    const std::vector<std::string> steps = {
        "import os as o\n",     "def pick(a, b):\n    return getattr(a, b)\n",
        "x = pick(o, 'sep')\n", "pick(o, '__globals__')\n",
        "o.system('ls')\n",     "y = 1\n",
    };
    for (StepParsing parsing : {StepParsing::step_only, StepParsing::whole_program}) {
        SessionProgram program(parsing);
        std::vector<reporters::FileReport> verdicts;
        std::size_t step_only = 0;
        for (const std::string& step : steps) {
            StepVerdict verdict = program.judge(step, parser, profile);
            verdicts.push_back(verdict.report);
            step_only += verdict.parsed_step_only ? 1 : 0;
            if (verdict.report.decision == analyzer::Decision::allow) program.accept(step, std::move(verdict));
        }
        INFO((parsing == StepParsing::step_only ? "step only" : "whole program"));
        for (std::size_t i : {0, 1, 2, 5})
            CHECK(verdicts[i].decision == analyzer::Decision::allow);
        // The getattr in step 2's function is what step 4 makes dangerous, shown at its line of the session.
        REQUIRE(verdicts[3].decision == analyzer::Decision::deny);
        REQUIRE(verdicts[3].findings.size() == 1);
        CHECK(verdicts[3].findings[0].rule == 9);
        CHECK(verdicts[3].findings[0].message.starts_with("in an earlier step (line 3 of the session)"));
        // The alias made in step 1 reaches os.system in step 5.
        REQUIRE(verdicts[4].decision == analyzer::Decision::deny);
        REQUIRE(verdicts[4].findings.size() == 1);
        CHECK(verdicts[4].findings[0].rule == 4);
        CHECK(verdicts[4].findings[0].range.line == 1);
        CHECK(step_only == (parsing == StepParsing::step_only ? steps.size() - 1 : 0));
    }
}

namespace {

long resident_kb() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return 0;
}

}  // namespace

TEST_CASE("Sessions that end leave no memory behind", "[session_program]") {
    // Each step's tree is grown by append_module; every tree of every ended
    // session used to leave an identifier table on the thread's spare list
    // (0.8 MB per 100-step session here), so a server's memory grew with
    // the steps it had ever judged.
    if (!pygate::testing::allocation_counting_available()) {
        WARN("AddressSanitizer keeps freed memory in quarantine: resident memory says nothing here");
        return;
    }
    const analyzer::Profile profile = std::get<analyzer::Profile>(profiles::resolve_profile("safe_eval"));
    analyzer::Parser parser;
    auto one_session = [&] {
        SessionProgram program;
        for (int step = 0; step < 100; ++step) {
            const std::string code = "def f" + std::to_string(step) + "(values):\n    return [v * " +
                                     std::to_string(step) + " for v in values]\n";
            StepVerdict verdict = program.judge(code, parser, profile);
            if (verdict.report.decision == analyzer::Decision::allow) program.accept(code, std::move(verdict));
        }
    };
    for (int session = 0; session < 5; ++session) one_session();
    const long before = resident_kb();
    for (int session = 0; session < 40; ++session) one_session();
    CHECK(resident_kb() - before < 4096);  // it grew by 22 MB before the fix
}
