"""The CPython an oracle compares pygate with, and the pygate arguments that
judge for that CPython's version.

An oracle runs its programs on `--python PY` (by default the interpreter
running it; tests/tools/pyodide_install.sh gives CPython 3.12, 3.13 and 3.14).
pygate is told the same version with `--target-version X.Y` when its
`pygate check --help` offers that option; a pygate without it judges as for
its one version, and the oracle says so in its report.
"""
import subprocess
import sys


def python_version(python):
    """(full version "3.12.7", "3.12") of the interpreter at PYTHON; exits 2 when it does not run."""
    asked = subprocess.run([python, "-I", "-c", "import platform; print(platform.python_version())"],
                           capture_output=True, text=True, check=False)
    full = asked.stdout.strip()
    if asked.returncode != 0 or full.count(".") != 2:
        sys.exit(f"{python} does not run as a CPython (exit {asked.returncode}): {asked.stderr.strip()[-500:]}")
    return full, full.rsplit(".", 1)[0]


def target_arguments(pygate, major_minor):
    """`--target-version X.Y` when `pygate check` has that option, else no argument."""
    shown = subprocess.run([pygate, "check", "--help"], capture_output=True, text=True, check=False)
    return ["--target-version", major_minor] if "--target-version" in shown.stdout else []


def describe(python, full, target):
    """One line for the oracle's report: the CPython compared with and what pygate was told."""
    told = f"pygate judges with {' '.join(target)}" if target else \
        "pygate check has no --target-version: it judges as for its one version"
    return f"against CPython {full} ({python}); {told}"
