#!/usr/bin/python3
"""Checks that a pyodide launcher (tests/tools/pyodide_install.sh's pythonX.Y,
tests/tools/pyodide_python.mjs) runs a program as python3 would for the
oracles: argv, standard input and output as bytes, the working folder, the
exit status of SystemExit and of an uncaught exception (its traceback on
standard error), -I, and signal.alarm's handler interrupting a loop.

    pyodide_python_check.py PYTHON X.Y
"""
import os
import subprocess
import sys
import tempfile

SCRIPT = r'''
import os, signal, sys
data = sys.stdin.buffer.read()
sys.stdout.buffer.write(repr((sys.argv, os.getcwd(), sys.path[0], data)).encode() + b"\n")

def stop(signum, frame):
    raise TimeoutError("alarm")

signal.signal(signal.SIGALRM, stop)
def spin():
    signal.alarm(1)
    try:
        while True:
            pass
    except TimeoutError:
        print("alarm interrupted the loop", sys.version_info[:2])
spin()
sys.exit(3)
'''


def run(python, *arguments, stdin=b"", cwd=None):
    return subprocess.run([python, *arguments], input=stdin, capture_output=True, cwd=cwd, timeout=120)


def main():
    python, version = os.path.abspath(sys.argv[1]), sys.argv[2]
    failures = []

    def expect(what, condition, done):
        if not condition:
            failures.append(f"{what}: exit {done.returncode}, stdout {done.stdout[-400:]!r}, "
                            f"stderr {done.stderr[-400:]!r}")

    with tempfile.TemporaryDirectory() as folder:
        folder = os.path.realpath(folder)
        script = os.path.join(folder, "program.py")
        with open(script, "w", encoding="utf-8") as stream:
            stream.write(SCRIPT)
        data = b"bytes \x00\xff\n and lines\n"
        done = run(python, script, "one", "two words", stdin=data, cwd=folder)
        expected = repr(([script, "one", "two words"], folder, folder, data)).encode()
        expect("argv, working folder, sys.path[0] and stdin bytes pass through", done.stdout.startswith(expected), done)
        expect("signal.alarm's handler interrupts a loop",
               f"alarm interrupted the loop ({version.replace('.', ', ')})".encode() in done.stdout, done)
        expect("sys.exit(3) exits 3", done.returncode == 3, done)

        done = run(python, "-I", "-c", "import sys; print(repr(sys.path[0]), sys.argv); 1 / 0", "x", cwd=folder)
        expect("-I -c: no '' on sys.path, argv is ['-c', ...]",
               done.stdout.startswith(b"'") and b"['-c', 'x']" in done.stdout and not done.stdout.startswith(b"''"),
               done)
        expect("an uncaught exception exits 1 with its traceback on stderr",
               done.returncode == 1 and b"Traceback (most recent call last)" in done.stderr
               and done.stderr.rstrip().endswith(b"ZeroDivisionError: division by zero"), done)

    for failure in failures:
        print(f"FAIL: {failure}")
    print(f"pyodide_python_check: {python} (CPython {version}): {5 - len(failures)} of 5 checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
