#!/usr/bin/python3
"""Adversarial input is bounded: size-scaled malformed files and files that
make the analysis work hard are each answered within a second of CPU time,
denied (or, for valid code, judged), and never crash pygate.

Why: tree-sitter's error recovery is quadratic in the length of an error run
(`'x = not ' * 50000 + '1'`, 400 kB, took 48 s and then aborted with heap
corruption), and a file of 2,000 functions each calling the one before
twice took 14 s in PG008's cycle search. Parsing has a CPU budget by size
(analyzer/syntax/parse.hpp) and the cycle search is linear
(rules/utils/pg008_call_cycles.hpp).

CPU time, not wall time: it is the work pygate does, whatever else the
machine is doing. Each case is one `pygate check --format json` process;
its CPU time is the child's rusage.

    adversarial_bounds_check.py PYGATE
"""
import json
import os
import resource
import subprocess
import sys
import tempfile

CPU_LIMIT_SECONDS = 1.0


def chain(functions):
    lines = ["def f0():\n    return 1\n"]
    lines += [f"def f{i}():\n    return f{i - 1}() + f{i - 1}()\n" for i in range(1, functions)]
    return "".join(lines)


# name: (source, what decides it): "budget" (the parse's CPU budget ran out),
# "extras" (a run of comments longer than tree-sitter 0.20.7 counts
# correctly), "recovery" (a syntax error in a file so large that recovering
# from it could build such a node), a rule id (the file is parsed and that
# rule denies it), or None (parsed and allowed).
CASES = {
    # The file: 150,000 tokens, and an error run tree-sitter recovers from slowly.
    "not_assignments_400kB": ("x = not " * 50000 + "1", "budget"),
    # Error runs under the token limit that tree-sitter recovers from slowly.
    "not_assignments_64kB": ("x = not " * 8000 + "1", "budget"),
    "not_assignments_128kB": ("x = not " * 16000 + "1", "budget"),
    "broken_defs": ("def f(\n" * 7000, "budget"),
    # Runs of 65,536 children that tree-sitter 0.20.7 miscounts.
    "comment_run": ("# c\n" * 65536 + "import os\nos.system('id')\n", "extras"),
    "line_continuation_run": ("x = [1, \\\n" + "\\\n" * 70000 + "]\n", "extras"),
    "broken_assignment_lines": ("x =\n" * 70000, "recovery"),
    "unclosed_brackets": ("x = " + "[" * 66000 + "\n", "recovery"),
    "unclosed_mixed_brackets": ("x = " + "([{" * 30000 + "\n", "recovery"),
    # A syntax error among 20,000 lines of strings, which recovery reads as code.
    "strings_then_error": ("x = [\n" + "    'a b c d e f g h',\n" * 15000 + "\n", "recovery"),
    # Large and valid: parsed and judged, however many tokens.
    "many_statements": ("x = 1\n" * 19000, None),
    "long_list": ("x = [\n" + "    1,  # c\n" * 19000 + "]\n", None),
    "long_strings": ("x = [\n" + "    'a b c d e f g h',\n" * 15000 + "]\n", None),
    # Deep and long chains, valid and broken.
    "deep_not": ("x = " + "not " * 30000 + "1\n", "PG012"),
    "unary_chain": ("x = " + "-" * 60000 + "1\n", "PG012"),
    "binary_chain_broken": ("x = " + "1 +" * 20000 + "\n", "PG000"),
    "binary_chain_valid": ("x = " + "1 + " * 30000 + "1\n", "PG012"),
    "closing_brackets": (")]}" * 20000 + "\n", "PG000"),
    "error_run": ("@" * 60000 + "\n", "PG000"),
    "lambda_chain": ("x = " + "lambda: " * 20000 + "1\n", "PG012"),
    # Analysis, not parsing: PG008's search for functions that call each other.
    "call_chain_2000": (chain(2000), None),
}


def check(pygate, path):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    completed = subprocess.run([pygate, "check", "--format", "json", "--jobs", "1", path], capture_output=True,
                               text=True, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return completed, cpu


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    pygate = sys.argv[1]
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for name, (source, expected) in CASES.items():
            path = os.path.join(folder, name + ".py")
            with open(path, "w", encoding="utf-8") as out:
                out.write(source)
            completed, cpu = check(pygate, path)
            problem = None
            if completed.returncode not in (0, 1):
                problem = f"exit {completed.returncode}: {completed.stderr.strip()[:300]}"
            else:
                report = json.loads(completed.stdout)
                findings = report["files"][0]["findings"]
                rules = sorted({finding["rule"] for finding in findings})
                decision = report["files"][0]["decision"]
                messages = " ".join(finding["message"] for finding in findings)
                reason = {"budget": "within its budget", "extras": "comments and line continuations",
                          "recovery": "does not recover from errors"}.get(expected)
                if expected is None and decision != "allow":
                    problem = f"decided {decision} ({rules}), expected allow"
                elif expected is not None and decision != "deny":
                    problem = f"decided {decision} ({rules}), expected deny"
                elif reason is not None and (rules != ["PG000"] or reason not in messages):
                    problem = f"denied with {rules}: {messages[:200]}, expected PG000 saying \"{reason}\""
                elif reason is None and expected is not None and expected not in rules:
                    problem = f"denied with {rules}, expected {expected} among them"
            if problem is None and cpu >= CPU_LIMIT_SECONDS:
                problem = f"took {cpu:.2f} s of CPU time, over {CPU_LIMIT_SECONDS} s"
            print(f"{name:24s} {len(source):8d} bytes {cpu:6.2f} s CPU  {'FAIL: ' + problem if problem else 'ok'}")
            if problem:
                failures.append(name)
    if failures:
        print(f"adversarial_bounds_check: {len(failures)} case(s) failed: {', '.join(failures)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
